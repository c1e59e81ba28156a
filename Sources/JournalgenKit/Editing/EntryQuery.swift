import Foundation

/// `journalgen list`: the entries that match every filter given, newest first, as the site's
/// filter page finds them, for the terminal or (`--json`) for scripts.
public struct EntryQuery: Sendable {
    public var mood: String?
    public var tag: String?
    public var trip: String?
    public var year: Int?
    public var theme: String?
    /// An author id: entries they wrote (alone or together).
    public var author: String?

    public init(mood: String? = nil, tag: String? = nil, trip: String? = nil, year: Int? = nil, theme: String? = nil) {
        self.mood = mood
        self.tag = tag
        self.trip = trip
        self.year = year
        self.theme = theme
    }

    public func matches(_ entry: Entry, scale: MoodScale) -> Bool {
        if let mood {
            guard let level = MoodLogWriter.level(mood, in: scale), entry.mood?.value == level.value else { return false }
        }
        if let tag, !entry.tags.contains(where: { SiteModel.tagSlug($0) == SiteModel.tagSlug(tag) }) { return false }
        if let trip, entry.trip?.lowercased() != trip.lowercased() { return false }
        if let year, entry.date.day.year != year { return false }
        if let theme, entry.theme?.lowercased() != theme.lowercased() { return false }
        if let author, !entry.authors.contains(author) { return false }
        return true
    }

    public func run(_ entries: [Entry], scale: MoodScale) -> [Entry] {
        entries.filter { matches($0, scale: scale) }.sorted { ($0.date.instant, $0.relativePath) > ($1.date.instant, $1.relativePath) }
    }

    /// `2026-11-21 21:40  🙂 good     Fog  #walk #autumn  entries/2026/2026-11-21-fog.md`
    public static func line(_ entry: Entry) -> String {
        let when = entry.date.dayAndMinute.padding(toLength: 16, withPad: " ", startingAt: 0)
        let mood = entry.mood.map { "\($0.emoji) \($0.value)" } ?? "-"
        var parts = [when, mood.paddedToColumns(10), entry.title]
        if !entry.tags.isEmpty { parts.append(entry.tags.map { "#" + $0 }.joined(separator: " ")) }
        if entry.authors.count > 0 { parts.append("by " + entry.authors.joined(separator: ", ")) }
        if entry.isPrivate { parts.append("[private]") }
        if entry.isDraft { parts.append("[draft]") }
        parts.append("entries/" + entry.relativePath)
        return parts.joined(separator: "  ")
    }

    /// One JSON object per entry, keys sorted, for scripts.
    public static func json(_ entries: [Entry]) -> String {
        let items: [[String: Any]] = entries.map { entry in
            var item: [String: Any] = [
                "title": entry.title,
                "date": entry.date.hasTime ? entry.date.rfc3339 : entry.date.day.description,
                "path": "entries/" + entry.relativePath,
                "tags": entry.tags,
                "private": entry.isPrivate,
                "draft": entry.isDraft,
            ]
            if let mood = entry.mood { item["mood"] = mood.value }
            if let theme = entry.theme { item["theme"] = theme }
            if let trip = entry.trip { item["trip"] = trip }
            if let place = entry.place?.name { item["place"] = place }
            if !entry.authors.isEmpty { item["authors"] = entry.authors }
            return item
        }
        let data = try! JSONSerialization.data(withJSONObject: items, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    /// Padded with spaces to `columns` terminal columns, never cut: an emoji or a CJK character
    /// takes two. (NSString's padding counted UTF-16 units and cut "😖 horrible" to "😖 horribl".)
    public func paddedToColumns(_ columns: Int) -> String {
        self + String(repeating: " ", count: max(0, columns - terminalWidth))
    }

    var terminalWidth: Int {
        reduce(0) { width, character in
            let wide = character.unicodeScalars.contains { scalar in
                let v = scalar.value
                return scalar.properties.isEmojiPresentation || (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v)
                    || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v)
                    || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
            }
            return width + (wide ? 2 : 1)
        }
    }
}
