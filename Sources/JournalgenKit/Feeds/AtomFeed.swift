import Foundation

/// The Atom feed (RFC 4287) of the newest published entries, full text, written with libxml2;
/// or of one author's (`authors/ID/feed.xml`), in a journal written together.
struct AtomFeed {
    var model: SiteModel
    /// Position in `views.authors.people`, for one author's feed.
    var author: Int? = nil
    static let entryLimit = 20

    static func path(author: Author) -> String { author.sitePath + "feed.xml" }

    /// The group (SiteFingerprint.groups) of a feed's entries, by the feed's file: the whole
    /// journal's or an author's.
    static func group(path: String) -> String { "feed " + path }

    /// The entries the feed shows in full: the newest published ones (chosen by date, not text).
    var entries: [Int] {
        let candidates = author.map { model.views.authors.people[$0].entries } ?? Array(model.entries.indices)
        return Array(candidates.lazy.filter { !model.entries[$0].isDraft }.prefix(Self.entryLimit))
    }

    func render() -> Data {
        let links = model.links, config = model.config
        let person = author.map { model.views.authors.people[$0] }
        let entries = self.entries
        let selfPath = person.map { Self.path(author: $0.author) } ?? "feed.xml"
        let people = model.views.authors
        let updated = entries.first.map { model.entries[$0].date.rfc3339 } ?? "1970-01-01T00:00:00Z"
        let xml = XMLWriter()
        xml.element("feed", ["xmlns": "http://www.w3.org/2005/Atom", "xml:lang": config.language]) {
            xml.element("title", text: person.map { "\(config.title): \($0.author.name)" } ?? config.title)
            xml.element("id", text: links.absolute(person?.author.sitePath ?? ""))
            xml.element("updated", text: updated)
            xml.element("link", ["rel": "self", "type": "application/atom+xml", "href": links.absolute(selfPath)])
            xml.element("link", ["rel": "alternate", "type": "text/html", "href": links.absolute(person?.author.sitePath ?? "")])
            xml.element("author") { xml.element("name", text: person?.author.name ?? config.author ?? config.title) }
            xml.element("generator", ["version": JournalgenVersion.current], text: "journalgen")
            for index in entries {
                let entry = model.entries[index]
                xml.element("entry") {
                    xml.element("title", ["type": "text"], text: entry.title)
                    xml.element("id", text: links.absolute(entry.sitePath))
                    xml.element("link", ["rel": "alternate", "type": "text/html", "href": links.absolute(entry.sitePath)])
                    xml.element("published", text: entry.date.rfc3339)
                    xml.element("updated", text: entry.date.rfc3339)
                    // Each entry names its own authors when people write together.
                    for id in entry.authors where person == nil {
                        if let i = people.byID[id] { xml.element("author") { xml.element("name", text: people.people[i].author.name) } }
                    }
                    if !entry.body.summary.isEmpty { xml.element("summary", ["type": "text"], text: entry.body.summary) }
                    for tag in entry.tags { xml.element("category", ["term": tag]) }
                    xml.element("content", ["type": "html", "xml:base": links.absolute(entry.sitePath)], text: entry.body.html)
                }
            }
        }
        return xml.finish()
    }
}
