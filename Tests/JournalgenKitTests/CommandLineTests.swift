import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
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

    @Test func aKeyCacheThatIsNotANumberIsAClearError() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nBody\n")
        let result = try run(["build", "--today", "2026-11-22"], in: journal.root, environment: ["JOURNALGEN_KEY_CACHE": "soon"])
        #expect(result.status != 0)
        #expect(result.err.contains("JOURNALGEN_KEY_CACHE='soon' is not a number of seconds; expected a whole number such as 900, or 0 or off to keep no key"), "\(result.err)")
        let off = try run(["build", "--today", "2026-11-22"], in: journal.root, environment: ["JOURNALGEN_KEY_CACHE": "off"])
        #expect(off.status == 0, "\(off.err)")
    }

    @Test func buildPrintsASummaryAndErrorsExitNonZero() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nBody\n")
        let ok = try run(["build", "--today", "2026-11-22"], in: journal.root)
        #expect(ok.status == 0, "\(ok.err)")
        #expect(ok.out.hasPrefix("Built 1 entry (15 pages, 4 files) in "))
        #expect(ok.out.contains("→ _site"))
        // Again, with an edit: the summary says how little was rendered.
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nBody, longer.\n")
        let again = try run(["build", "--today", "2026-11-22"], in: journal.root)
        #expect(again.out.hasPrefix("Built 1 entry (15 pages, "))
        let rendered = again.out.firstMatch(of: /15 pages, (\d+) rendered/).map { Int($0.1)! }
        #expect(rendered.map { $0 > 0 && $0 < 15 } == true, "\(again.out)")

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

    /// `journalgen serve` on a one-entry journal, once its port takes connections; through
    /// `launcher` (such as nohup) when given. Its output goes to `output`.
    func startServe(_ journal: TemporaryJournal, launcher: String? = nil, output: Pipe) throws -> Process {
        let port = Int(testPort())
        let process = Process()
        let arguments = ["serve", "--port", "\(port)", "--today", "2026-11-22"]
        process.executableURL = launcher.map { URL(fileURLWithPath: $0) } ?? Self.binary
        process.arguments = launcher == nil ? arguments : [Self.binary.path] + arguments
        process.currentDirectoryURL = journal.root
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1", "JOURNALGEN_KEY_CACHE": "0"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        var listening = false
        while !listening && Date() < deadline && process.isRunning {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            listening = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(socket)
            if !listening { usleep(50_000) }
        }
        #expect(listening, "serve did not listen on port \(port)")
        return process
    }

    /// Closing the terminal (SIGHUP) stops `serve` as Ctrl-C does: the cache saved, exit status 0,
    /// so the next `serve` starts from the kept site, not from a half-made folder.
    @Test(arguments: [SIGHUP, SIGINT, SIGTERM]) func serveStopsCleanlyWhenTheTerminalCloses(signal number: Int32) throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nBody\n")
        let out = Pipe()
        let process = try startServe(journal, output: out)
        kill(process.processIdentifier, number)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "signal \(number): \(process.terminationReason == .exit ? "exit" : "killed") \(process.terminationStatus)\n\(output)")
        #expect(output.contains("Built 1 entry in ") && output.contains("Stopped."), "\(output)")
        #expect(FileManager.default.fileExists(atPath: journal.root.appendingPathComponent(".journalgen-cache/entries").path))
    }

    /// Ctrl-C while the passphrase is typed gives the terminal its echo back: it stayed off after
    /// journalgen had ended, and the shell seemed broken until `reset`. Started as a shell starts
    /// it (no signal blocked: a child of this test's threads would inherit their mask), with the
    /// terminal as its standard input.
    @Test(arguments: ["build", "serve"]) func ctrlCAtThePassphrasePromptGivesTheEchoBack(command: String) throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\nprivate: true\n---\nSecret\n")
        var primary: Int32 = 0, secondary: Int32 = 0
        try #require(openpty(&primary, &secondary, nil, nil, nil) == 0)
        defer { close(primary); close(secondary) }
        let arguments = [Self.binary.path, command, journal.root.path, "--today", "2026-11-22"]
            + (command == "serve" ? ["--port", "\(testPort())"] : [])
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "JOURNALGEN_PASSPHRASE" }
            .map { "\($0.key)=\($0.value)" } + ["JOURNALGEN_KEY_CACHE=0"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, secondary, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), stops = sigset_t()
        sigemptyset(&none)
        sigemptyset(&stops)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stops, number) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &stops)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let cArguments = arguments.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var child: pid_t = 0
        try #require(posix_spawn(&child, Self.binary.path, &actions, &attributes, cArguments, cEnvironment) == 0)
        func echoes() -> Bool {
            var settings = termios()
            tcgetattr(secondary, &settings)
            return settings.c_lflag & tcflag_t(ECHO) != 0
        }
        let deadline = Date().addingTimeInterval(30)
        while echoes() && Date() < deadline { usleep(20_000) }
        #expect(!echoes(), "the prompt did not turn the echo off")
        kill(child, SIGINT)
        var status: Int32 = 0
        waitpid(child, &status, 0)
        #expect(echoes(), "\(command) left the terminal without echo")
    }

    /// Under `nohup`, closing the terminal leaves `serve` serving; `kill` still stops it.
    @Test func serveUnderNohupKeepsServingWhenTheTerminalCloses() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/nohup") else { return }
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nBody\n")
        let out = Pipe()
        let process = try startServe(journal, launcher: "/usr/bin/nohup", output: out)
        kill(process.processIdentifier, SIGHUP)
        usleep(500_000)
        #expect(process.isRunning, "serve stopped on SIGHUP under nohup")
        kill(process.processIdentifier, SIGTERM)
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
}

/// `tasks`, `done`, `undo` and `--author`, through the real binary.
@Suite struct TaskCommandTests {
    func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> CommandResult {
        try CommandLineTests().run(arguments, in: folder, environment: environment)
    }

    @Test func tasksDoneUndoAndAuthors() throws {
        let journal = try TemporaryJournal(config: "title: T\ntimezone: UTC\nauthor: ana\nauthors: {ana: {name: Ana}, ben: {name: Ben Ng}}\n")
        defer { journal.remove() }
        let text = "---\r\ntitle: List\r\n---\r\n- [ ] ! fix the tap (due 2026-04-02) @ben\r\n- [ ] water the plants\r\n- [x] water the garden\r\n- [ ] water the ferns\r\n"
        try journal.write("entries/2026-04-01-list.md", text)
        let listed = try run(["tasks", "--open", "--today", "2026-04-05"], in: journal.root)
        #expect(listed.status == 0, "\(listed.err)")
        #expect(listed.out.split(separator: "\n").first == "[ ] ! fix the tap  due 2026-04-02 (overdue)  → ben  entries/2026-04-01-list.md:4")
        let json = try run(["tasks", "--author", "ben", "--json"], in: journal.root)
        let items = try #require(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(items.map { $0["text"] as? String } == ["fix the tap"], "assigned to Ben; the others are Ana's (the default author)")

        let ambiguous = try run(["done", "water"], in: journal.root)
        #expect(ambiguous.status != 0 && ambiguous.err.contains("entries/2026-04-01-list.md:5  water the plants"), "\(ambiguous.err)")
        #expect(try run(["done", "water", "the", "plants"], in: journal.root).status == 0)
        #expect(try journal.read("entries/2026-04-01-list.md") == text.replacingOccurrences(of: "- [ ] water the plants", with: "- [x] water the plants"))
        #expect(try run(["undo", "entries/2026-04-01-list.md:5"], in: journal.root).status == 0)
        #expect(try journal.read("entries/2026-04-01-list.md") == text, "byte for byte, CRLF kept")
        let notATask = try run(["done", "entries/2026-04-01-list.md:2"], in: journal.root)
        #expect(notATask.status == 1 && notATask.err.contains("entries/2026-04-01-list.md:2:1: error: line 2 is not a task of the entry"))

        // Who writes: --author, JOURNALGEN_AUTHOR (an id or a name), else the default.
        #expect(try run(["mood", "good", "--author", "ben", "--at", "2026-04-01 09:00"], in: journal.root).status == 0)
        #expect(try run(["mood", "bad", "--at", "2026-04-01 10:00"], in: journal.root, environment: ["JOURNALGEN_AUTHOR": "Ben Ng"]).status == 0)
        #expect(try run(["mood", "so-so", "--at", "2026-04-01 11:00"], in: journal.root, environment: ["JOURNALGEN_AUTHOR": ""]).status == 0)
        #expect(try journal.read("moods.log") == "2026-04-01 09:00 @ben good\n2026-04-01 10:00 @ben bad\n2026-04-01 11:00 so-so\n")
        let unknown = try run(["new", "X", "--author", "bne", "--no-edit"], in: journal.root)
        #expect(unknown.status != 0 && unknown.err.contains("--author 'bne' is not an author of the journal; expected one of: ana, ben; did you mean 'ben'?"))
        #expect(try run(["new", "By Ben", "--author", "ben", "--date", "2026-04-03", "--no-edit"], in: journal.root).status == 0)
        #expect(try journal.read("entries/2026/2026-04-03-by-ben.md").contains("\nauthor: ben\n"))
        #expect(try run(["list", "--author", "ben"], in: journal.root).out.contains("By Ben"))
    }
}
