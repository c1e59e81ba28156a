import Foundation
import Synchronization
import Testing
@testable import JournalgenKit

/// The output under faults a writer meets: a full disk, a site owned by someone else, a build
/// killed at any moment. Two of them need root (to mount a small disk, to become another user);
/// CI runs as root.
@Suite(.serialized) struct OutputFaultTests {
    static let isRoot = getuid() == 0

    /// A disk that fills up mid-build: one message with the system's reason and the path, the count
    /// of the other files, and the previous site still whole.
    @Test(.enabled(if: isRoot)) func aFullDiskSaysSoOnceAndKeepsThePreviousSite() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let disk = journal.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try runCommand("/bin/mount", ["-t", "tmpfs", "-o", "size=600k", "tmpfs", disk.path])
        try #require(mount.status == 0, "mount: \(mount.err)")
        defer { _ = try? runCommand("/bin/umount", [disk.path]) }
        let output = disk.appendingPathComponent("site")
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: Small\n---\nBody\n")
        #expect(journal.build { $0.output = output }.succeeded)
        let before = snapshot(output)

        for day in 2...4 {
            try journal.write("entries/2026-04-0\(day)-big.md", "---\ntitle: Big \(day)\n---\n" + String(repeating: "word ", count: 40_000) + "\n")
        }
        // A private entry: its sealed part is written beside its place in the cache during the
        // build, and a build that fails must not leave it there.
        try journal.write("entries/2026-04-05-private.md", "---\ntitle: Hidden\nprivate: true\n---\nNot here.\n")
        let report = journal.build {
            $0.output = output
            $0.passphrase = { _ in TestPassphrase.value }
        }
        #expect(!report.succeeded)
        let privateCache = journal.root.appendingPathComponent(".journalgen-cache/private").path
        let left = (try? FileManager.default.contentsOfDirectory(atPath: privateCache)) ?? []
        #expect(!left.contains { $0.contains(".new-") }, "nothing written aside is left: \(left)")
        let messages = report.diagnostics.map(\.message)
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("No space left on device") == true, "\(messages)")
        #expect(messages.first?.contains(output.path) == true, "the path is named: \(messages)")
        #expect(messages.first?.contains("more file") == true, "the other failures are counted: \(messages)")
        #expect(snapshot(output) == before)
    }

    /// A site left by another user: journalgen, running as `nobody`, cannot replace it and says so
    /// with the reason, every time, and the folder stays as it was.
    @Test(.enabled(if: isRoot)) func aSiteOwnedBySomeoneElseIsAClearErrorEveryTime() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nBody\n")
        #expect(journal.build().succeeded)
        let before = snapshot(journal.output)
        // The journal and its folder are open to everyone; the site stays root's.
        _ = try runCommand("/bin/chmod", ["-R", "a+rwX", journal.root.path])
        _ = try runCommand("/bin/chmod", ["-R", "go-w", journal.output.path])
        for _ in 0..<2 {
            let run = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                          CommandLineTests.binary.path, "build", journal.root.path, "--today", "2026-11-22"],
                                     environment: ["NO_COLOR": "1", "HOME": journal.root.path])
            #expect(run.status != 0)
            #expect(run.err.contains("cannot replace \(journal.output.path): Permission denied"), "\(run.err)")
            #expect(!run.err.contains("could not be completed"), "\(run.err)")
        }
        #expect(snapshot(journal.output) == before)
    }

    /// A file dropped into the output by hand: `check` names it, and the next build, which
    /// replaces the folder, removes it (whether it starts from a clone of the site or the spare).
    @Test func filesThatAreNotTheSiteAreNamedByCheckAndRemovedByBuild() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nBody\n")
        // At the top, beside a page, in a folder of its own: the build that replaces the site
        // prunes the previous one by its record only when no folder of it changed since.
        let dropped = ["notes-0.txt", "2026/04/01/a/notes-1.txt", "2026/mine/notes-2.txt"]
        for round in 0..<3 {
            #expect(journal.build().succeeded)
            try journal.write("_site/" + dropped[round], "mine")
            let check = journal.build { $0.writeOutput = false }
            #expect(check.diagnostics.map(\.message) == ["1 file in the output folder is not part of the site (\(dropped[round])): published with it until the next build removes it; expected only what journalgen writes there (files the site needs go in static/)"])
            #expect(journal.build().succeeded)
            #expect(!FileManager.default.fileExists(atPath: journal.output.appendingPathComponent(dropped[round]).path), "round \(round)")
            #expect(!FileManager.default.fileExists(atPath: journal.root.appendingPathComponent("._site.journalgen-spare/" + dropped[round]).path), "round \(round): kept in the spare, the next build would publish it")
            #expect(journal.build { $0.writeOutput = false }.diagnostics.isEmpty)
        }
    }

    /// Builds killed with SIGKILL at moments spread over a whole build: the output path holds a
    /// whole site at every instant (watched by a thread that never stops looking), and the next
    /// build removes what the killed ones left.
    @Test func aKilledBuildNeverLeavesTheOutputMissing() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        for day in 1...28 {
            for hour in 0..<6 {
                let tag = ["walks", "work", "food"][(day + hour) % 3]
                try journal.write(String(format: "entries/2026-03-%02d-note-%d.md", day, hour),
                                  "---\ntitle: Note \(day) \(hour)\ntags: [\(tag)]\n---\n" + String(repeating: "A line of text.\n\n", count: 40))
            }
        }
        let build = [CommandLineTests.binary.path, "build", journal.root.path, "--today", "2026-11-22"]
        let first = try runCommand(build[0], Array(build.dropFirst()))
        try #require(first.status == 0, "\(first.err)")
        let index = journal.output.appendingPathComponent("index.html").path
        let marker = journal.output.appendingPathComponent(StagedOutput.markerName).path

        let misses = Atomic<Int>(0), looking = Atomic<Bool>(true)
        let watcher = Thread {
            while looking.load(ordering: .relaxed) {
                if access(index, R_OK) != 0 || access(marker, R_OK) != 0 { misses.add(1, ordering: .relaxed) }
            }
        }
        watcher.start()
        // Time a whole build, then kill builds at fractions of that time, and let some finish.
        let started = Date()
        #expect(try runCommand(build[0], Array(build.dropFirst())).status == 0)
        let whole = Date().timeIntervalSince(started)
        var killed = 0
        for step in 0..<12 {
            let edit = String(format: "entries/2026-03-%02d-note-0.md", step + 1)
            try journal.write(edit, "---\ntitle: Edited \(step)\n---\nChanged.\n")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: build[0])
            process.arguments = Array(build.dropFirst())
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(whole * Double(step) / 10 * 1_000_000))
            if process.isRunning { kill(process.processIdentifier, SIGKILL); killed += 1 }
            process.waitUntilExit()
        }
        let last = try runCommand(build[0], Array(build.dropFirst()))
        looking.store(false, ordering: .relaxed)
        #expect(last.status == 0, "\(last.err)")
        #expect(killed >= 3, "the builds were killed while they ran (\(killed) of 12)")
        #expect(misses.load(ordering: .relaxed) == 0, "the output was missing or half there \(misses.load(ordering: .relaxed)) times")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: journal.root.path).filter { $0.contains("journalgen-new") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(try String(contentsOfFile: journal.output.appendingPathComponent("2026/03/12/note-0/index.html").path, encoding: .utf8).contains("Edited 11"))
    }
}
