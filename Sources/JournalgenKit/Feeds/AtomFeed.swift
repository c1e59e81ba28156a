import Foundation

/// The Atom feed (RFC 4287) of the newest published entries, full text, written with libxml2.
struct AtomFeed {
    var model: SiteModel
    static let entryLimit = 20

    func render() -> Data {
        let links = model.links, config = model.config
        let entries = model.entries.indices.filter { !model.entries[$0].isDraft }.prefix(Self.entryLimit)
        let updated = entries.first.map { model.entries[$0].date.rfc3339 } ?? "1970-01-01T00:00:00Z"
        let xml = XMLWriter()
        xml.element("feed", ["xmlns": "http://www.w3.org/2005/Atom", "xml:lang": config.language]) {
            xml.element("title", text: config.title)
            xml.element("id", text: links.absolute(""))
            xml.element("updated", text: updated)
            xml.element("link", ["rel": "self", "type": "application/atom+xml", "href": links.absolute("feed.xml")])
            xml.element("link", ["rel": "alternate", "type": "text/html", "href": links.absolute("")])
            xml.element("author") { xml.element("name", text: config.author ?? config.title) }
            xml.element("generator", ["version": JournalgenVersion.current], text: "journalgen")
            for index in entries {
                let entry = model.entries[index]
                xml.element("entry") {
                    xml.element("title", ["type": "text"], text: entry.title)
                    xml.element("id", text: links.absolute(entry.sitePath))
                    xml.element("link", ["rel": "alternate", "type": "text/html", "href": links.absolute(entry.sitePath)])
                    xml.element("published", text: entry.date.rfc3339)
                    xml.element("updated", text: entry.date.rfc3339)
                    if !entry.body.summary.isEmpty { xml.element("summary", ["type": "text"], text: entry.body.summary) }
                    for tag in entry.tags { xml.element("category", ["term": tag]) }
                    xml.element("content", ["type": "html", "xml:base": links.absolute(entry.sitePath)], text: entry.body.html)
                }
            }
        }
        return xml.finish()
    }
}
