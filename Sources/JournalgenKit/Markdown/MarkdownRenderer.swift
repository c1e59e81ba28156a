/// An entry body turned into HTML, with what lists and titles need from it.
public struct RenderedBody: Sendable {
    public var html: String {
        get { htmlText.string }
        set { htmlText = CachedText(newValue) }
    }
    /// Left in the entry cache's file until a page shows it.
    var htmlText: CachedText
    /// What lists show: the part before `<!-- more -->`, or else the first paragraph.
    public var excerptHTML: String {
        get { excerptText.string }
        set { excerptText = CachedText(newValue) }
    }
    /// Plain text for `<meta name="description">`.
    public var summary: String {
        get { summaryText.string }
        set { summaryText = CachedText(newValue) }
    }
    /// Left in the file as `htmlText`: a build after one edit shows a handful of cards, and read
    /// at once, the 20,000 texts of 10,000 entries were new memory, every page of it faulted in.
    var excerptText: CachedText
    var summaryText: CachedText
    public var firstHeading: String?
    public var wordCount: Int
    /// Minutes to read it, at 200 words a minute; at least one.
    public var readingMinutes: Int { max(1, (wordCount + 199) / 200) }
    /// The page has more than its excerpt ("Read on").
    public var hasMore: Bool
    /// Local images of the text, each standing as a placeholder in the HTML until placed.
    var images: [CmarkGFM.Image] = []
    /// `html` holds `BodyImages.galleryMarker` where the gallery goes.
    public var hasGalleryMarker = false
    /// Its task-list items, lines counted from the body's first line until the parser sets them.
    public var tasks: [TaskItem] = []
    /// Links to files of the journal and wiki links, placeholders in `html` until the site model
    /// resolves them; lines as for `tasks`.
    var links: [CmarkGFM.Link] = []
    /// The ids its page defines (headings, footnotes, task items), for `#anchor` links into it.
    var anchors: [String] {
        get { anchorList.strings }
        set { anchorList = CachedStrings(newValue) }
    }
    /// Left in the entry cache's file until a link names one: 80,000 strings at 10k entries.
    var anchorList: CachedStrings
}

// Out of the type's body, so that the memberwise initialiser stays (the entry cache reads
// bodies with it: see `RenderedBody.init(compact:)`).
extension RenderedBody {
    init(html: CachedText, excerptHTML: CachedText, summary: CachedText, firstHeading: String?, wordCount: Int, hasMore: Bool,
         images: [CmarkGFM.Image], hasGalleryMarker: Bool, tasks: [TaskItem], links: [CmarkGFM.Link], anchors: [String]) {
        self.init(html: html, excerptHTML: excerptHTML, summary: summary, firstHeading: firstHeading, wordCount: wordCount, hasMore: hasMore,
                  images: images, hasGalleryMarker: hasGalleryMarker, tasks: tasks, links: links, anchorList: CachedStrings(anchors))
    }

    init(html: CachedText, excerptHTML: CachedText, summary: CachedText, firstHeading: String?, wordCount: Int, hasMore: Bool,
         images: [CmarkGFM.Image], hasGalleryMarker: Bool, tasks: [TaskItem], links: [CmarkGFM.Link], anchorList: CachedStrings) {
        htmlText = html
        excerptText = excerptHTML
        summaryText = summary
        self.firstHeading = firstHeading
        self.wordCount = wordCount
        self.hasMore = hasMore
        self.images = images
        self.hasGalleryMarker = hasGalleryMarker
        self.tasks = tasks
        self.links = links
        self.anchorList = anchorList
    }
}

/// GitHub-flavoured Markdown (tables, strikethrough, autolinks, task lists, footnotes, smart
/// punctuation) through cmark-gfm. Raw HTML is dropped unless the journal opts in.
public struct MarkdownRenderer: Sendable {
    public var unsafeHTML: Bool

    public init(unsafeHTML: Bool = false) {
        self.unsafeHTML = unsafeHTML
    }

    static let moreMarker = "<!-- more -->"

    /// `dropLeadingHeading`: the page shows that heading as its title already. `tablesFit`: what
    /// the caller's TableBounds.check said (nil: looked at here); a table too large to render
    /// safely stays text.
    /// `links`: links to files and wiki links become placeholders for the site model (entries);
    /// off for texts nothing resolves (trips' pages).
    public func render(_ markdown: String, dropLeadingHeading: Bool = false, tablesFit: Bool? = nil, links: Bool = true) -> RenderedBody {
        let options = CmarkGFM.Options(unsafe: unsafeHTML, tables: tablesFit ?? (TableBounds.excess(in: markdown) == nil))
        let full = CmarkGFM.render(markdown, options: options, dropLeadingHeading: dropLeadingHeading, anchorTasks: true, links: links)
        var excerpt = full.firstParagraphHTML
        var summary = full.firstParagraphText
        if let intro = Self.textBeforeMoreMarker(markdown) {
            let intro = CmarkGFM.render(intro, options: options,
                                        dropLeadingHeading: dropLeadingHeading, links: links)
            excerpt = Self.renumberLinks(intro.html, from: intro.links, to: full.links)
            summary = intro.firstParagraphText
        }
        excerpt = AccessibleMarkup.removeFootnoteReferences(AccessibleMarkup.labelTaskItems(excerpt))
        return RenderedBody(html: CachedText(AccessibleMarkup.labelTaskItems(full.html)), excerptHTML: CachedText(excerpt), summary: CachedText(Self.shorten(summary, to: 200)),
                            firstHeading: full.firstHeading, wordCount: full.wordCount,
                            hasMore: excerpt.utf8.count < full.html.utf8.count, images: full.images,
                            hasGalleryMarker: full.hasGalleryMarker,
                            tasks: full.tasks.map { task in
                                var item = TaskItem(written: task.text, isDone: task.isDone, line: task.line, column: task.column, anchor: task.anchor)
                                item.parent = task.parent.map { TaskItem(written: $0, isDone: false, line: 0, column: 0, anchor: "").text }
                                return item
                            }, links: full.links, anchors: full.anchors)
    }

    /// The excerpt's links numbered as the same links of the whole text (the text before
    /// `<!-- more -->` is rendered on its own, so its placeholders count from 0 again).
    static func renumberLinks(_ html: String, from intro: [CmarkGFM.Link], to full: [CmarkGFM.Link]) -> String {
        guard !intro.isEmpty else { return html }
        var out = html
        // Highest first, so "journalgen-link:1" is not found inside "journalgen-link:12".
        for (index, link) in intro.enumerated().reversed() {
            let same = full.firstIndex(of: link) ?? index
            out = out.replacingBytes("\"" + CmarkGFM.linkPlaceholder(index) + "\"", with: "\"journalgen-link-renumbered:\(same)\"")
        }
        return out.replacingBytes("journalgen-link-renumbered:", with: "journalgen-link:")
    }

    /// The Markdown before a line that is exactly `<!-- more -->`, if there is one.
    static func textBeforeMoreMarker(_ markdown: String) -> String? {
        let marker = Array(moreMarker.utf8)
        let bytes = markdown.utf8
        guard markdown.containsByte(0x3C) else { return nil }
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index <= bytes.endIndex {
            if index == bytes.endIndex || bytes[index] == 0x0A {
                var line = bytes[lineStart..<index]
                while line.last == 0x20 || line.last == 0x09 { line = line.dropLast() }
                if line.elementsEqual(marker) { return String(markdown[..<lineStart]) }
                if index == bytes.endIndex { break }
                lineStart = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// Cuts at a word boundary and adds an ellipsis. The characters are walked only up to the
    /// limit, not counted to the end (`count` walked every summary's whole text: 55 M
    /// instructions of a 10k build), and not at all within `limit` bytes.
    static func shorten(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit, let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
              end < text.endIndex else { return text }
        var cut = String(text[..<end])
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut + "…"
    }
}
