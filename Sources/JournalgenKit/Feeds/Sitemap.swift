import Foundation

/// sitemap.xml (sitemaps.org 0.9): every page but the 404 page, entries with their day as
/// `lastmod`. Drafts previewed with --drafts are not listed.
///
/// Past `limit` addresses, sitemap.xml is a sitemap index of sitemap-1.xml, sitemap-2.xml…, each
/// with at most `limit` of them: the protocol allows 50,000 a file, and a lifetime journal has
/// more pages than that; parts of 5,000 also stay well under a megabyte each.
struct Sitemap {
    var model: SiteModel
    var pages: [(job: PageJob, path: String)]
    var limit = 5_000

    private struct Address: Sendable {
        var path: String
        var lastmod: String?
    }

    /// The files, sitemap.xml first, each with what renders it. They show the list of pages
    /// (which a task added or ticked, or an entry come due for a revisit, can make one longer)
    /// and the entries' days: they read the list of pages, and no entry's body (a body edit, or
    /// the next day with the same pages, keeps them).
    func documents() -> [SiteDocument] {
        let addresses = self.addresses(), model = self.model
        let reads = [SiteManifest.pageListIndex(entryCount: model.entries.count)]
        guard addresses.count > limit else {
            return [SiteDocument("sitemap.xml", reads: reads) { Self.urlset(addresses[...], model: model) }]
        }
        let limit = self.limit
        let parts = stride(from: 0, to: addresses.count, by: limit).map { addresses[$0..<min($0 + limit, addresses.count)] }
        var documents = [SiteDocument("sitemap.xml", reads: reads) {
            let xml = XMLWriter()
            xml.element("sitemapindex", ["xmlns": "http://www.sitemaps.org/schemas/sitemap/0.9"]) {
                for (n, part) in parts.enumerated() {
                    xml.element("sitemap") {
                        xml.element("loc", text: model.links.absolute("sitemap-\(n + 1).xml"))
                        if let newest = part.compactMap(\.lastmod).max() { xml.element("lastmod", text: newest) }
                    }
                }
            }
            return xml.finish()
        }]
        for (n, part) in parts.enumerated() {
            documents.append(SiteDocument("sitemap-\(n + 1).xml", reads: reads) { Self.urlset(part, model: model) })
        }
        return documents
    }

    private func addresses() -> [Address] {
        var addresses: [Address] = []
        addresses.reserveCapacity(pages.count)
        for (job, path) in pages {
            var lastmod: String?
            switch job {
            case .notFound: continue
            case .entry(let i):
                if model.entries[i].isDraft { continue }
                lastmod = model.entries[i].date.day.description
            default: break
            }
            // By bytes: `hasSuffix` and `dropLast` went through the characters of 11,700 paths.
            let folder = path.hasSuffixBytes("index.html") ? String(path[..<path.utf8.index(path.utf8.endIndex, offsetBy: -10)]) : path
            addresses.append(Address(path: folder, lastmod: lastmod))
        }
        return addresses
    }

    private static func urlset(_ addresses: ArraySlice<Address>, model: SiteModel) -> Data {
        let xml = XMLWriter()
        xml.element("urlset", ["xmlns": "http://www.sitemaps.org/schemas/sitemap/0.9"]) {
            for address in addresses {
                xml.element("url") {
                    xml.element("loc", text: model.links.absolute(address.path))
                    if let lastmod = address.lastmod { xml.element("lastmod", text: lastmod) }
                }
            }
        }
        return xml.finish()
    }
}

/// robots.txt: crawlers welcome, pointed at the sitemap.
struct RobotsFile {
    var model: SiteModel
    var hasSitemap: Bool

    func render() -> Data {
        var text = "User-agent: *\nAllow: /\n"
        if hasSitemap { text += "\nSitemap: \(model.links.absolute("sitemap.xml"))\n" }
        return Data(text.utf8)
    }
}
