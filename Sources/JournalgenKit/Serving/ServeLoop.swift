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
    /// The entries' pages the last build made, to tell the writer where a new one is.
    private let known = Mutex<(list: [String], set: Set<String>)?>(nil)
    /// Files changed since the last build that succeeded: a failed build may have stopped before
    /// it looked at them, so the next one is told of them again.
    private let unbuilt = Mutex<Set<String>>([])
    /// One build at a time: the first one and the watcher's.
    private let building = NSLock()
    private let inProgress = Atomic<Bool>(false)
    /// Whether a build is running now.
    public var isBuilding: Bool { inProgress.load(ordering: .relaxed) }
    /// Print each stage's time after every build (`--timings`).
    public nonisolated(unsafe) var showStages = false
    /// Seconds without a build after which the entry cache is written to disk, so that a `serve`
    /// that ends without stopping (`kill -9`, a crash, the machine switched off) leaves the next
    /// one its entries: it started in 3.5 to 5 s at 10,000 entries instead of under one.
    /// Written only when no build runs, and after a quiet spell, not after each save: the save
    /// after the first build writes every record (65 MB at 10,000 entries), and no rebuild waits
    /// for that while a writer is saving.
    public nonisolated(unsafe) var quietBeforeSaving: TimeInterval = 3
    /// The number of the last save asked for: one asked for before a later build does nothing.
    private let lastSaveAsked = Atomic<Int>(0)

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
        inProgress.store(true, ordering: .relaxed)
        defer {
            inProgress.store(false, ordering: .relaxed)
            building.unlock()
        }
        let pending = unbuilt.withLock { $0.union(changes) }
        options.session?.changedFiles = changes.isEmpty ? nil : pending
        let report = BuildPipeline(options: options).run()
        unbuilt.withLock { $0 = report.succeeded ? [] : pending }
        saveWhenQuiet()
        let messages = report.diagnostics.map(\.description)
        if showStages {
            for (name, seconds, resident) in report.stages { say(String(format: "%8.3f s %6d MB  ", seconds, resident) + name) }
        }
        if report.succeeded {
            live.built(errors: [])
            messages.forEach(say)
            let changed = changes.isEmpty ? "" : " after \(describe(changes))"
            say("Built \(report.entries) entr\(report.entries == 1 ? "y" : "ies") in " + String(format: "%.2f s", report.seconds)
                + "\(changed): \(report.rewritten) file\(report.rewritten == 1 ? "" : "s") written")
            known.withLock { known in
                // The same pages as last time (every save of a text): nothing to hash.
                guard known?.list != report.entryPages else { return }
                let pages = Set(report.entryPages)
                if let before = known?.set {
                    for page in pages.subtracting(before).sorted() { say("New entry: \(address)\(page)") }
                }
                known = (report.entryPages, pages)
            }
        } else {
            live.built(errors: report.diagnostics.filter { $0.severity == .error }.map(\.description))
            messages.forEach(say)
            say(report.summary(paths: options.paths) + "; the browser shows the errors until they are fixed")
        }
        return report
    }

    /// Writes the entry cache once `quietBeforeSaving` seconds pass without another build.
    private func saveWhenQuiet() {
        guard options.session != nil else { return }
        let number = lastSaveAsked.add(1, ordering: .relaxed).newValue
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + quietBeforeSaving) { [self] in
            // A build that started meanwhile asks for another save when it is done.
            guard lastSaveAsked.load(ordering: .relaxed) == number, building.try() else { return }
            defer { building.unlock() }
            save()
        }
    }

    /// For stopping: waits for the build in progress, if any, keeps any other from starting,
    /// then saves. A build cut off halfway leaves a half-made folder in place of the site's spare,
    /// and the next `serve` then wrote every file again (34,000 at 10,000 entries, 11 s against
    /// under 1 s).
    public func finish() {
        building.lock()
        save()
    }

    /// Saves what the next `serve` or `build` starts from (the entry cache; the site's record and
    /// spare, once their writing and pruning are done). Always with `building` held: one save
    /// at a time, and never beside a build.
    private func save() {
        options.session?.save(journal: options.journal)
    }

    /// "entries/2026/kyoto.md" or "3 files".
    func describe(_ changes: Set<String>) -> String {
        guard changes.count == 1, let one = changes.first else { return "\(changes.count) changes" }
        return options.paths.display(path: one)
    }
}
