import Foundation

/// The search index the filter page and "On this day" read in the browser, in small files so
/// that no reader downloads the whole journal at once (10k entries make 3.5 MB of index):
/// `search/year-2026.json` per year, fetched by the filter page newest first, and
/// `search/on-this-day-11.json` per calendar month, the same month of every year, which is all
/// "On this day" needs. Only published, public entries: private entries never reach the model,
/// and drafts are left out even with --drafts.
struct SearchIndex {
    struct Item: Encodable {
        var title: String
        var url: String
        var date: String
        var mood: String?
        var theme: String?
        var tags: [String]?
        var trip: String?
        /// Author ids, in a journal written together.
        var authors: [String]?
        var place: String?
        var text: String?
    }

    struct Document: Encodable {
        var generator: String
        var entries: [Item]
    }

    static let folder = "search/"
    static func yearFile(_ year: Int) -> String { folder + "year-\(pad(year, 4)).json" }
    static func monthFile(_ month: Int) -> String { folder + "on-this-day-\(pad(month, 2)).json" }

    var model: SiteModel

    /// Every shard, each with its path and how to render it. A year's shard shows its entries'
    /// summaries; the months' show nothing of a text.
    func documents() -> [SiteDocument] {
        let model = self.model
        var documents: [SiteDocument] = model.years.map { year in
            let entries = year.months.flatMap(\.entries)
            // Of a text, the summary, which the cards' fingerprint covers.
            let reads = entries.map { SiteManifest.cardIndex(of: $0, entryCount: model.entries.count) }.sorted()
            return SiteDocument(Self.yearFile(year.year), reads: reads, group: SiteFingerprint.yearGroup(year.year)) {
                Self.encode(entries.map { Self.item(model, $0, full: true) })
            }
        }
        documents += (1...12).map { month in
            SiteDocument(Self.monthFile(month), reads: [], group: Self.monthGroup(month)) {
                Self.encode(model.entries.indices.filter { model.entries[$0].date.day.month == month }.map { Self.item(model, $0, full: false) })
            }
        }
        return documents
    }

    /// The group (SiteFingerprint.groups) of a month's "On this day" file: that month's entries.
    static func monthGroup(_ month: Int) -> String { "on this day \(month)" }

    /// What the filter page searches in (`full`), or only what "On this day" shows.
    static func item(_ model: SiteModel, _ index: Int, full: Bool) -> Item? {
        // Field by field, where the entry is: a copy of it (a few dozen references retained and
        // released) for each of 10,000 entries, twice (its year's file and its month's).
        let entries = model.entries
        guard !entries[index].isDraft else { return nil }
        var item = Item(title: entries[index].title, url: model.links.href(entries[index].sitePath), date: entries[index].date.day.description,
                        place: entries[index].place?.name)
        if full {
            item.mood = entries[index].mood?.value
            item.theme = entries[index].theme
            item.tags = entries[index].tags.isEmpty ? nil : entries[index].tags
            item.trip = entries[index].trip
            if model.config.authors.areShown { item.authors = entries[index].authors }
            item.text = entries[index].body.summary.isEmpty ? nil : entries[index].body.summary
        }
        return item
    }

    /// As JSONEncoder wrote `Document` (sorted keys, slashes as they are), at a fraction of its
    /// cost; a test compares the two.
    static func encode(_ items: [Item?]) -> Data {
        var json = JSONText(capacity: 64 + items.count * 256)
        json.raw("{\"entries\":[")
        var first = true
        for case let item? in items {
            if !first { json.raw(",") }
            first = false
            json.object([
                "authors": .optional(item.authors), "date": .string(item.date), "mood": .optional(item.mood), "place": .optional(item.place),
                "tags": .optional(item.tags), "text": .optional(item.text), "theme": .optional(item.theme), "title": .string(item.title),
                "trip": .optional(item.trip), "url": .string(item.url),
            ])
        }
        json.raw("],\"generator\":")
        json.string("journalgen \(JournalgenVersion.current)")
        json.raw("}")
        return Data(json.bytes)
    }
}
