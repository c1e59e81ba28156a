import Crypto
import Foundation
import Synchronization

/// Each entry as the last build loaded it — front matter read, media found and inspected, body
/// rendered — with the messages it gave, so a build after editing one entry parses one entry.
///
/// A record is used only when the entry file's bytes are the same (by SHA-256), every media file
/// it looked at has the same size and modification time (or is still missing), and the cache was
/// made under the same settings: journalgen's version and binary, journal.yaml's bytes, whether
/// drafts are loaded, and where messages are printed from. Anything else — a damaged file, another
/// journal's cache, an older format — is set aside and the entries are loaded again.
///
/// Kept in memory by `serve` between rebuilds; saved in `.journalgen-cache/entries.cache`.
public final class EntryCache: Sendable {
    /// A media file as it was seen: nil size for a file that was not there.
    struct Stamp: Codable, Hashable, Sendable {
        var path: String
        var size: Int?
        var modified: Int?

        init(path: String) {
            self.path = path
            var info = stat()
            if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
                size = Int(info.st_size)
                modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            }
        }

        var isCurrent: Bool { Stamp(path: path) == self }
    }

    struct Record: Codable, Sendable {
        var hash: String
        var inputs: [Stamp]
        /// Nil when the file could not be read as an entry (its errors say why).
        var entry: Entry?
        var diagnostics: [Diagnostic]
    }

    private struct Stored: Codable {
        var format: Int
        var key: String
        var paths: [String]
        var records: [Record]
    }

    static let format = 1
    /// The file's first bytes: anything else is not a journalgen entry cache.
    static let magic = Data("journalgen entry cache\n".utf8)
    static let fileName = "entries.cache"

    /// What the records were made under; records of other settings are not used.
    let key: String
    private let records: Mutex<[String: Record]>
    private let changed = Mutex(false)

    init(key: String, records: [String: Record] = [:]) {
        self.key = key
        self.records = Mutex(records)
    }

    var count: Int { records.withLock { $0.count } }

    /// The record of `relative` if it still describes the file whose bytes are `data`.
    func record(for relative: String, hash: String) -> Record? {
        guard let record = records.withLock({ $0[relative] }), record.hash == hash,
              record.inputs.allSatisfy(\.isCurrent) else { return nil }
        return record
    }

    func store(_ record: Record, for relative: String) {
        records.withLock { $0[relative] = record }
        changed.withLock { $0 = true }
    }

    /// Forgets entries whose files are gone, so the cache does not grow with renames.
    func keep(only relatives: Set<String>) {
        records.withLock { records in
            let before = records.count
            records = records.filter { relatives.contains($0.key) }
            if records.count != before { changed.withLock { $0 = true } }
        }
    }

    static func hash(_ data: Data) -> String {
        SiteFingerprint.hex(SHA256.hash(data: data))
    }

    /// The settings an entry's loading depends on, apart from its own file and media.
    static func key(journal: String, configBytes: Data?, includeDrafts: Bool, paths: DisplayPaths) -> String {
        var parts = ["format \(format)", JournalgenVersion.current, BinaryIdentity.current,
                     journal, paths.workingDirectory, includeDrafts ? "drafts" : "no drafts"]
        parts.append(hash(configBytes ?? Data()))
        return hash(Data(parts.joined(separator: "\n").utf8))
    }

    // MARK: - On disk

    static func path(journal: String) -> String {
        journal + "/" + ImageCache.folderName + "/" + fileName
    }

    /// The saved cache if it was made under `key`; else an empty one (never an error: the cache
    /// only saves time).
    static func load(journal: String, key: String) -> EntryCache {
        guard let data = FileIO.read(path(journal: journal)), data.starts(with: magic),
              let stored = try? CompactCoder.decode(Stored.self, from: data.dropFirst(magic.count)),
              stored.format == format, stored.key == key, stored.paths.count == stored.records.count
        else { return EntryCache(key: key) }
        return EntryCache(key: key, records: Dictionary(zip(stored.paths, stored.records), uniquingKeysWith: { a, _ in a }))
    }

    /// Writes the cache if anything changed (atomically: a half-written file is never read).
    func save(journal: String) {
        guard changed.withLock({ $0 }) else { return }
        let folder = journal + "/" + ImageCache.folderName
        guard FileIO.makeDirectories(folder) else { return }
        ImageCache.writeIgnoreFile(in: folder)
        let all = records.withLock { $0 }.sorted { $0.key < $1.key }
        guard let body = try? CompactCoder.encode(Stored(format: Self.format, key: key, paths: all.map(\.key), records: all.map(\.value)))
        else { return }
        let data = Self.magic + body
        let target = Self.path(journal: journal)
        let temporary = target + ".new-\(getpid())"
        if FileIO.write(data, to: temporary), rename(temporary, target) == 0 {
            changed.withLock { $0 = false }
        } else {
            unlink(temporary)
        }
    }
}

/// Tells this journalgen binary from another of the same version (a rebuilt development copy):
/// a cache made by different code is not trusted.
enum BinaryIdentity {
    static let current: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return CommandLine.arguments.first ?? "" }
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()
}
