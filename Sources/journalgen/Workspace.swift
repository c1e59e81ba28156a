import ArgumentParser
import Foundation
import JournalgenKit

/// `--journal`, for the commands that work inside a journal (new, mood, moods, due, list, …).
struct WorkspaceOptions: ParsableArguments {
    @Option(name: [.customShort("J"), .long],
            help: ArgumentHelp("The journal folder (default: the one the current folder is in).", valueName: "dir"),
            completion: .directory)
    var journal: String?

    /// The journal at `--journal`, or the nearest one at or above `start` (default: here).
    func open(near start: String? = nil) throws -> JournalWorkspace {
        let root: URL
        if let journal {
            root = URL(fileURLWithPath: journal)
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(JournalConfig.fileName).path) else {
                throw ValidationError("\(journal) has no journal.yaml; expected a journal folder (journalgen init makes one)")
            }
        } else {
            let from = URL(fileURLWithPath: start ?? FileManager.default.currentDirectoryPath)
            guard let found = JournalWorkspace.find(from: from) else {
                throw ValidationError("no journal.yaml in \(start ?? "this folder") or a folder above it; expected to run inside a journal, or --journal DIR (journalgen init makes one)")
            }
            root = found
        }
        let diagnostics = DiagnosticsEngine()
        guard let workspace = JournalWorkspace.open(root, diagnostics: diagnostics) else {
            try report(diagnostics)
            throw ExitCode(1)
        }
        return workspace
    }
}

extension JournalWorkspace {
    /// The entry at `file`, read with the journal's settings; its problems end the command.
    func entryOrExit(_ file: String) throws -> Entry {
        let diagnostics = DiagnosticsEngine()
        guard let entry = entry(at: file, diagnostics: diagnostics) else {
            try report(diagnostics)
            throw ExitCode(1)
        }
        return entry
    }

    /// Applies the edits to `file`, or prints why not and ends the command.
    func editOrExit(_ file: String, _ edits: [FrontMatterEditor.Edit]) throws {
        let diagnostics = DiagnosticsEngine()
        guard edit(file, edits, diagnostics: diagnostics) else {
            try report(diagnostics)
            throw ExitCode(1)
        }
    }
}

/// Prints what `diagnostics` collected; exits 1 if there were errors.
func report(_ diagnostics: DiagnosticsEngine) throws {
    DiagnosticPrinter().print(diagnostics.diagnostics)
    if diagnostics.hasErrors { throw ExitCode(1) }
}

/// A day from `--today`, or today in the journal's time zone.
func day(_ text: String?, option: String, zone: TimeZone) throws -> CalendarDay {
    guard let text else { return zone.today() }
    guard let day = CalendarDay(iso: text), text.count == 10 else {
        throw ValidationError(impossibleDay(text, option: option) ?? "\(option) '\(text)' is not a day; expected YYYY-MM-DD")
    }
    return day
}

/// "2026-02-30" is written as a day should be but is not one: say that, not "expected YYYY-MM-DD".
func impossibleDay(_ text: String, option: String) -> String? {
    let digits = Array(text.prefix(10).utf8)
    guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
          let year = Int(text.prefix(4)), let month = Int(text.dropFirst(5).prefix(2)), let dayNumber = Int(text.dropFirst(8).prefix(2)),
          CalendarDay(iso: text.prefix(10)) == nil else { return nil }
    guard (1...12).contains(month) else {
        return "\(option) '\(text)': there is no month \(month); expected a month from 01 to 12"
    }
    let days = CalendarDay.daysIn(month: month, year: year)
    let name = DateFormatter().monthSymbols[month - 1]
    return "\(option) '\(text)': \(name) \(year) has \(days) days, so there is no day \(dayNumber); expected a day from 01 to \(days)"
}

/// A moment from `--date`/`--at` (`2026-11-22`, `2026-11-22 08:10`, ISO 8601), or now.
func moment(_ text: String?, option: String, zone: TimeZone) throws -> EntryDate {
    guard let text else { return EntryDate(Date(), zone: zone) }
    do {
        return try EntryDate.parse(text, zone: zone)
    } catch {
        throw ValidationError(impossibleDay(text, option: option) ?? "\(option) '\(text)' is not a date; expected YYYY-MM-DD, YYYY-MM-DD HH:MM or 2026-11-22T08:10:00+01:00")
    }
}

/// Both ends of the conversation are a terminal: questions can be asked.
var isInteractive: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 }
