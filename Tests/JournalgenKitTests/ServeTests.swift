import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
@testable import JournalgenKit

/// `journalgen serve`: the HTTP side (types, 404, Range, live-reload script, errors over the
/// page) in-process, and the watcher's batches. The browser side runs in `make browser-test`.
final class ServeTests: XCTestCase {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journalgen-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A port no one listens on now.
    func freePort() -> UInt16 { testPort() }

    func request(_ url: String, headers: [String: String] = [:], method: String = "GET") async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, response as! HTTPURLResponse)
    }

    func testServesTheSiteWithTypesRangesAnd404() async throws {
        let site = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        let files: [String: String] = [
            "index.html": "<!doctype html><html><body><p>Home</p></body></html>",
            "404.html": "<!doctype html><html><body><p>Our own 404</p></body></html>",
            "2026/04/kyoto/index.html": "<!doctype html><html><body><p>Kyoto</p></body></html>",
            "style.css": "body{}", "journal.js": "1", "search/year-2026.json": "{}", "feed.xml": "<feed/>", "reminders.ics": "BEGIN:VCALENDAR",
            "media/clip.mp4": String(repeating: "0123456789", count: 100), "media/walk.gpx": "<gpx/>",
        ]
        for (path, text) in files {
            let url = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try TestImages.jpeg.write(to: site.appendingPathComponent("media/photo.jpg"))
        let port = freePort()
        let live = LiveReload()
        let server = try SiteServer(site: site, host: "127.0.0.1", port: port, live: live)
        let task = Task { try await server.run() }
        defer { task.cancel() }
        try await server.waitUntilListening()
        let base = "http://127.0.0.1:\(port)"

        let types = ["/style.css": "text/css", "/journal.js": "text/javascript", "/search/year-2026.json": "application/json",
                     "/feed.xml": "application/xml", "/reminders.ics": "text/calendar", "/media/photo.jpg": "image/jpeg",
                     "/media/clip.mp4": "video/mp4", "/media/walk.gpx": "application/gpx+xml", "/": "text/html", "/2026/04/kyoto/": "text/html"]
        for (path, type) in types {
            let (_, response) = try await request(base + path)
            XCTAssertEqual(response.statusCode, 200, path)
            XCTAssertTrue((response.value(forHTTPHeaderField: "Content-Type") ?? "").hasPrefix(type), "\(path): \(response.value(forHTTPHeaderField: "Content-Type") ?? "none")")
        }

        // HTML gets the live-reload script; other files come as they are.
        let (home, _) = try await request(base + "/")
        XCTAssertTrue(String(decoding: home, as: UTF8.self).contains("data-journalgen-live"))
        let (css, _) = try await request(base + "/style.css")
        XCTAssertEqual(String(decoding: css, as: UTF8.self), "body{}")

        // Unknown paths: the site's own 404 page, with status 404; no climbing out of the site.
        for path in ["/no/such/page/", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"] {
            let (body, response) = try await request(base + path)
            XCTAssertEqual(response.statusCode, 404, path)
            XCTAssertTrue(String(decoding: body, as: UTF8.self).contains("Our own 404"), path)
        }

        // Ranges, as video players ask for them.
        let (part, partial) = try await request(base + "/media/clip.mp4", headers: ["Range": "bytes=10-19"])
        XCTAssertEqual(partial.statusCode, 206)
        XCTAssertEqual(partial.value(forHTTPHeaderField: "Content-Range"), "bytes 10-19/1000")
        XCTAssertEqual(String(decoding: part, as: UTF8.self), "0123456789")

        // A failed build: pages opened now carry its messages for the overlay; a good one clears them.
        live.built(errors: ["entries/a.md:3:7: error: 'sometime' is not a date; expected YYYY-MM-DD"])
        let (failed, _) = try await request(base + "/")
        XCTAssertTrue(String(decoding: failed, as: UTF8.self).contains("is not a date"))
        live.built(errors: [])
        let (fixed, _) = try await request(base + "/")
        XCTAssertFalse(String(decoding: fixed, as: UTF8.self).contains("is not a date"))

        // The page's fingerprint changes with the page, so tabs reload only when theirs changed.
        let (before, _) = try await request(base + "/__journalgen/version?path=/2026/04/kyoto/")
        try Data("<!doctype html><html><body><p>Kyoto, edited</p></body></html>".utf8).write(to: site.appendingPathComponent("2026/04/kyoto/index.html"))
        let (after, _) = try await request(base + "/__journalgen/version?path=/2026/04/kyoto/")
        let (home1, _) = try await request(base + "/__journalgen/version?path=/")
        let (home2, _) = try await request(base + "/__journalgen/version?path=/")
        XCTAssertNotEqual(before, after)
        XCTAssertEqual(home1, home2)
        await server.stop()
    }

    func testAPortInUseIsAClearError() async throws {
        let site = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        let port = freePort()
        let first = try SiteServer(site: site, host: "127.0.0.1", port: port, live: LiveReload())
        let task = Task { try await first.run() }
        defer { task.cancel() }
        try await first.waitUntilListening()
        XCTAssertThrowsError(try SiteServer(site: site, host: "127.0.0.1", port: port, live: LiveReload())) { error in
            XCTAssertTrue("\(error)".contains("port \(port) is already in use"), "\(error)")
            XCTAssertTrue("\(error)".contains("--port"), "\(error)")
        }
        await first.stop()
    }

    func testLiveReloadTellsEveryOpenTab() async throws {
        let live = LiveReload()
        let tab = live.connect()
        XCTAssertEqual(live.clientCount, 1)
        live.built(errors: ["x.md:1:1: error: broken"])
        live.built(errors: [])
        var messages: [String] = []
        for await message in tab {
            messages.append(message)
            if messages.count == 2 { break }
        }
        XCTAssertTrue(messages[0].contains("\"error\"") && messages[0].contains("broken"))
        XCTAssertEqual(messages[1], #"{"type":"built"}"#)
    }

    /// Collects the watcher's batches for a while.
    final class Batches: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [Set<String>] = []
        func add(_ batch: Set<String>) { lock.lock(); batches.append(batch); lock.unlock() }
        var all: [Set<String>] { lock.lock(); defer { lock.unlock() }; return batches }
    }

    func waitForBatches(_ batches: Batches, atLeast count: Int, settle: TimeInterval = 0.6) {
        let deadline = Date().addingTimeInterval(10)
        while batches.all.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        Thread.sleep(forTimeInterval: settle)
    }

    func testARenameSaveIsOneChange() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("entries/2026"), withIntermediateDirectories: true)
        let entry = root.appendingPathComponent("entries/2026/2026-03-01-day.md")
        try Data("first".utf8).write(to: entry)
        let batches = Batches()
        let watcher = FileWatcher(root: root.path)
        watcher.start { batches.add($0) }
        defer { watcher.stop() }
        Thread.sleep(forTimeInterval: 0.2)
        // As vim saves: the old file moved to a backup, the new one written, the backup deleted.
        let backup = root.appendingPathComponent("entries/2026/2026-03-01-day.md~")
        try FileManager.default.moveItem(at: entry, to: backup)
        try Data("second".utf8).write(to: root.appendingPathComponent("entries/2026/4913"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("entries/2026/4913"))
        try Data("second".utf8).write(to: entry)
        try FileManager.default.removeItem(at: backup)
        // As IDEs save: a temporary file renamed over the entry.
        let temporary = root.appendingPathComponent("entries/2026/.2026-03-01-day.md.tmp")
        try Data("third".utf8).write(to: temporary)
        _ = rename(temporary.path, entry.path)
        waitForBatches(batches, atLeast: 1)
        XCTAssertEqual(batches.all.count, 1, "\(batches.all)")
        XCTAssertEqual(batches.all.first, [entry.path])
    }

    /// One file saved and closed is reported after `settled`, not `quiet`: the writer's page
    /// comes back sooner. A second file right after makes the batch wait for `quiet` again.
    func testASingleFinishedSaveIsReportedWithoutWaitingForQuiet() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("entries"), withIntermediateDirectories: true)
        let batches = Batches()
        let watcher = FileWatcher(root: root.path, quiet: 1, settled: 0.02, longest: 5)
        watcher.start { batches.add($0) }
        defer { watcher.stop() }
        Thread.sleep(forTimeInterval: 0.2)
        let one = root.appendingPathComponent("entries/2026-03-01-one.md")
        var started = Date()
        try Data("one".utf8).write(to: one)
        waitForBatches(batches, atLeast: 1, settle: 0)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.7, "a single save waited for the quiet period")
        XCTAssertEqual(batches.all, [[one.path]])
        // Two files in a row: one batch, after the quiet period.
        let two = root.appendingPathComponent("entries/2026-03-02-two.md"), three = root.appendingPathComponent("entries/2026-03-03-three.md")
        started = Date()
        try Data("two".utf8).write(to: two)
        try Data("three".utf8).write(to: three)
        waitForBatches(batches, atLeast: 2, settle: 0.3)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 1)
        XCTAssertEqual(batches.all.count, 2, "batches: \(batches.all)")
        XCTAssertEqual(batches.all.last, [two.path, three.path])
    }

    /// A checkout that stops between its files for longer than a save's quiet period is still
    /// one batch once it is past a save's size (serve's `bulkFiles`, `bulkQuiet`). The quiet
    /// period is 0.15 s here, not serve's 50 ms, so that a stall of a loaded machine inside a
    /// group of 20 writes does not split it: what is tested is the pause between the groups.
    func testACheckoutThatPausesIsOneBatch() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("entries"), withIntermediateDirectories: true)
        let batches = Batches()
        let watcher = FileWatcher(root: root.path, quiet: 0.15)
        watcher.start { batches.add($0) }
        defer { watcher.stop() }
        Thread.sleep(forTimeInterval: 0.2)
        var written: Set<String> = []
        for part in 0..<3 {
            for i in 0..<20 {
                let file = root.appendingPathComponent("entries/entry-\(part)-\(i).md")
                try Data("entry \(i)".utf8).write(to: file)
                written.insert(file.path)
            }
            // Twice the quiet period, half the bulk one: without the rule, three batches.
            if part < 2 { Thread.sleep(forTimeInterval: 0.3) }
        }
        waitForBatches(batches, atLeast: 1, settle: 1)
        XCTAssertEqual(batches.all.count, 1, "batches: \(batches.all.map(\.count))")
        XCTAssertEqual(batches.all.first, written)
    }

    func testABurstOfFiveHundredFilesIsOneRebuild() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("entries"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("_site"), withIntermediateDirectories: true)
        let batches = Batches()
        // A longer quiet period and no cap than serve's: on a slow, busy machine the test's 500
        // writes took 2 s, with pauses over 50 ms (and, beside a compile, over 0.3 s) among them,
        // and the burst came in two batches. What is tested is that a burst is one batch, not how
        // fast this machine writes.
        let watcher = FileWatcher(root: root.path, ignoring: [root.appendingPathComponent("_site").path], quiet: 1.5, longest: 60)
        watcher.start { batches.add($0) }
        defer { watcher.stop() }
        Thread.sleep(forTimeInterval: 0.2)
        // As `git checkout` does: new folders and 500 files at once.
        for i in 0..<500 {
            let file = root.appendingPathComponent("entries/\(2000 + i % 25)/entry-\(i).md")
            if i < 25 { try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true) }
            try Data("entry \(i)".utf8).write(to: file)
        }
        // The site folder and the cache are not the journal: writing there is no change.
        try Data("x".utf8).write(to: root.appendingPathComponent("_site/index.html"))
        waitForBatches(batches, atLeast: 1)
        XCTAssertEqual(batches.all.count, 1, "batches: \(batches.all.map(\.count))")
        XCTAssertFalse(batches.all.joined().contains { $0.contains("/_site/") })
        // A file written later in a folder made during the burst is seen too.
        try Data("late".utf8).write(to: root.appendingPathComponent("entries/2003/late.md"))
        waitForBatches(batches, atLeast: 2)
        XCTAssertEqual(batches.all.last, [root.appendingPathComponent("entries/2003/late.md").path])
    }
}
