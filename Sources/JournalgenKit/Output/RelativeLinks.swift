/// Turns a page's site links ("/journal/tags/japan/") into links relative to the page
/// ("../../tags/japan/index.html"), so a site opened from the disk (file://) finds its
/// stylesheet, photos and pages; a web server is not needed (`relative_links: true`).
///
/// Only attribute values that start with the site's base path are changed: `href`, `src`,
/// `srcset` (each candidate), `poster` and the `data-` attributes journal.js reads. A link to a
/// folder gets its `index.html`, which a file browser does not add by itself. Absolute
/// addresses (canonical, feed and OpenStreetMap links) stay as they are. Works on UTF-8 bytes:
/// it runs over every page of a build.
struct RelativeLinks: Sendable {
    /// The base path every site link starts with: "/" or "/journal/".
    var basePath: String

    private static let attributes: [[UInt8]] = [" href=\"", " src=\"", " srcset=\"", " poster=\"", " data-index=\"", " data-poster=\""].map { Array($0.utf8) }

    /// `pagePath` is the page's file in the site ("2026/04/01/kyoto-gates/index.html").
    /// On the page's bytes as rendered.
    func rewrite(_ html: [UInt8], pagePath: String) -> [UInt8] {
        let up = [UInt8](String(repeating: "../", count: pagePath.utf8.filter { $0 == UInt8(ascii: "/") }.count).utf8)
        let base = Array(basePath.utf8)
        return html.withUnsafeBufferPointer { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 1024)
            var at = 0
            while true {
                // The nearest of the attributes from here.
                var next: (start: Int, length: Int, isSrcset: Bool)?
                for (index, attribute) in Self.attributes.enumerated() {
                    if let found = ByteSearch.find(attribute, in: bytes, from: at), found < (next?.start ?? .max) {
                        next = (found, attribute.count, index == 2)
                    }
                }
                guard let attribute = next else { break }
                let valueStart = attribute.start + attribute.length
                guard let valueEnd = ByteSearch.find([UInt8(ascii: "\"")], in: bytes, from: valueStart) else { break }
                out += bytes[at..<valueStart]
                let value = Array(bytes[valueStart..<valueEnd])
                if attribute.isSrcset {
                    let candidates = value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                    for (index, candidate) in candidates.enumerated() {
                        if index > 0 { out.append(UInt8(ascii: ",")) }
                        let leading = candidate.prefix { $0 == UInt8(ascii: " ") }
                        out += leading
                        out += relative(Array(candidate.dropFirst(leading.count)), base: base, up: up)
                    }
                } else {
                    out += relative(value, base: base, up: up)
                }
                at = valueEnd
            }
            out += bytes[at...]
            return out
        }
    }

    /// "/tags/japan/#x" → "../../tags/japan/index.html#x"; anything else is kept.
    private func relative(_ value: [UInt8], base: [UInt8], up: [UInt8]) -> [UInt8] {
        guard value.starts(with: base), !value.starts(with: Array("//".utf8)) else { return value }
        var rest = Array(value.dropFirst(base.count))
        // The path ends where a query, a fragment or (in srcset) a width begins.
        let end = rest.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: " ") } ?? rest.count
        if end == 0 || rest[end - 1] == UInt8(ascii: "/") {
            rest.insert(contentsOf: Array("index.html".utf8), at: end)
        }
        return up + rest
    }
}
