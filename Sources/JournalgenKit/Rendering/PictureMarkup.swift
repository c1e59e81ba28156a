/// The markup of a published photo: a `<picture>` with WebP and JPEG (or PNG) sizes, the photo's
/// width and height (so the page does not jump while it loads), lazy loading unless asked not to.
enum PictureMarkup {
    /// Layout widths the built-in theme gives photos, for the browser's choice of size.
    static let textSizes = "(min-width: 46rem) 42rem, 100vw"
    static let gallerySizes = "(min-width: 46rem) 21rem, 50vw"
    static let thumbnailSizes = "(min-width: 34rem) 9rem, 100vw"

    static func html(_ item: MediaItem, alt: String, links: SiteLinks, sizes: String, eager: Bool = false) -> String {
        // Written as bytes and made a string once: with an interpolation for each part and each
        // size, a photo's markup cost about 30,000 instructions, 3 % of a build. Addresses are
        // percent-encoded ASCII, so the one check of the bytes is mostly the fast ASCII one.
        var out: [UInt8] = []
        out.reserveCapacity(256 + item.sizes.count * 2 * (item.sitePath.utf8.count + 48))
        guard let fallback = item.sizes.last(where: { $0.width <= 960 }) ?? item.sizes.first else {
            out.append(utf8Of: "<img src=\"")
            links.appendEscapedHref(item.sitePath, to: &out)
            out.append(utf8Of: "\" alt=\"")
            HTMLEscaping.escape(alt, into: &out)
            out.append(utf8Of: eager ? "\" loading=\"eager\" decoding=\"async\">" : "\" loading=\"lazy\" decoding=\"async\">")
            return String(decoding: out, as: UTF8.self)
        }
        func srcset(webp: Bool) {
            for (index, size) in item.sizes.enumerated() {
                if index > 0 { out.append(utf8Of: ", ") }
                links.appendEscapedHref(webp ? size.webp : size.fallback, to: &out)
                out.append(0x20)
                ASCIIText.appendDigits(of: size.width, to: &out)
                out.append(UInt8(ascii: "w"))
            }
        }
        out.append(utf8Of: "<picture><source type=\"image/webp\" srcset=\"")
        srcset(webp: true)
        out.append(utf8Of: "\" sizes=\"")
        out.append(utf8Of: sizes)
        out.append(utf8Of: "\"><img src=\"")
        links.appendEscapedHref(fallback.fallback, to: &out)
        out.append(utf8Of: "\" srcset=\"")
        srcset(webp: false)
        out.append(utf8Of: "\" sizes=\"")
        out.append(utf8Of: sizes)
        out.append(utf8Of: "\" width=\"")
        ASCIIText.appendDigits(of: fallback.width, to: &out)
        out.append(utf8Of: "\" height=\"")
        ASCIIText.appendDigits(of: fallback.height, to: &out)
        out.append(utf8Of: "\" alt=\"")
        HTMLEscaping.escape(alt, into: &out)
        out.append(utf8Of: eager ? "\" loading=\"eager\" decoding=\"async\"></picture>" : "\" loading=\"lazy\" decoding=\"async\"></picture>")
        return String(decoding: out, as: UTF8.self)
    }

    /// The largest published file of a photo, for the viewer and for plain links.
    static func largest(_ item: MediaItem, links: SiteLinks) -> String {
        links.href(item.sizes.last?.fallback ?? item.sitePath)
    }
}
