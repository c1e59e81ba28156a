import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `journalgen check --external` was asked to do. Builds never touch the network.
public struct ExternalLinkOptions: Sendable {
    /// Seconds to wait for each address's answer.
    public var timeout: TimeInterval = 10
    /// Requests in flight at once.
    public var concurrency = 8
    /// The moment results are dated and aged by; tests pass their own.
    public var now = Date()
    /// How long an address that answered stays known as fine without asking again.
    public static let remembered: TimeInterval = 7 * 24 * 3600

    public init(timeout: TimeInterval = 10, concurrency: Int = 8, now: Date = Date()) {
        self.timeout = timeout
        self.concurrency = max(1, concurrency)
        self.now = now
    }
}

/// Asks every `http:` and `https:` address that entries and trips link to whether it still
/// answers, as lychee does: each address once however often it is linked, a few at a time, HEAD
/// first and GET when a server refuses HEAD. Addresses that answered in the last week are taken
/// from `.journalgen-cache/external-links.json` without asking; broken ones are asked every time,
/// so a fixed link stops being reported at once.
struct ExternalLinkCheck {
    /// Where an address is written in the journal.
    struct Use: Sendable {
        var address: String
        var location: SourceLocation
    }

    enum Outcome: Sendable, Equatable {
        case fine(status: Int)
        /// An HTTP status that says the page is gone or the server failed.
        case broken(status: Int)
        /// 401, 403 or 429: the server answered but would not show the page to a program.
        case refused(status: Int)
        case unreachable(String)
        case timedOut
    }

    var options: ExternalLinkOptions
    var cacheFile: String

    /// The web addresses of every entry and trip text, read again from their files (the build
    /// keeps rendered HTML, not positions of links in it).
    static func uses(files: [String], paths: DisplayPaths) -> [Use] {
        parallelMap(files) { path -> [Use] in
            guard let data = FileIO.read(path), let text = TextDecoding.decode(data),
                  case .success(let (split, _)) = FrontMatterReader.read(text) else { return [] }
            let display = paths.display(path: path)
            return CmarkGFM.webLinks(in: split.body).map {
                Use(address: $0.address, location: SourceLocation(path: display, line: split.bodyLine + $0.line - 1, column: $0.column))
            }
        }.flatMap { $0 }
    }

    /// Checks every address and reports each broken use at its place; returns the summary line.
    func run(_ uses: [Use], diagnostics: DiagnosticsEngine) -> String {
        let started = Date()
        // The fragment is the page's business, not the server's.
        func key(_ address: String) -> String { address.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? address }
        let addresses = Array(Set(uses.map { key($0.address) })).sorted()
        var cache = Self.readCache(cacheFile)
        let known = Set(addresses.filter { cache[$0].map { options.now.timeIntervalSince($0) < ExternalLinkOptions.remembered && $0 <= options.now } ?? false })
        var outcomes = ask(addresses.filter { !known.contains($0) })
        for (address, outcome) in outcomes {
            if case .fine = outcome { cache[address] = options.now } else { cache[address] = nil }
        }
        for address in known { outcomes[address] = .fine(status: 200) }
        Self.writeCache(cache, to: cacheFile, now: options.now)

        var counts = (fine: 0, broken: 0, refused: 0, unreachable: 0, timedOut: 0)
        for outcome in outcomes.values {
            switch outcome {
            case .fine: counts.fine += 1
            case .broken: counts.broken += 1
            case .refused: counts.refused += 1
            case .unreachable: counts.unreachable += 1
            case .timedOut: counts.timedOut += 1
            }
        }
        let seconds = options.timeout == options.timeout.rounded() ? String(Int(options.timeout)) : String(options.timeout)
        for use in uses {
            guard let outcome = outcomes[key(use.address)] else { continue }
            switch outcome {
            case .fine: break
            case .broken(let status):
                diagnostics.error("the link \(use.address) answers \(status) \(HTTPURLResponse.localizedString(forStatusCode: status).capitalized); expected a page that exists (moved? link its new address or an archived copy)", at: use.location)
            case .refused(let status):
                diagnostics.warning("the link \(use.address) answers \(status) \(HTTPURLResponse.localizedString(forStatusCode: status).capitalized), so it may be fine in a browser; expected an answer to a program (open it to see)", at: use.location)
            case .unreachable(let why):
                diagnostics.error("the link \(use.address) cannot be reached: \(why); expected a server that answers", at: use.location)
            case .timedOut:
                diagnostics.warning("the link \(use.address) did not answer within \(seconds) s; expected an answer (a slow server, or --timeout to wait longer)", at: use.location)
            }
        }
        let hosts = Set(addresses.compactMap { URL(string: $0)?.host?.lowercased() }).count
        var parts = ["\(counts.fine) fine"]
        if counts.broken > 0 { parts.append("\(counts.broken) broken") }
        if counts.unreachable > 0 { parts.append("\(counts.unreachable) unreachable") }
        if counts.refused > 0 { parts.append("\(counts.refused) refusing programs") }
        if counts.timedOut > 0 { parts.append("\(counts.timedOut) timed out") }
        let elapsed = String(format: "%.1f", Date().timeIntervalSince(started))
        let summary = "external links: \(addresses.count) address\(addresses.count == 1 ? "" : "es") on \(hosts) host\(hosts == 1 ? "" : "s") (\(known.count) fine within the last week, not asked again): " +
            parts.joined(separator: ", ") + " in \(elapsed) s"
        return summary
    }

    /// Every address, `concurrency` at a time: each answer starts the next request. Only the
    /// calling thread waits; requests in flight hold no thread.
    func ask(_ addresses: [String]) -> [String: Outcome] {
        let timeout = options.timeout
        let results = Mutex<[String: Outcome]>([:])
        let next = Mutex(0)
        let group = DispatchGroup()
        @Sendable func startNext() {
            let index: Int? = next.withLock { n in
                guard n < addresses.count else { return nil }
                n += 1
                return n - 1
            }
            guard let index else { return }
            let address = addresses[index]
            group.enter()
            let finish: @Sendable (Outcome) -> Void = { outcome in
                results.withLock { $0[address] = outcome }
                startNext()
                group.leave()
            }
            guard let url = URL(string: address) else { return finish(.unreachable("not a valid address")) }
            WebProbe.shared.ask(url, timeout: timeout, done: finish)
        }
        for _ in 0..<options.concurrency { startNext() }
        group.wait()
        return results.withLock { $0 }
    }

    // MARK: - Remembering

    /// Address → when it last answered. A damaged or foreign file is ignored (and replaced).
    static func readCache(_ path: String) -> [String: Date] {
        guard let data = FileIO.read(path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["format"] as? String == "journalgen external links 1",
              let links = object["fine"] as? [String: Double] else { return [:] }
        return links.mapValues { Date(timeIntervalSince1970: $0) }
    }

    static func writeCache(_ cache: [String: Date], to path: String, now: Date) {
        let fresh = cache.filter { now.timeIntervalSince($0.value) < ExternalLinkOptions.remembered }
        let object: [String: Any] = ["format": "journalgen external links 1", "fine": fresh.mapValues { $0.timeIntervalSince1970.rounded() }]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        let folder = (path as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            CacheFolder.prepare(folder)
        }
        _ = FileIO.write(data, to: path)
    }
}
