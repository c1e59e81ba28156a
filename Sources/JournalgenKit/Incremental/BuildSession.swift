import Foundation
import Synchronization

/// What `serve` keeps in memory from one rebuild to the next: the entries as last loaded, so a
/// save re-reads every file but parses and renders only the ones that changed.
public final class BuildSession: Sendable {
    private let cache = Mutex<EntryCache?>(nil)

    public init() {}

    /// The session's entry cache, or (first build, or settings changed) the one on disk.
    func entryCache(key: String, journal: String) -> EntryCache {
        cache.withLock { current in
            if let current, current.key == key { return current }
            let loaded = EntryCache.load(journal: journal, key: key)
            current = loaded
            return loaded
        }
    }

    /// Saves the in-memory cache, so the next `serve` or `build` starts from it.
    public func save(journal: URL) {
        cache.withLock { $0 }?.save(journal: journal.standardizedFileURL.path)
    }
}
