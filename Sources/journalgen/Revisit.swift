import ArgumentParser
import Foundation
import JournalgenKit

extension Journalgen {
    struct Due: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "due",
            abstract: "The entries due for a revisit today, oldest due first (the Today tab).",
            discussion: """
                An entry with `revisit: 3 weeks` is due 3 weeks after its date. Then read it again \
                and either set the next revisit (journalgen revisit FILE 3 months) or, if the idea \
                came true, put it on the List of Glory (journalgen glory FILE).

                Examples:
                  journalgen due
                  journalgen due --today 2026-12-24
                """)

        @Option(help: ArgumentHelp("The day to look from, YYYY-MM-DD (default: today).", valueName: "day"))
        var today: String?

        @OptionGroup var workspace: WorkspaceOptions

        func run() throws {
            let journal = try workspace.open()
            let now = try day(today, option: "--today", zone: journal.config.timeZone)
            let diagnostics = DiagnosticsEngine()
            let entries = journal.load(diagnostics: diagnostics).entries
            try report(diagnostics)
            let schedule = RevisitSchedule(entries: entries, today: now)
            if schedule.due.isEmpty { print("Nothing to revisit today.") }
            for item in schedule.due {
                let entry = entries[item.entry]
                let late = now.daysSinceEpoch - item.due.daysSinceEpoch
                let when = late == 0 ? "due today" : "due \(item.due) (\(late) day\(late == 1 ? "" : "s") ago)"
                print("\(when)  \(entry.title)  entries/\(entry.relativePath)")
            }
            if let next = schedule.upcoming.first {
                print("Next: \(entries[next.entry].title) on \(next.due)" + (schedule.upcoming.count > 1 ? ", and \(schedule.upcoming.count - 1) more in the next \(RevisitSchedule.window) days" : ""))
            }
        }
    }

    struct Revisit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revisit",
            abstract: "Set when an entry comes back: INTERVAL from today (or `off`).",
            discussion: """
                Writes `revisit:` in the entry's front matter as an interval from the entry's date \
                when the day asked for is a whole number of those units after it, else as that day \
                (revisit: 2026-12-13). Only that line changes.

                Examples:
                  journalgen revisit entries/2026/2026-11-21-fog.md 3 weeks
                  journalgen revisit entries/2026/2026-11-21-fog.md off
                """)

        @Argument(help: "The entry's file.", completion: .file(extensions: ["md"]))
        var file: String

        @Argument(help: "How long from today: a number and days, weeks, months or years; or off.")
        var interval: [String]

        @Option(help: ArgumentHelp("Count from this day, YYYY-MM-DD (default: today).", valueName: "day"))
        var today: String?

        @OptionGroup var workspace: WorkspaceOptions

        func run() throws {
            let journal = try workspace.open(near: file)
            let entry = try journal.entryOrExit(file)
            let text = interval.joined(separator: " ")
            if ["off", "never", "none"].contains(text.lowercased()) {
                try journal.editOrExit(file, [.remove("revisit")])
                print("\(file): no revisit")
                return
            }
            guard let asked = RevisitInterval.parse(text), asked.day == nil else {
                throw ValidationError("'\(text)' is not an interval; expected a number and days, weeks, months or years, such as '3 weeks' (at most \(RevisitInterval.maximumYears) years), or off")
            }
            let now = try day(today, option: "--today", zone: journal.config.timeZone)
            let written = RevisitInterval.written(from: entry.date.day, amount: asked.amount, unit: asked.unit, today: now)
            let value: FrontMatterEditor.Value = written.day.map { .day($0) } ?? .text(written.description)
            try journal.editOrExit(file, [.set("revisit", value)])
            print("\(file): revisit: \(written.day?.description ?? written.description) (due \(written.after(entry.date.day)))")
        }
    }

    struct Glory: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "glory",
            abstract: "Put an entry on the List of Glory: the idea came true. Clears its revisit.",
            discussion: """
                Writes `glory: DAY` (default: today) and removes `revisit:`; only those lines change.

                Examples:
                  journalgen glory entries/2026/2026-06-28-summer-plans.md
                  journalgen glory entries/2026/2026-06-28-summer-plans.md --date 2026-07-19
                """)

        @Argument(help: "The entry's file.", completion: .file(extensions: ["md"]))
        var file: String

        @Option(help: ArgumentHelp("The day it came true, YYYY-MM-DD (default: today).", valueName: "day"))
        var date: String?

        @OptionGroup var workspace: WorkspaceOptions

        func run() throws {
            let journal = try workspace.open(near: file)
            _ = try journal.entryOrExit(file)
            let realised = try day(date, option: "--date", zone: journal.config.timeZone)
            try journal.editOrExit(file, [.set("glory", .day(realised)), .remove("revisit")])
            print("\(file): on the List of Glory, realised \(realised)")
        }
    }
}
