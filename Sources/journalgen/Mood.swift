import ArgumentParser
import Foundation
import JournalgenKit

extension Journalgen {
    struct Mood: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mood",
            abstract: "Log a mood now: one line at the end of moods.log.",
            discussion: """
                LEVEL is a mood of the journal's scale: its value, its label or its number (1 = the \
                best). The line is `YYYY-MM-DD HH:MM level note`, in the journal's time zone; nothing \
                else in the file changes.

                Examples:
                  journalgen mood good coffee with Ana
                  journalgen mood 4 "long day" --at "2026-11-22 21:40"
                """)

        @Argument(help: "The mood: value, label or number (1 = best).")
        var level: String

        @Argument(help: "A note (words are joined with spaces).")
        var note: [String] = []

        @Option(help: ArgumentHelp("When: YYYY-MM-DD HH:MM (default: now).", valueName: "time"))
        var at: String?

        @Option(help: ArgumentHelp("Whose mood: an author's id or name (default: JOURNALGEN_AUTHOR, git's user.name, or the journal's default author).", valueName: "id"))
        var author: String?

        @OptionGroup var workspace: WorkspaceOptions

        func run() throws {
            let journal = try workspace.open()
            guard let mood = MoodLogWriter.level(level, in: journal.config.moods) else {
                throw ValidationError("'\(level)' is not on the journal's scale; expected one of \(journal.config.moods.levels.map(\.value).joined(separator: ", ")), or 1 to \(journal.config.moods.levels.count)")
            }
            var when = try moment(at, option: "--at", zone: journal.config.timeZone)
            when.hasTime = true
            // Another author's mood goes to their own moods/ID.log if they keep one, else to
            // moods.log marked @ID; the default author's needs no mark.
            let writer = try journal.writer(author)
            var path = journal.root.appendingPathComponent("moods.log").path
            var mark: String?
            if let writer, writer.id != journal.config.authors.defaultID {
                let own = journal.root.appendingPathComponent("moods/\(writer.id).log").path
                if FileManager.default.fileExists(atPath: own) { path = own } else { mark = writer.id }
            }
            let line = MoodLogWriter.line(level: mood, note: note.joined(separator: " "), at: when, author: mark)
            guard MoodLogWriter.append(line, to: path) else { throw ValidationError("cannot write \(path)") }
            print("\(mood.emoji) \(mood.label), \(when.dayAndMinute) → \(DisplayPaths().display(path: path))")
        }
    }

    struct Moods: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "moods",
            abstract: "Show the latest moods: quick logs and entries' moods, newest first.",
            discussion: """
                Examples:
                  journalgen moods
                  journalgen moods -n 30
                """)

        @Option(name: .short, help: ArgumentHelp("How many.", valueName: "n"))
        var n = 10

        @Option(help: ArgumentHelp("Leave out what comes after this day, YYYY-MM-DD (default: today).", valueName: "day"))
        var today: String?

        @OptionGroup var workspace: WorkspaceOptions

        func run() throws {
            let journal = try workspace.open()
            let last = try day(today, option: "--today", zone: journal.config.timeZone)
            let diagnostics = DiagnosticsEngine()
            let loaded = journal.load(diagnostics: diagnostics)
            try report(diagnostics)
            for line in MoodListing.lines(loaded, through: last, count: n) { print(line) }
        }
    }
}

/// The moods of `journalgen moods`: log lines and entries' moods merged, newest first.
enum MoodListing {
    static func lines(_ journal: LoadedJournal, through last: CalendarDay, count: Int) -> [String] {
        typealias Item = (date: EntryDate, level: MoodLevel, text: String)
        var items: [Item] = journal.moodLog.map { ($0.date, $0.level, $0.note ?? "") }
        items += journal.entries.compactMap { entry in entry.mood.map { (entry.date, $0, "✎ " + entry.title) } }
        let shown = items.filter { $0.date.day <= last }.sorted { $0.date.instant > $1.date.instant }.prefix(max(0, count))
        guard !shown.isEmpty else { return ["No moods yet: journalgen mood good"] }
        return shown.map { item in
            let when = item.date.dayAndMinute.padding(toLength: 16, withPad: " ", startingAt: 0)
            let mood = "\(item.level.emoji) \(item.level.value)"
            return [when, mood.paddedToColumns(10), item.text]
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}
