import Foundation
import Testing
@testable import JournalgenKit

/// Runs the real `journalgen` binary, as a user would.
@Suite struct CommandLineTests {
    static var binary: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [testBinary, testBinary.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
            let candidate = folder.appendingPathComponent("journalgen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/journalgen")
    }

    func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> CommandResult {
        try runCommand(Self.binary.path, arguments, environment: environment.merging(["NO_COLOR": "1"]) { $1 }, in: folder)
    }

    @Test func versionAndHelp() throws {
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.out.trimmingCharacters(in: .whitespacesAndNewlines) == JournalgenVersion.current)
        let help = try run(["build", "--help"])
        #expect(help.status == 0)
        for option in ["--output", "--drafts", "--base-url", "--strict", "--today"] {
            #expect(help.out.contains(option), "\(option) missing from --help")
        }
    }

    @Test func buildPrintsASummaryAndErrorsExitNonZero() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nBody\n")
        let ok = try run(["build", "--today", "2026-11-22"], in: journal.root)
        #expect(ok.status == 0, "\(ok.err)")
        #expect(ok.out.hasPrefix("Built 1 entry (15 pages, 4 files) in "))
        #expect(ok.out.contains("→ _site"))

        try journal.write("entries/2026-04-02-b.md", "---\nmood: meh\n---\n")
        try journal.write("entries/2026-04-03-c.md", "---\ndate: soon\n---\n")
        let bad = try run(["build", journal.root.path, "--today", "2026-11-22"])
        #expect(bad.status == 1)
        let lines = bad.err.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("entries/2026-04-02-b.md:2:7: error: mood 'meh' is not on the journal's scale; expected one of: amazing, good, so-so, bad, horrible") })
        #expect(lines.contains { $0.hasSuffix("entries/2026-04-03-c.md:2:7: error: date 'soon' is not a date; expected 2026-04-03, \"2026-04-03 18:20\" or 2026-04-03T18:20:00+09:00") })
        #expect(lines.last == "Build failed: 2 errors; the previous site was left as it was")
        #expect(try journal.read("_site/2026/04/01/a/index.html").contains("Body"))
    }

    @Test func checkWritesNothing() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "Body\n")
        let result = try run(["check", journal.root.path, "--today", "2026-11-22"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("Checked 1 entry"))
        #expect(!FileManager.default.fileExists(atPath: journal.output.path))
    }

    @Test func badTodayIsAUsageError() throws {
        let result = try run(["build", "--today", "22/11/2026"])
        #expect(result.status != 0)
        #expect(result.err.contains("--today '22/11/2026' is not a day; expected YYYY-MM-DD"))
    }

    @Test func privateEntriesNeedAPassphraseAndUnlockOpensThem() throws {
        let journal = try PrivacyTests.makeJournal()
        defer { journal.remove() }
        let refused = try run(["build", "--today", "2026-11-22"], in: journal.root, environment: ["JOURNALGEN_PASSPHRASE": ""])
        #expect(refused.status == 1)
        #expect(refused.err.contains("journal.yaml:1:1: error: 2 private entries need a passphrase"))
        let secret = ["JOURNALGEN_PASSPHRASE": TestPassphrase.value]
        let built = try run(["build", "--today", "2026-11-22"], in: journal.root, environment: secret)
        #expect(built.status == 0, "\(built.err)")
        #expect(built.out.contains("2 private entries encrypted"))
        let opened = try run(["unlock", "_site/private/"], in: journal.root, environment: secret)
        #expect(opened.status == 0, "\(opened.err)")
        #expect(opened.out.hasPrefix("<!-- Private entries · Test journal -->") && opened.out.contains(">Titlemarker</a>"))
        let byURL = try run(["unlock", "https://example.org/j/private/", "--site", "_site"], in: journal.root, environment: secret)
        #expect(byURL.status == 0, "\(byURL.err)")
        let wrong = try run(["unlock", "_site/private/index.html"], in: journal.root, environment: ["JOURNALGEN_PASSPHRASE": "nope"])
        #expect(wrong.status == 1 && wrong.err.contains("error: the passphrase does not open this page"))
    }
}
