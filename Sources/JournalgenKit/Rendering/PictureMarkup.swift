/// The markup of a published photo: a `<picture>` with WebP and JPEG (or PNG) sizes, the photo's
/// width and height (so the page does not jump while it loads), lazy loading unless asked not to.
enum PictureMarkup {
    /// Layout widths the built-in theme gives photos, for the browser's choice of size.
    static let textSizes = "(min-width: 46rem) 42rem, 100vw"
    static let gallerySizes = "(min-width: 46rem) 21rem, 50vw"
    static let thumbnailSizes = "(min-width: 34rem) 9rem, 100vw"

    static func html(_ item: MediaItem, alt: String, links: SiteLinks, sizes: String, eager: Bool = false) -> String {
        let altText = HTMLEscaping.escape(alt)
        let loading = eager ? "eager" : "lazy"
        guard let fallback = item.sizes.last(where: { $0.width <= 960 }) ?? item.sizes.first else {
            return "<img src=\"\(HTMLEscaping.escape(links.href(item.sitePath)))\" alt=\"\(altText)\" loading=\"\(loading)\" decoding=\"async\">"
        }
        func srcset(_ path: KeyPath<ImageSize, String>) -> String {
            item.sizes.map { "\(HTMLEscaping.escape(links.href($0[keyPath: path]))) \($0.width)w" }.joined(separator: ", ")
        }
        return "<picture><source type=\"image/webp\" srcset=\"\(srcset(\.webp))\" sizes=\"\(sizes)\">"
            + "<img src=\"\(HTMLEscaping.escape(links.href(fallback.fallback)))\" srcset=\"\(srcset(\.fallback))\" sizes=\"\(sizes)\""
            + " width=\"\(fallback.width)\" height=\"\(fallback.height)\" alt=\"\(altText)\" loading=\"\(loading)\" decoding=\"async\"></picture>"
    }

    /// The largest published file of a photo, for the viewer and for plain links.
    static func largest(_ item: MediaItem, links: SiteLinks) -> String {
        links.href(item.sizes.last?.fallback ?? item.sitePath)
    }
}
