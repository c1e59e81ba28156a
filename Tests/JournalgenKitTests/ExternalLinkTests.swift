import Foundation
import XCTest
@testable import JournalgenKit
#if canImport(Glibc)
import Glibc
#endif

/// `journalgen check --external`, against servers on this machine: one that answers, one that
/// accepts connections and never answers, and a port where nothing listens. XCTest, not Swift
/// Testing: the parallel suites there keep every thread busy, and a 2-second timeout then fires
/// on a server that never got a thread to answer.
final class ExternalLinkTests: XCTestCase {
    /// A socket that listens (the kernel completes connections) but never reads or answers.
    final class SilentServer {
        let fd: Int32
        let port: UInt16
        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.fd = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard bound else { throw POSIXError(.EADDRINUSE) }
            port = UInt16(bigEndian: address.sin_port)
        }
        deinit { close(fd) }
    }

    func testWebAddressesAreAskedOnceReportedWhereWrittenAndRemembered() async throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("journalgen-links-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("<!doctype html><title>ok</title>".utf8).write(to: site.appendingPathComponent("ok.html"))
        try Data("<!doctype html><title>gone</title>".utf8).write(to: site.appendingPathComponent("404.html"))
        let port = testPort()
        let server = try SiteServer(site: site, host: "127.0.0.1", port: port, live: LiveReload())
        let task = Task { try await server.run() }
        defer { task.cancel() }
        try await server.waitUntilListening()
        let silent = try SilentServer()
        var nobody = testPort()
        while nobody == port || nobody == silent.port { nobody = testPort() }

        let web = "http://127.0.0.1:\(port)"
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026/2026-04-01-a.md", """
            ---
            title: A
            trip: japan
            ---
            Still [there](\(web)/ok.html), also as <\(web)/ok.html#part>.
            [Gone](\(web)/gone/) and ![slow](http://127.0.0.1:\(silent.port)/slow.png)
            and [nobody](http://127.0.0.1:\(nobody)/).

                \(web)/in-code-is-not-a-link
            """)
        try journal.write("trips/japan.md", "---\ntitle: Japan\n---\nSee [the gone page](\(web)/gone/).\n")
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        func check(at now: Date) async -> BuildReport {
            await withCheckedContinuation { done in
                DispatchQueue.global().async {
                    done.resume(returning: journal.build { $0.writeOutput = false; $0.externalLinks = ExternalLinkOptions(timeout: 2, concurrency: 4, now: now) })
                }
            }
        }

        let first = await check(at: now)
        let m = first.diagnostics.map(\.description)
        let file = "entries/2026/2026-04-01-a.md"
        XCTAssertTrue(m.contains("\(file):6:1: error: the link \(web)/gone/ answers 404 Not Found; expected a page that exists (moved? link its new address or an archived copy)"), "\(m)")
        XCTAssertTrue(m.contains("trips/japan.md:4:5: error: the link \(web)/gone/ answers 404 Not Found; expected a page that exists (moved? link its new address or an archived copy)"), "\(m)")
        let line = try journal.read("entries/2026/2026-04-01-a.md").split(separator: "\n")[5]
        let column = line.distance(from: line.startIndex, to: try XCTUnwrap(line.range(of: "![slow]")).lowerBound) + 1
        XCTAssertTrue(m.contains("\(file):6:\(column): warning: the link http://127.0.0.1:\(silent.port)/slow.png did not answer within 2 s; expected an answer (a slow server, or --timeout to wait longer)"), "\(m)")
        XCTAssertTrue(m.contains("\(file):7:5: error: the link http://127.0.0.1:\(nobody)/ cannot be reached: the connection was refused; expected a server that answers"), "\(m)")
        XCTAssertTrue(first.errors == 3 && first.warnings == 1, "the fine address and the one in code give nothing: \(m)")
        let summary = try XCTUnwrap(first.externalLinks)
        XCTAssertTrue(summary.hasPrefix("external links: 4 addresses on 1 host (0 fine within the last week, not asked again): 1 fine, 1 broken, 1 unreachable, 1 timed out in "), "\(summary)")
        XCTAssertTrue(!first.succeeded)

        // The fine address is remembered for a week; the broken ones are asked again.
        let second = await check(at: now.addingTimeInterval(3600))
        XCTAssertTrue(second.externalLinks?.contains("(1 fine within the last week, not asked again): 1 fine, 1 broken, 1 unreachable, 1 timed out") == true, "\(second.externalLinks ?? "")")
        let later = await check(at: now.addingTimeInterval(8 * 24 * 3600))
        XCTAssertTrue(later.externalLinks?.contains("(0 fine within the last week") == true, "\(later.externalLinks ?? "")")

        // A damaged cache is not trusted.
        try journal.write(".journalgen-cache/external-links.json", "{not json")
        let damaged = await check(at: now)
        XCTAssertTrue(damaged.externalLinks?.contains("(0 fine within the last week") == true)
        // Builds never ask.
        XCTAssertTrue(journal.build().externalLinks == nil)
    }
}
