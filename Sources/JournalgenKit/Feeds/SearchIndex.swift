import Foundation

/// index.json: what the filter page and "On this day" search in the browser. Only published,
/// public entries: private entries never reach the model, and drafts are left out even with --drafts.
struct SearchIndex {
    struct Item: Encodable {
        var title: String
        var url: String
        var date: String
        var mood: String?
        var theme: String?
        var tags: [String]?
        var trip: String?
        var place: String?
        var text: String?
    }

    struct Document: Encodable {
        var generator: String
        var entries: [Item]
    }

    var model: SiteModel

    func render() -> Data {
        let links = model.links
        let items = model.entries.filter { !$0.isDraft }.map { entry in
            Item(title: entry.title, url: links.href(entry.sitePath), date: entry.date.day.description,
                 mood: entry.mood?.value, theme: entry.theme, tags: entry.tags.isEmpty ? nil : entry.tags,
                 trip: entry.trip, place: entry.place?.name, text: entry.body.summary.isEmpty ? nil : entry.body.summary)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Document(generator: "journalgen \(JournalgenVersion.current)", entries: items))) ?? Data("{}".utf8)
    }
}
