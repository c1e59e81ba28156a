import Foundation
import Synchronization

/// `serve`'s builds: the first one, then one per batch of changes, each telling the open tabs
/// (reload or errors) and the terminal (how long it took, what failed, where a new entry is).
public final class ServeLoop: Sendable {
    public let options: BuildOptions
    public let live: LiveReload
    /// "http://localhost:8000/"
    public let address: String
    private let say: @Sendable (String) -> Void
    private let known = Mutex<Set<String>?>(nil)
    /// Files changed since the last build that succeeded: a failed build may have stopped before
    /// it looked at them, so the next one is told of them again.
    private let unbuilt = Mutex<Set<String>>([])
    /// One build at a time: the first one and the watcher's.
    private let building = NSLock()
    /// Print each stage's time after every build (`--timings`).
    public nonisolated(unsafe) var showStages = false

    public init(options: BuildOptions, live: LiveReload, address: String, say: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.live = live
        self.address = address
        self.say = say
    }

    /// Builds the site; the server goes on serving the last good one if this one fails.
    /// `changes`: every file the watcher saw change since the last build (none for the first
    /// one), taken at its word, so the watcher must be running before the first build starts;
    /// with them, those of builds that failed since the last one that succeeded.
    @discardableResult
    public func build(after changes: Set<String> = []) -> BuildReport {
        building.lock()
        defer { building.unlock() }
        let pending = unbuilt.withLock { $0.union(changes) }
        options.session?.changedFiles = changes.isEmpty ? nil : pending
        let report = BuildPipeline(options: options).run()
        unbuilt.withLock { $0 = report.succeeded ? [] : pending }
        let messages = report.diagnostics.map(\.description)
        if showStages {
            for (name, seconds, resident) in report.stages { say(String(format: "%8.3f s %6d MB  ", seconds, resident) + name) }
        }
        if report.succeeded {
            live.built(errors: [])
            messages.forEach(say)
            let changed = changes.isEmpty ? "" : " after \(describe(changes))"
            say("Built \(report.entries) entries in " + String(format: "%.2f s", report.seconds)
                + "\(changed): \(report.rewritten) file\(report.rewritten == 1 ? "" : "s") written")
            let pages = Set(report.entryPages)
            known.withLock { known in
                if let before = known {
                    for page in pages.subtracting(before).sorted() { say("New entry: \(address)\(page)") }
                }
                known = pages
            }
        } else {
            live.built(errors: report.diagnostics.filter { $0.severity == .error }.map(\.description))
            messages.forEach(say)
            say(report.summary(paths: options.paths) + "; the browser shows the errors until they are fixed")
        }
        return report
    }

    /// "entries/2026/kyoto.md" or "3 files".
    func describe(_ changes: Set<String>) -> String {
        guard changes.count == 1, let one = changes.first else { return "\(changes.count) changes" }
        return options.paths.display(path: one)
    }
}
