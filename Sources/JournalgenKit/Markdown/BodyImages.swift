/// Images in an entry's text (`![alt](photo.jpg)`) and the gallery marker (`<!-- gallery -->`).
/// cmark renders them before the site knows where an entry's files go, so they stand in the
/// HTML as placeholders until the site model places them.
enum BodyImages {
    /// A line of its own in the text that says where the entry's gallery goes.
    static let galleryLine = "<!-- gallery -->"
    static let galleryMarker = "<!--journalgen:gallery-->"

    static func placeholder(_ index: Int) -> String { "<!--journalgen:image:\(index)-->" }

    /// A file of the journal, not a web address, an absolute path or a fragment.
    static func isLocal(_ url: String) -> Bool {
        // `containsBytes`: Foundation's `contains` went through UTF-16 for each link of a text.
        !(url.isEmpty || url.containsBytes("://") || url.hasPrefix("/") || url.hasPrefix("#") || url.hasPrefix("data:") || url.hasPrefix("mailto:"))
    }

    /// The body with each placeholder replaced by the image's markup.
    static func place(_ images: [MediaItem], in body: RenderedBody, links: SiteLinks) -> RenderedBody {
        var body = body
        for (index, image) in images.enumerated() {
            let markup = PictureMarkup.html(image, alt: image.alt ?? "", links: links, sizes: PictureMarkup.textSizes)
            body.html = body.html.replacingBytes(placeholder(index), with: markup)
            body.excerptHTML = body.excerptHTML.replacingBytes(placeholder(index), with: markup)
        }
        return body
    }

    /// The body before and after the gallery marker, or nil when the text has none.
    static func splitAtGallery(_ html: String) -> (before: String, after: String)? {
        guard let range = html.range(of: galleryMarker) else { return nil }
        return (String(html[..<range.lowerBound]), String(html[range.upperBound...]))
    }
}
