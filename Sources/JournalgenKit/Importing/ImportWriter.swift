import Foundation

/// Adds an import plan to a journal: never over an existing file, each entry in one step, and
/// nothing that an earlier import of the same export already brought in.
public struct ImportWriter: Sendable {
    public var journal: String

    public init(journal: String) { self.journal = journal }

    public struct Summary: Sendable {
        public var entries = 0
        public var moods = 0
        public var photos = 0
        public var videos = 0
        public var alreadyThere = 0
        public var written: [String] = []
        public var skipped: [(what: String, why: String)] = []

        /// "Imported 12 entries, 340 moods, 9 photos and 1 video; 2 already there; 1 skipped: …"
        public func line(dryRun: Bool) -> String {
            func n(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
            var text = (dryRun ? "Would import " : "Imported ") + [n(entries, "entry", "entries"), n(moods, "mood", "moods"), n(photos, "photo", "photos"), n(videos, "video", "videos")].joined(separator: ", ")
            if alreadyThere > 0 { text += "; \(alreadyThere) already imported before, left alone" }
            if !skipped.isEmpty { text += "; \(skipped.count) skipped:\n" + skipped.map { "  \($0.what): \($0.why)" }.joined(separator: "\n") }
            return text
        }
    }

    /// The `imported:` values of the journal's entries.
    public func importedIDs() -> Set<String> {
        var ids = Set<String>()
        let root = journal + "/entries"
        for relative in FileIO.listFiles(below: root, include: { $0.hasSuffix(".md") }) {
            guard let data = FileIO.read(root + "/" + relative), let text = TextDecoding.decode(data) else { continue }
            var inFrontMatter = false
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if number == 0 { inFrontMatter = trimmed.hasSuffix("---"); if !inFrontMatter { break }; continue }
                if trimmed == "---" { break }
                if trimmed.hasPrefix("imported:") {
                    var value = trimmed.dropFirst("imported:".count).trimmingCharacters(in: .whitespaces)
                    if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                    ids.insert(value)
                }
            }
        }
        return ids
    }

    /// Writes the plan (or, for a dry run, only counts what it would write).
    public func apply(_ plan: ImportPlan, dryRun: Bool) throws(NewEntry.WriteError) -> Summary {
        var summary = Summary(skipped: plan.skipped)
        let known = importedIDs()
        for entry in plan.entries {
            if known.contains(entry.sourceID) {
                summary.alreadyThere += 1
                continue
            }
            summary.entries += 1
            for file in entry.files {
                if MediaItem.isPhoto(file.name) { summary.photos += 1 } else { summary.videos += 1 }
            }
            let stem = NewEntry.freeStem(entry.stem, journal: journal, withBundle: !entry.files.isEmpty)
            summary.written.append("entries/\(stem).md")
            if !dryRun { _ = try NewEntry.create(text: entry.text, stem: stem, journal: journal, files: entry.files) }
        }
        // Mood lines: each once; a line already in moods.log is not added again.
        let log = journal + "/moods.log"
        let existing = Set((FileIO.read(log).flatMap(TextDecoding.decode) ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        var seen = Set<String>()
        let fresh = plan.moodLines.filter { !existing.contains($0) && seen.insert($0).inserted }
        summary.alreadyThere += plan.moodLines.count - fresh.count
        summary.moods = fresh.count
        if !dryRun && !fresh.isEmpty {
            guard MoodLogWriter.append(fresh.joined(separator: "\n"), to: log) else { throw .init("cannot write \(log)") }
        }
        return summary
    }
}
