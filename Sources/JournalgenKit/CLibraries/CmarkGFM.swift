import CCmarkArena
import CCmarkGFM
import CCmarkThreads
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one place that talks to cmark-gfm. Everything it hands out is Swift data: each call
/// parses, works on the tree and frees it before returning, so no cmark memory escapes.
enum CmarkGFM {
    struct Options: Sendable {
        var unsafe = false
        var smart = true
        /// GFM tables; off for a text whose tables are beyond TableBounds.
        var tables = true
    }

    /// What one Markdown text became.
    struct Output: Sendable {
        var html: String
        /// The first paragraph's HTML, for lists.
        var firstParagraphHTML: String
        /// The first paragraph as plain text, for descriptions.
        var firstParagraphText: String
        /// Text of the first heading, for entries without a title.
        var firstHeading: String?
        /// True when the document starts with that heading (so a page can drop it under the title).
        var startsWithHeading: Bool
        var wordCount: Int
        /// Images of the text with a local file as their source, in order; each is replaced in
        /// `html` by `BodyImages.placeholder(index)` until the site knows where the file goes.
        var images: [Image] = []
        /// The text has a `<!-- gallery -->` line, now `BodyImages.galleryMarker` in `html`.
        var hasGalleryMarker = false
        /// Task-list items, in order; items quoted from elsewhere (in a blockquote) are not tasks.
        var tasks: [Task] = []
        /// Links to files of the journal (`[that hike](../2025/2025-03-15-hike.md#packing)`) and
        /// wiki links (`[[2025-03-15-hike]]`), each standing in `html` as `href="journalgen-link:N"`
        /// until the site knows where their targets are.
        var links: [Link] = []
        /// Every id the page defines for links into it: headings, footnotes, task items.
        var anchors: [String] = []
    }

    struct Link: Sendable, Codable, Hashable {
        /// The link's address as written (a relative path, with an optional #anchor), or the
        /// name inside `[[…]]`.
        var target: String
        var isWiki: Bool
        var line: Int
        var column: Int
    }

    static func linkPlaceholder(_ index: Int) -> String { "journalgen-link:\(index)" }

    /// `- [ ] text` as written: its plain text (with a leading "!" still there) and where it starts.
    struct Task: Sendable, Codable, Hashable {
        var text: String
        var isDone: Bool
        var line: Int
        var column: Int
        /// The id its `<li>` gets (`task-call-the-landlord`); empty when `anchorTasks` was off.
        var anchor: String
        /// The text of the item it is nested under, if any ("seal the balcony door" for "buy tape").
        var parent: String?
    }

    struct Image: Sendable, Codable {
        var source: String
        var alt: String
        var line: Int
        var column: Int
    }

    /// Whether documents may be finished on several threads at once: cmark-gfm keeps the inline
    /// parser's table of special characters in a global, which finishing a document changes,
    /// unless CCmarkThreads keeps it as it is (one document at a time under `finishLock`
    /// otherwise). Finishing parses the inlines: serialised, it held 0.12 s of a 10k-entry
    /// build's 0.96 s of loading (docs/benchmarks.md).
    static let finishesInParallel: Bool = {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return false }
        defer { cmark_parser_free(parser) }
        for (_, ext) in extensions { cmark_parser_attach_syntax_extension(parser, ext) }
        guard jg_cmark_keep_special_characters(parser) == 1 else { return false }
        // `w` is special only while a text with `www.` is finished (see `parse`).
        _ = jg_cmark_leave_out_w()
        return true
    }()

    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

    /// The extensions, registered and found by name once: looked up for each document, each
    /// name was made a C string again (50,000 times at 10k entries). Not changed after
    /// registration: every parser on every thread attaches the same ones.
    nonisolated(unsafe) private static let extensions: [(name: String, pointer: OpaquePointer)] = {
        cmark_gfm_core_extensions_ensure_registered()
        return extensionNames.compactMap { name in cmark_find_syntax_extension(name).map { (name, $0) } }
    }()

    /// Finishing one document at a time, where the table of special characters is still changed
    /// by each: two threads finishing at once would take the extensions' characters (`~`, `:`,
    /// `w`) away from each other, and `~~struck~~` or a bare URL would come out as plain text at
    /// random.
    private static let finishLock = NSLock()

    /// `anchorTasks`: give task items ids and a marker for AccessibleMarkup to move onto their
    /// `<li>` (off for excerpts, which list pages show side by side).
    /// `links`: links to files of the journal and wiki links get placeholder addresses.
    static func render(_ markdown: String, options: Options, dropLeadingHeading: Bool = false, anchorTasks: Bool = false, links withLinks: Bool = false) -> Output {
        let (parser, document) = parse(markdown, options: options)
        defer { release(parser, document) }
        let flags = flags(options)
        var links: [Link] = []
        // Only a text with "[[" can have one; the others keep cmark's text nodes as parsed (split
        // at punctuation), which the word count below joins up again.
        if withLinks, markdown.containsRareBytes("[[") {
            links = makeWikiLinks(in: document)
        }

        var firstHeading: String?
        var startsWithHeading = false
        var firstParagraph: OpaquePointer?
        var slugs = HeadingSlugs()
        var words = 0
        /// The last text node and whether it ended inside a word: a word running on into the next
        /// text node (`don` `'` `t`) is one word.
        var lastText: OpaquePointer?
        var lastEndsInWord = false

        // Collect first; the tree is changed afterwards, as cmark's iterator requires.
        var headings: [OpaquePointer] = []
        var importantItems: [OpaquePointer] = []
        var localImages: [OpaquePointer] = []
        var galleryMarkers: [OpaquePointer] = []
        var taskItems: [OpaquePointer] = []
        var fileLinks: [OpaquePointer] = []
        var footnotes: [String] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                headings.append(node)
            case CMARK_NODE_HTML_BLOCK:
                if let literal = cmark_node_get_literal(node),
                   String(cString: literal).trimmedWhitespace == BodyImages.galleryLine {
                    galleryMarkers.append(node)
                }
            case CMARK_NODE_IMAGE:
                // An image inside another's alt text is part of that text: replacing the outer
                // image frees it (found by the fuzzer: a use after free).
                if !hasAncestor(node, ofType: CMARK_NODE_IMAGE),
                   let url = cmark_node_get_url(node), BodyImages.isLocal(String(cString: url)) { localImages.append(node) }
            case CMARK_NODE_LINK:
                if withLinks, let url = cmark_node_get_url(node), case let address = String(cString: url),
                   BodyImages.isLocal(address), !address.hasPrefix("journalgen-link:"), !address.hasPrefix("?") {
                    fileLinks.append(node)
                }
            case CMARK_NODE_FOOTNOTE_DEFINITION:
                if let literal = cmark_node_get_literal(node) { footnotes.append("fn-" + String(cString: literal)) }
            case CMARK_NODE_PARAGRAPH:
                if firstParagraph == nil, cmark_node_parent(node) == document { firstParagraph = node }
            case CMARK_NODE_TEXT:
                if let literal = cmark_node_get_literal(node) {
                    let runsOn = lastEndsInWord && cmark_node_previous(node) == lastText
                    if literal.pointee == 0 {
                        lastEndsInWord = runsOn
                    } else {
                        let (count, startsInWord, endsInWord) = countWords(literal)
                        words += count - (runsOn && startsInWord ? 1 : 0)
                        lastEndsInWord = endsInWord
                    }
                    lastText = node
                }
            case CMARK_NODE_ITEM:
                guard let type = cmark_node_get_type_string(node), strcmp(type, "tasklist") == 0 else { break }
                if !hasAncestor(node, ofType: CMARK_NODE_BLOCK_QUOTE) { taskItems.append(node) }
                if let paragraph = cmark_node_first_child(node), let text = cmark_node_first_child(paragraph),
                   cmark_node_get_type(text) == CMARK_NODE_TEXT,
                   let literal = cmark_node_get_literal(text), literal.pointee == CChar(UInt8(ascii: "!")) {
                    importantItems.append(text)
                }
            default:
                break
            }
        }

        var anchors: [String] = footnotes
        for node in fileLinks {
            let line = Int(cmark_node_get_start_line(node)), column = Int(cmark_node_get_start_column(node))
            links.append(Link(target: String(cString: cmark_node_get_url(node)), isWiki: false,
                              line: line > 0 ? line : blockLine(of: node), column: max(1, column)))
            cmark_node_set_url(node, linkPlaceholder(links.count - 1))
        }
        for (index, heading) in headings.enumerated() {
            let text = plainText(of: heading)
            if index == 0 {
                firstHeading = text
                startsWithHeading = cmark_node_first_child(document) == heading
            }
            if index == 0 && startsWithHeading && dropLeadingHeading {
                // Its images go with it.
                localImages.removeAll { isInside($0, heading) }
                cmark_node_unlink(heading)
                cmark_node_free(heading)
                continue
            }
            let id = slugs.next(for: text)
            anchors.append(id)
            addAnchor(to: heading, id: id)
        }
        // Read before "!" markers change the text.
        var tasks: [Task] = []
        var taskSlugs = HeadingSlugs()
        for item in taskItems {
            var text = ""
            if let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH {
                text = plainText(of: paragraph).trimmedWhitespace
            }
            let words = TaskItem.anchorWords(text)
            let anchor = anchorTasks ? "task-" + taskSlugs.next(for: words.isEmpty ? "item" : words) : ""
            if anchorTasks { anchors.append(anchor) }
            var parent: String?
            if let list = cmark_node_parent(item), let outer = cmark_node_parent(list), cmark_node_get_type(outer) == CMARK_NODE_ITEM,
               let paragraph = cmark_node_first_child(outer), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH {
                parent = plainText(of: paragraph).trimmedWhitespace
            }
            tasks.append(Task(text: text, isDone: cmark_gfm_extensions_get_tasklist_item_checked(item),
                              line: Int(cmark_node_get_start_line(item)), column: Int(cmark_node_get_start_column(item)), anchor: anchor,
                              parent: parent))
            if anchorTasks, let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
               let marker = newNode(CMARK_NODE_CUSTOM_INLINE) {
                cmark_node_set_on_enter(marker, AccessibleMarkup.taskAnchorMarker(anchor))
                if let first = cmark_node_first_child(paragraph) {
                    cmark_node_insert_before(first, marker)
                } else if cmark_node_append_child(paragraph, marker) == 0 {
                    cmark_node_free(marker)
                }
            }
        }
        for text in importantItems {
            markImportant(text)
        }
        for node in galleryMarkers.prefix(1) {
            localImages.removeAll { isInside($0, node) }
            guard let custom = newNode(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_set_on_enter(custom, BodyImages.galleryMarker)
            cmark_node_replace(node, custom)
            cmark_node_free(node)
        }
        var images: [Image] = []
        for node in localImages {
            images.append(Image(source: String(cString: cmark_node_get_url(node)), alt: plainText(of: node),
                                line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))))
            guard let custom = newNode(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(custom, BodyImages.placeholder(images.count - 1))
            cmark_node_replace(node, custom)
            cmark_node_free(node)
        }

        let extensions = cmark_parser_get_syntax_extensions(parser)
        let html = take(cmark_render_html(document, flags, extensions))
        var paragraphHTML = ""
        var paragraphText = ""
        if let firstParagraph {
            paragraphHTML = take(cmark_render_html(firstParagraph, flags, extensions))
            paragraphText = plainText(of: firstParagraph)
        }
        return Output(html: html, firstParagraphHTML: paragraphHTML, firstParagraphText: paragraphText,
                      firstHeading: firstHeading, startsWithHeading: startsWithHeading, wordCount: words, images: images,
                      hasGalleryMarker: !galleryMarkers.isEmpty, tasks: tasks, links: links, anchors: anchors)
    }

    private static func flags(_ options: Options) -> Int32 {
        // Strikethrough takes one tilde or two, as on GitHub (no STRIKETHROUGH_DOUBLE_TILDE).
        var flags = CMARK_OPT_FOOTNOTES | CMARK_OPT_GITHUB_PRE_LANG
        if options.smart { flags |= CMARK_OPT_SMART }
        if options.unsafe { flags |= CMARK_OPT_UNSAFE }
        return flags
    }

    /// The parser (which owns the extensions' data) and its document, made in this thread's
    /// arena (CCmarkArena); the caller gives both back with `release` in the same scope, after
    /// copying out all it needs.
    private static func parse(_ markdown: String, options: Options) -> (parser: OpaquePointer, document: OpaquePointer) {
        let inParallel = finishesInParallel
        jg_cmark_arena_enter()
        guard let parser = cmark_parser_new_with_mem(flags(options), jg_cmark_arena()) else { fatalError("cmark-gfm: out of memory") }
        // The text's bytes where they are: `utf8CString` copied each body into an array first.
        let markers = markdown.withUTF8Bytes { bytes in
            let markers = ExtensionMarkers(bytes)
            for (name, ext) in extensions where markers.allow(name, tables: options.tables) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
            return markers
        }
        let document: OpaquePointer?
        if inParallel {
            // Autolink's `w` is a special character only while a text with `www.` is finished
            // (CCmarkThreads): the inline parser stopped at every `w` of every text, asked the
            // extension, and made a text node of each run, which autolink's pass joined again.
            if markers.www { jg_cmark_w(1) }
            document = cmark_parser_finish(parser)
            if markers.www { jg_cmark_w(0) }
        } else {
            document = finishLock.withLock { cmark_parser_finish(parser) }
        }
        guard let document else { fatalError("cmark-gfm: out of memory") }
        return (parser, document)
    }

    /// Which extensions a text can use. An extension finds nothing in a text without its marker
    /// bytes, and attached to it anyway it costs the text its passes: autolink joins every text
    /// node of the document and walks them all for e-mail addresses, the task-list extension is
    /// asked at every list item. Autolink makes links of `http://`, `https://` and `ftp://`
    /// addresses, of `www.` names and of e-mail addresses (an `@` in a text node, which an
    /// entity such as `&#64;` can put there too); task items start with `[`, struck text is
    /// between `~`, and the tag filter looks only at raw HTML, which starts with `<`.
    struct ExtensionMarkers {
        var autolink = false, strikethrough = false, tasklist = false, tagfilter = false
        /// `www.`: a name autolink finds at its `w` as it parses the inlines.
        var www = false
        private static let scheme = Array("://".utf8)

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            func has(_ byte: UInt8) -> Bool { memchr(base, Int32(byte), bytes.count) != nil }
            www = Self.hasWWWDot(bytes)
            autolink = www || has(UInt8(ascii: "@")) || has(UInt8(ascii: "&")) || ByteSearch.findRare(Self.scheme, in: bytes) != nil
            strikethrough = has(UInt8(ascii: "~"))
            tasklist = has(UInt8(ascii: "["))
            tagfilter = has(UInt8(ascii: "<"))
        }

        /// `www.`, found from its full stop, which memchr skips to: `w` is twice as common in
        /// text, and memmem over every byte of every text cost more than the rest of this look.
        private static func hasWWWDot(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var from = 3
            while from < bytes.count, let hit = memchr(bytes.baseAddress! + from, Int32(UInt8(ascii: ".")), bytes.count - from) {
                let at = bytes.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if bytes[at - 1] == 0x77 && bytes[at - 2] == 0x77 && bytes[at - 3] == 0x77 { return true }
                from = at + 1
            }
            return false
        }

        func allow(_ name: String, tables: Bool) -> Bool {
            switch name {
            case "table": return tables
            case "autolink": return autolink
            case "strikethrough": return strikethrough
            case "tasklist": return tasklist
            case "tagfilter": return tagfilter
            default: return true
            }
        }
    }

    /// A link or image of a text to an address on the web (`http:` or `https:`, written as a
    /// link, an image or a bare address), for `check --external`. Lines are the text's own.
    struct WebLink: Sendable, Hashable {
        var address: String
        var line: Int
        var column: Int
    }

    static func webLinks(in markdown: String) -> [WebLink] {
        let (parser, document) = parse(markdown, options: Options())
        defer { release(parser, document) }
        var found: [WebLink] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_LINK || cmark_node_get_type(node) == CMARK_NODE_IMAGE,
                  let url = cmark_node_get_url(node) else { continue }
            let address = String(cString: url)
            let scheme = address.prefix(8).lowercased()
            guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://") else { continue }
            let line = Int(cmark_node_get_start_line(node)), column = Int(cmark_node_get_start_column(node))
            found.append(WebLink(address: address, line: line > 0 ? line : blockLine(of: node), column: max(1, column)))
        }
        return found
    }

    /// `[[name]]` and `[[name|text]]` in the text (not in code or links) become links with
    /// placeholder addresses, as Obsidian writes them.
    private static func makeWikiLinks(in document: OpaquePointer) -> [Link] {
        cmark_consolidate_text_nodes(document)
        var texts: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_TEXT,
                  let literal = cmark_node_get_literal(node), strstr(literal, "[[") != nil,
                  !hasAncestor(node, ofType: CMARK_NODE_LINK), !hasAncestor(node, ofType: CMARK_NODE_IMAGE) else { continue }
            texts.append(node)
        }
        cmark_iter_free(iterator)
        var links: [Link] = []
        for node in texts {
            var rest = Substring(String(cString: cmark_node_get_literal(node)))
            let line = blockLine(of: node)
            var pieces: [(text: String, link: (target: String, shown: String)?)] = []
            while let open = firstPair(0x5B, in: rest), let close = firstPair(0x5D, in: rest[open.upperBound...]) {
                let inside = rest[open.upperBound..<close.lowerBound]
                guard !inside.isEmpty, !inside.utf8.contains(0x5B), !inside.utf8.contains(0x0A) else {
                    pieces.append((String(rest[..<open.upperBound]), nil))
                    rest = rest[open.upperBound...]
                    continue
                }
                pieces.append((String(rest[..<open.lowerBound]), nil))
                let parts = inside.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                pieces.append(("", (parts[0], parts.count > 1 && !parts[1].isEmpty ? parts[1] : parts[0])))
                rest = rest[close.upperBound...]
            }
            guard pieces.contains(where: { $0.link != nil }) else { continue }
            pieces.append((String(rest), nil))
            for piece in pieces {
                if let link = piece.link {
                    guard let anchor = newNode(CMARK_NODE_LINK), let label = newNode(CMARK_NODE_TEXT) else { continue }
                    cmark_node_set_literal(label, link.shown)
                    cmark_node_append_child(anchor, label)
                    links.append(Link(target: link.target, isWiki: true, line: line, column: 1))
                    cmark_node_set_url(anchor, linkPlaceholder(links.count - 1))
                    cmark_node_insert_before(node, anchor)
                } else if !piece.text.isEmpty, let text = newNode(CMARK_NODE_TEXT) {
                    cmark_node_set_literal(text, piece.text)
                    cmark_node_insert_before(node, text)
                }
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        return links
    }

    /// The first two `byte`s in a row (`[[`, `]]`) in `text`, found in its UTF-8 bytes, not by
    /// Foundation's `range(of:)`, which converted each text to UTF-16 (15 ms of a 10k build).
    private static func firstPair(_ byte: UInt8, in text: Substring) -> Range<String.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let next = bytes.index(after: index)
            if bytes[index] == byte, next != bytes.endIndex, bytes[next] == byte { return index..<bytes.index(after: next) }
            index = next
        }
        return nil
    }

    /// The line of the block an inline node is in (cmark-gfm keeps no positions for inlines).
    static func blockLine(of node: OpaquePointer) -> Int {
        var current: OpaquePointer? = node
        while let n = current {
            let line = Int(cmark_node_get_start_line(n))
            if line > 0 { return line }
            current = cmark_node_parent(n)
        }
        return 1
    }

    /// Swaps a heading for a custom block that writes `<hN id="…">`, the heading's own content
    /// as cmark renders it, and a self-link: cmark's HTML renderer gives headings no attributes.
    private static func addAnchor(to heading: OpaquePointer, id: String) {
        let level = cmark_node_get_heading_level(heading)
        guard let custom = newNode(CMARK_NODE_CUSTOM_BLOCK) else { return }
        // Written as bytes: interpolated, the two texts cost 6,400 instructions a heading (79,000
        // headings at 10k entries).
        let digit = UInt8(ascii: "0") + UInt8(clamping: level)
        var enter: [UInt8] = [], exit: [UInt8] = []
        enter.reserveCapacity(id.utf8.count + 16)
        exit.reserveCapacity(id.utf8.count + 80)
        enter.append(utf8Of: "<h")
        enter.append(digit)
        enter.append(utf8Of: " id=\"")
        enter.append(utf8Of: id)
        enter.append(utf8Of: "\">")
        enter.append(0)
        exit.append(utf8Of: "<a class=\"anchor\" href=\"#")
        exit.append(utf8Of: id)
        exit.append(utf8Of: "\" aria-label=\"Link to this section\">#</a></h")
        exit.append(digit)
        exit.append(utf8Of: ">")
        exit.append(0)
        _ = enter.withUnsafeBytes { cmark_node_set_on_enter(custom, $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
        _ = exit.withUnsafeBytes { cmark_node_set_on_exit(custom, $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
        while let child = cmark_node_first_child(heading) {
            cmark_node_unlink(child)
            if cmark_node_append_child(custom, child) == 0 { cmark_node_free(child) }
        }
        cmark_node_replace(heading, custom)
        cmark_node_free(heading)
    }

    /// `- [ ] ! call the bank`: the "!" becomes a marker the theme can style.
    private static func markImportant(_ text: OpaquePointer) {
        // "!" is a text node of its own as parsed; joined with what follows it keeps the first
        // node (cmark frees the others).
        if let paragraph = cmark_node_parent(text) { cmark_consolidate_text_nodes(paragraph) }
        guard let literal = cmark_node_get_literal(text) else { return }
        var rest = String(cString: literal)
        rest.removeFirst()
        while rest.first == " " { rest.removeFirst() }
        cmark_node_set_literal(text, rest)
        guard let marker = newNode(CMARK_NODE_CUSTOM_INLINE) else { return }
        cmark_node_set_on_enter(marker, "<strong class=\"important\" title=\"Important\">!</strong> ")
        cmark_node_insert_before(text, marker)
    }

    /// Whether `node` is `ancestor` or inside it.
    static func isInside(_ node: OpaquePointer, _ ancestor: OpaquePointer) -> Bool {
        var current: OpaquePointer? = node
        while let at = current {
            if at == ancestor { return true }
            current = cmark_node_parent(at)
        }
        return false
    }

    static func hasAncestor(_ node: OpaquePointer, ofType type: cmark_node_type) -> Bool {
        var current = cmark_node_parent(node)
        while let at = current {
            if cmark_node_get_type(at) == type { return true }
            current = cmark_node_parent(at)
        }
        return false
    }

    static func plainText(of node: OpaquePointer) -> String {
        var out = ""
        let iterator = cmark_iter_new(node)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let n = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(n) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let l = cmark_node_get_literal(n) { out += text(l) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                out += " "
            default:
                break
            }
        }
        return out
    }

    /// Frees a document and its parser, and with them everything cmark made for them.
    private static func release(_ parser: OpaquePointer, _ document: OpaquePointer) {
        cmark_node_free(document)
        cmark_parser_free(parser)
        jg_cmark_arena_leave()
    }

    /// A node for the document being worked on, from the same arena: cmark-gfm joins only nodes
    /// of one allocator (a node from another is refused, and what it held was lost).
    private static func newNode(_ type: cmark_node_type) -> OpaquePointer? {
        cmark_node_new_with_mem(type, jg_cmark_arena())
    }

    /// A text rendered from the document (in its arena, released with it).
    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return text(pointer)
    }

    /// A text of cmark-gfm's own, copied without checking its UTF-8 again: cmark-gfm replaces
    /// invalid UTF-8 with U+FFFD as it is fed, and what it makes of valid UTF-8 stays valid
    /// (markup is ASCII, escapes end on whole characters). `String(cString:)` checked every
    /// byte of every page body once more: 2 % of a 10k build's instructions (docs/benchmarks.md).
    static func text(_ pointer: UnsafePointer<CChar>) -> String {
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            TextDecoding.trusted(UnsafeBufferPointer(start: start, count: length), from: "cmark-gfm", findASCII: false)
        }
    }

    /// For a text that is not empty: its words, and whether its first and last bytes are in one.
    /// A word starts at a byte that is not a space after one that is, counted pairwise without
    /// branches: a loop that branched on each byte was most of `render`'s own samples (every
    /// byte of every body passes through it, and the processor mispredicted about once a word).
    private static func countWords(_ literal: UnsafePointer<CChar>) -> (count: Int, startsInWord: Bool, endsInWord: Bool) {
        let length = strlen(literal)
        return literal.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            // Tab, line feed or space as 1 or 0, from comparisons alone (no `? :`, no overflow
            // check), so that the loop is compiled to vector instructions.
            @inline(__always) func isSpace(_ c: UInt8) -> UInt8 {
                unsafeBitCast(c &- 9 < 2, to: UInt8.self) | unsafeBitCast(c == 32, to: UInt8.self)
            }
            var count = Int(isSpace(bytes[0]) ^ 1)
            // Counted in blocks of 255 bytes into a byte, which cannot overflow there: added into an
            // Int at each byte, the vector loop widened every byte to 64 bits and took 4 bytes a
            // step (most of `render`'s own instructions, 1.9 % of a 10k first build's).
            var start = 1
            while start < length {
                let end = min(length, start &+ 255)
                var block: UInt8 = 0
                for index in start..<end {
                    block &+= isSpace(bytes[index &- 1]) & (isSpace(bytes[index]) ^ 1)
                }
                count &+= Int(block)
                start = end
            }
            return (count, isSpace(bytes[0]) == 0, isSpace(bytes[length - 1]) == 0)
        }
    }
}
