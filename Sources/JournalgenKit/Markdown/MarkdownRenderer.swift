/// An entry body turned into HTML, with what lists and titles need from it.
public struct RenderedBody: Sendable {
    public var html: String
    /// What lists show: the part before `<!-- more -->`, or else the first paragraph.
    public var excerptHTML: String
    /// Plain text for `<meta name="description">`.
    public var summary: String
    public var firstHeading: String?
    public var wordCount: Int
}

/// GitHub-flavoured Markdown (tables, strikethrough, autolinks, task lists, footnotes, smart
/// punctuation) through cmark-gfm. Raw HTML is dropped unless the journal opts in.
public struct MarkdownRenderer: Sendable {
    public var unsafeHTML: Bool

    public init(unsafeHTML: Bool = false) {
        self.unsafeHTML = unsafeHTML
    }

    static let moreMarker = "<!-- more -->"

    /// `dropLeadingHeading`: the page shows that heading as its title already.
    public func render(_ markdown: String, dropLeadingHeading: Bool = false) -> RenderedBody {
        let options = CmarkGFM.Options(unsafe: unsafeHTML)
        let full = CmarkGFM.render(markdown, options: options, dropLeadingHeading: dropLeadingHeading)
        var excerpt = full.firstParagraphHTML
        var summary = full.firstParagraphText
        if let range = markdown.range(of: "\n" + Self.moreMarker) ?? (markdown.hasPrefix(Self.moreMarker) ? markdown.range(of: Self.moreMarker) : nil) {
            let intro = CmarkGFM.render(String(markdown[..<range.lowerBound]), options: options,
                                        dropLeadingHeading: dropLeadingHeading)
            excerpt = intro.html
            summary = intro.firstParagraphText
        }
        return RenderedBody(html: full.html, excerptHTML: excerpt, summary: Self.shorten(summary, to: 200),
                            firstHeading: full.firstHeading, wordCount: full.wordCount)
    }

    /// Cuts at a word boundary and adds an ellipsis.
    static func shorten(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit))
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut + "…"
    }
}
