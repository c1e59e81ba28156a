import ArgumentParser
import Foundation
import JournalgenKit

/// Options shared by the commands that read a whole journal.
struct JournalOptions: ParsableArguments {
    @Argument(help: "The journal folder (with journal.yaml and entries/).", completion: .directory)
    var journal: String = "."

    @Flag(help: "Include entries marked `draft: true`.")
    var drafts = false

    @Flag(help: "Include entries dated after today (left out by default).")
    var future = false

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Print the time each stage took.")
    var timings = false

    @Flag(help: "Leave private entries out instead of encrypting them (no passphrase needed).")
    var skipPrivate = false

    @Flag(help: "Encrypt the private entries with a new passphrase (asked twice), on purpose; without it a passphrase other than the last build's is an error.")
    var newPassphrase = false

    @Option(help: ArgumentHelp("The day to build for, YYYY-MM-DD (default: today in the journal's time zone).", valueName: "day"))
    var today: String?

    /// The journal folder: as given, or, when none is given and this folder has no journal.yaml,
    /// the nearest folder above that has one (as git finds its repository, and as `new` does).
    var journalFolder: URL {
        let given = URL(fileURLWithPath: journal)
        guard journal == ".", !FileManager.default.fileExists(atPath: given.appendingPathComponent(JournalConfig.fileName).path),
              let found = JournalWorkspace.find(from: given) else { return given }
        return found
    }

    func buildOptions() throws -> BuildOptions {
        var options = BuildOptions(journal: journalFolder)
        options.includeDrafts = drafts
        options.includeFuture = future
        options.strict = strict
        options.skipPrivate = skipPrivate
        options.newPassphrase = newPassphrase
        options.passphrase = Passphrase.obtain
        options.passphraseAtHand = Passphrase.fromEnvironment != nil
        options.keyAgent = try Passphrase.keyAgent()
        if let today {
            guard let day = CalendarDay(iso: today) else {
                throw ValidationError("--today '\(today)' is not a day; expected YYYY-MM-DD")
            }
            options.today = day
        }
        return options
    }
}

/// Prints a build's messages and summary; exits non-zero when it failed.
func finish(_ report: BuildReport, options: BuildOptions, quiet: Bool, timings: Bool) throws {
    DiagnosticPrinter().print(report.diagnostics)
    if timings {
        for (name, seconds, resident) in report.stages {
            print(String(format: "%8.3f s %6d MB  ", seconds, resident) + name)
        }
    }
    if !quiet || !report.succeeded {
        let lines = [report.externalLinks, report.summary(paths: options.paths)].compactMap { $0 }.joined(separator: "\n")
        if report.succeeded { print(lines) } else { FileHandle.standardError.write(Data((lines + "\n").utf8)) }
    }
    if !report.succeeded { throw ExitCode(1) }
}
