import CCmarkGFM
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
    }

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

    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

    /// cmark-gfm keeps the inline parser's table of special characters in a global: finishing a
    /// document adds the extensions' characters (`~`, `:`, `w`) and removes them afterwards. Two
    /// threads finishing at once would take them away from each other, and `~~struck~~` or a
    /// bare URL would come out as plain text at random. Reading blocks and rendering stay parallel.
    private static let finishLock = NSLock()

    /// `anchorTasks`: give task items ids and a marker for AccessibleMarkup to move onto their
    /// `<li>` (off for excerpts, which list pages show side by side).
    static func render(_ markdown: String, options: Options, dropLeadingHeading: Bool = false, anchorTasks: Bool = false) -> Output {
        _ = registered
        // Strikethrough takes one tilde or two, as on GitHub (no STRIKETHROUGH_DOUBLE_TILDE).
        var flags = CMARK_OPT_FOOTNOTES | CMARK_OPT_GITHUB_PRE_LANG
        if options.smart { flags |= CMARK_OPT_SMART }
        if options.unsafe { flags |= CMARK_OPT_UNSAFE }

        guard let parser = cmark_parser_new(flags) else { fatalError("cmark-gfm: out of memory") }
        defer { cmark_parser_free(parser) }
        for name in extensionNames where options.tables || name != "table" {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var utf8 = markdown.utf8CString
        utf8.withUnsafeMutableBufferPointer { buffer in
            cmark_parser_feed(parser, buffer.baseAddress, buffer.count - 1)
        }
        guard let document = finishLock.withLock({ cmark_parser_finish(parser) }) else { fatalError("cmark-gfm: out of memory") }
        defer { cmark_node_free(document) }

        var firstHeading: String?
        var startsWithHeading = false
        var firstParagraph: OpaquePointer?
        var slugs = HeadingSlugs()
        var words = 0

        // Collect first; the tree is changed afterwards, as cmark's iterator requires.
        var headings: [OpaquePointer] = []
        var importantItems: [OpaquePointer] = []
        var localImages: [OpaquePointer] = []
        var galleryMarkers: [OpaquePointer] = []
        var taskItems: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                headings.append(node)
            case CMARK_NODE_HTML_BLOCK:
                if let literal = cmark_node_get_literal(node),
                   String(cString: literal).trimmingCharacters(in: .whitespacesAndNewlines) == BodyImages.galleryLine {
                    galleryMarkers.append(node)
                }
            case CMARK_NODE_IMAGE:
                // An image inside another's alt text is part of that text: replacing the outer
                // image frees it (found by the fuzzer: a use after free).
                if !hasAncestor(node, ofType: CMARK_NODE_IMAGE),
                   let url = cmark_node_get_url(node), BodyImages.isLocal(String(cString: url)) { localImages.append(node) }
            case CMARK_NODE_PARAGRAPH:
                if firstParagraph == nil, cmark_node_parent(node) == document { firstParagraph = node }
            case CMARK_NODE_TEXT:
                if let literal = cmark_node_get_literal(node) {
                    words += countWords(literal)
                }
            case CMARK_NODE_ITEM:
                guard let type = cmark_node_get_type_string(node), String(cString: type) == "tasklist" else { break }
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
            addAnchor(to: heading, id: slugs.next(for: text))
        }
        // Read before "!" markers change the text.
        var tasks: [Task] = []
        var taskSlugs = HeadingSlugs()
        for item in taskItems {
            var text = ""
            if let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH {
                text = plainText(of: paragraph).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let words = TaskItem.anchorWords(text)
            let anchor = anchorTasks ? "task-" + taskSlugs.next(for: words.isEmpty ? "item" : words) : ""
            var parent: String?
            if let list = cmark_node_parent(item), let outer = cmark_node_parent(list), cmark_node_get_type(outer) == CMARK_NODE_ITEM,
               let paragraph = cmark_node_first_child(outer), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH {
                parent = plainText(of: paragraph).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            tasks.append(Task(text: text, isDone: cmark_gfm_extensions_get_tasklist_item_checked(item),
                              line: Int(cmark_node_get_start_line(item)), column: Int(cmark_node_get_start_column(item)), anchor: anchor,
                              parent: parent))
            if anchorTasks, let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
               let marker = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) {
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
            guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_set_on_enter(custom, BodyImages.galleryMarker)
            cmark_node_replace(node, custom)
            cmark_node_free(node)
        }
        var images: [Image] = []
        for node in localImages {
            images.append(Image(source: String(cString: cmark_node_get_url(node)), alt: plainText(of: node),
                                line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))))
            guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
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
                      hasGalleryMarker: !galleryMarkers.isEmpty, tasks: tasks)
    }

    /// Swaps a heading for a custom block that writes `<hN id="…">`, the heading's own content
    /// as cmark renders it, and a self-link: cmark's HTML renderer gives headings no attributes.
    private static func addAnchor(to heading: OpaquePointer, id: String) {
        let level = cmark_node_get_heading_level(heading)
        guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        cmark_node_set_on_enter(custom, "<h\(level) id=\"\(id)\">")
        cmark_node_set_on_exit(custom, "<a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this section\">#</a></h\(level)>")
        while let child = cmark_node_first_child(heading) {
            cmark_node_unlink(child)
            if cmark_node_append_child(custom, child) == 0 { cmark_node_free(child) }
        }
        cmark_node_replace(heading, custom)
        cmark_node_free(heading)
    }

    /// `- [ ] ! call the bank`: the "!" becomes a marker the theme can style.
    private static func markImportant(_ text: OpaquePointer) {
        guard let literal = cmark_node_get_literal(text) else { return }
        var rest = String(cString: literal)
        rest.removeFirst()
        while rest.first == " " { rest.removeFirst() }
        cmark_node_set_literal(text, rest)
        guard let marker = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return }
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
                if let l = cmark_node_get_literal(n) { out += String(cString: l) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                out += " "
            default:
                break
            }
        }
        return out
    }

    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func countWords(_ literal: UnsafePointer<CChar>) -> Int {
        var count = 0
        var inWord = false
        var p = literal
        while p.pointee != 0 {
            let c = UInt8(bitPattern: p.pointee)
            let space = c == 32 || c == 9 || c == 10
            if !space && !inWord { count += 1 }
            inWord = !space
            p += 1
        }
        return count
    }
}
