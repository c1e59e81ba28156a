import Foundation
import Synchronization

/// What `serve` keeps in memory from one rebuild to the next: the entries as last loaded, so a
/// save re-reads every file but parses and renders only the ones that changed.
public final class BuildSession: Sendable {
    private let cache = Mutex<EntryCache?>(nil)
    private let images = Mutex<ImageCache?>(nil)
    private let keys = Mutex<(passphrase: String, keys: PrivateKeys)?>(nil)
    private let locked = Mutex<LockedSiteMemo?>(nil)

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

    /// The photo cache, read from disk once: its index of thousands of photos need not be read
    /// again for every save.
    func imageCache(journal: String) -> ImageCache {
        images.withLock { current in
            if let current, current.folder == journal + "/" + ImageCache.folderName { return current }
            let loaded = ImageCache(journal: journal)
            current = loaded
            return loaded
        }
    }

    /// The private pages' keys, derived once per passphrase and salt (600,000 rounds of PBKDF2
    /// take a tenth of a second, which every save would pay).
    func privateKeys(passphrase: String, salt: [UInt8]) throws -> PrivateKeys {
        if let known = keys.withLock({ $0 }), known.passphrase == passphrase, known.keys.salt == salt { return known.keys }
        let derived = try PrivateKeys(passphrase: passphrase, salt: salt)
        keys.withLock { $0 = (passphrase, derived) }
        return derived
    }

    /// The private part of the site as last sealed, if it was made from the same journal.
    func lockedSite(key: String, split: LockedSite.Split) -> LockedSite? {
        guard let memo = locked.withLock({ $0 }), memo.key == key, memo.textsUnchanged(in: split) else { return nil }
        return memo.site
    }

    func remember(_ site: LockedSite, key: String, split: LockedSite.Split) {
        let memo = LockedSiteMemo(key: key, texts: LockedSiteMemo.texts(of: site.reads, in: split.publicEntries + split.privateEntries), site: site)
        locked.withLock { $0 = memo }
    }

    /// Saves the in-memory cache, so the next `serve` or `build` starts from it.
    public func save(journal: URL) {
        cache.withLock { $0 }?.save(journal: journal.standardizedFileURL.path)
    }
}
