/// An entry body turned into HTML, with what lists and titles need from it.
public struct RenderedBody: Sendable, Codable {
    public var html: String
    /// What lists show: the part before `<!-- more -->`, or else the first paragraph.
    public var excerptHTML: String
    /// Plain text for `<meta name="description">`.
    public var summary: String
    public var firstHeading: String?
    public var wordCount: Int
    /// The page has more than its excerpt ("Read on").
    public var hasMore: Bool
    /// Local images of the text, each standing as a placeholder in the HTML until placed.
    var images: [CmarkGFM.Image] = []
    /// `html` holds `BodyImages.galleryMarker` where the gallery goes.
    public var hasGalleryMarker = false
    /// Its task-list items, lines counted from the body's first line until the parser sets them.
    public var tasks: [TaskItem] = []
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
    public func render(_ markdown: String, dropLeadingHeading: Bool = false, tablesFit: Bool? = nil) -> RenderedBody {
        let options = CmarkGFM.Options(unsafe: unsafeHTML, tables: tablesFit ?? (TableBounds.excess(in: markdown) == nil))
        let full = CmarkGFM.render(markdown, options: options, dropLeadingHeading: dropLeadingHeading, anchorTasks: true)
        var excerpt = full.firstParagraphHTML
        var summary = full.firstParagraphText
        if let intro = Self.textBeforeMoreMarker(markdown) {
            let intro = CmarkGFM.render(intro, options: options,
                                        dropLeadingHeading: dropLeadingHeading)
            excerpt = intro.html
            summary = intro.firstParagraphText
        }
        excerpt = AccessibleMarkup.removeFootnoteReferences(AccessibleMarkup.labelTaskItems(excerpt))
        return RenderedBody(html: AccessibleMarkup.labelTaskItems(full.html), excerptHTML: excerpt, summary: Self.shorten(summary, to: 200),
                            firstHeading: full.firstHeading, wordCount: full.wordCount,
                            hasMore: excerpt.utf8.count < full.html.utf8.count, images: full.images,
                            hasGalleryMarker: full.hasGalleryMarker,
                            tasks: full.tasks.map { task in
                                var item = TaskItem(written: task.text, isDone: task.isDone, line: task.line, column: task.column, anchor: task.anchor)
                                item.parent = task.parent.map { TaskItem(written: $0, isDone: false, line: 0, column: 0, anchor: "").text }
                                return item
                            })
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

    /// Cuts at a word boundary and adds an ellipsis.
    static func shorten(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit))
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut + "…"
    }
}
