import Foundation

/// sitemap.xml (sitemaps.org 0.9): every page but the 404 page, entries with their day as
/// `lastmod`. Drafts previewed with --drafts are not listed.
struct Sitemap {
    var model: SiteModel
    var pages: [(job: PageJob, path: String)]

    func render() -> Data {
        let links = model.links
        let xml = XMLWriter()
        xml.element("urlset", ["xmlns": "http://www.sitemaps.org/schemas/sitemap/0.9"]) {
            for (job, path) in pages {
                var lastmod: String?
                switch job {
                case .notFound: continue
                case .entry(let i):
                    if model.entries[i].isDraft { continue }
                    lastmod = model.entries[i].date.day.description
                default: break
                }
                let sitePath = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
                xml.element("url") {
                    xml.element("loc", text: links.absolute(sitePath))
                    if let lastmod { xml.element("lastmod", text: lastmod) }
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
