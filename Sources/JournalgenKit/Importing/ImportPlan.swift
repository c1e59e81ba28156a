import Foundation

/// What an import would add to a journal: entries (with the files to copy beside them), mood-log
/// lines, and what was left out and why. Importers only read their export and fill a plan;
/// `ImportWriter` alone touches the journal, so a malformed export writes nothing and
/// `--dry-run` can print exactly what a real run would do.
public struct ImportPlan: Sendable {
    public struct Entry: Sendable {
        /// Where it goes below entries/, without ".md": "2026/2026-03-29-first-morning".
        public var stem: String
        public var text: String
        /// Files copied into the entry's bundle folder: the export's file and its name there.
        public var files: [(source: String, name: String)] = []
        /// `imported:` of the entry: "dayone:UUID". A second import of it adds nothing.
        public var sourceID: String
        public var title: String
    }

    public var entries: [Entry] = []
    /// `moods.log` lines, for moods without a note.
    public var moodLines: [String] = []
    public var skipped: [(what: String, why: String)] = []
    public var photos = 0
    public var videos = 0

    public init() {}
}

/// Front matter written the way journalgen reads it back: keys in a fixed order, values quoted
/// only when YAML needs it.
struct FrontMatterText {
    private var lines = ["---"]

    mutating func add(_ key: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        lines.append("\(key): " + FrontMatterEditor.yaml(.text(value)))
    }

    mutating func add(_ key: String, raw value: String) { lines.append("\(key): \(value)") }

    mutating func add(_ key: String, list: [String]) {
        guard !list.isEmpty else { return }
        lines.append("\(key): [" + list.map(NewEntry.flowItem).joined(separator: ", ") + "]")
    }

    /// `key:` and indented `name: value` lines (a mapping such as `location:` or `weather:`).
    mutating func add(_ key: String, mapping: [(String, String)]) {
        guard !mapping.isEmpty else { return }
        lines.append("\(key):")
        lines += mapping.map { "  \($0.0): \($0.1)" }
    }

    mutating func add(_ key: String, items: [String]) {
        guard !items.isEmpty else { return }
        lines.append("\(key):")
        lines += items.map { "  - " + FrontMatterEditor.yaml(.text($0)) }
    }

    func text(body: String) -> String {
        (lines + ["---", "", body.hasSuffix("\n") || body.isEmpty ? body : body + "\n"]).joined(separator: "\n")
    }

    /// A number as YAML writes it: no exponent, no trailing zeros.
    static func number(_ value: Double) -> String {
        var s = String(format: "%.6f", value)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}

extension ImportPlan.Entry {
    /// "2026/2026-03-29-first-morning" from the entry's day and title.
    static func stem(day: CalendarDay, title: String?) -> String { NewEntry.stem(day: day, title: title, slugLimit: 60) }

    /// The first line of a text, without Markdown heading marks, as a title (at most 80 characters).
    static func title(of text: String) -> String? {
        guard let line = text.split(whereSeparator: \.isNewline).first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return nil }
        var title = String(line).trimmingCharacters(in: .whitespaces)
        while title.hasPrefix("#") { title.removeFirst() }
        title = title.trimmingCharacters(in: .whitespaces)
        if title.count > 80, let cut = title.prefix(80).lastIndex(of: " ") { title = String(title[..<cut]) + "…" }
        return title.isEmpty ? nil : title
    }
}
