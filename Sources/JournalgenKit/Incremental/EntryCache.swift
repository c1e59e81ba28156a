import Foundation
import Synchronization

/// Each entry as the last build loaded it — front matter read, media found and inspected, body
/// rendered — with the messages it gave, so a build after editing one entry parses one entry.
///
/// A record is used only when the entry file's bytes are the same (by SHA-256), every media file
/// it looked at has the same size and modification time (or is still missing), and the cache was
/// made under the same settings: journalgen's version and binary, and journal.yaml's bytes (a
/// draft's record, only while drafts are loaded as when it was made). Anything else — a damaged
/// file, another journal's cache, an older format — is set aside and the entries are loaded again.
/// A build run from another folder than the last (`journalgen build` in the journal, then
/// `journalgen build journal` beside it) uses the records too: their paths are shown as seen
/// from the new folder (see `DisplayPathMove`).
///
/// Kept in memory by `serve` between rebuilds; saved in `.journalgen-cache/entries/`.
public final class EntryCache: Sendable {
    /// A media file as it was seen: nil size for a file that was not there.
    struct Stamp: Codable, Hashable, Sendable {
        var path: String
        var size: Int?
        var modified: Int?

        /// `seen`: the build's looks, when it keeps them.
        init(path: String, seen: SeenFiles? = nil) {
            self.path = path
            if let stamp = seen.map({ $0.sizeAndTime(path, regularFilesOnly: true) }) ?? FileIO.sizeAndTime(path, regularFilesOnly: true) {
                size = stamp.size
                modified = stamp.modified
            }
        }

        /// A look not kept in `seen` (a file looked at once a build), taken as `seen` takes them.
        init(path: String, lookingOnceWith seen: SeenFiles) {
            let stamp = seen.stampNow(path, regularFilesOnly: true)
            self.init(path: path, size: stamp?.size, modified: stamp?.modified)
        }

        init(path: String, size: Int?, modified: Int?) {
            self.path = path
            self.size = size
            self.modified = modified
        }

        func isCurrent(seen: SeenFiles) -> Bool { Stamp(path: path, seen: seen) == self }

        /// "path size time", for fingerprints of what files were when a result was made.
        var line: String { "\(path) \(size ?? -1) \(modified ?? -1)" }
    }

    struct Record: Sendable {
        var hash: String
        /// The entry file's size and modification time when its bytes were `hash`: while they stay
        /// so, the file is not read again (as make and git trust them). Nil when the file was
        /// changed too recently for its time to tell a later change in the same tick apart.
        var file: Stamp?
        var inputs: [Stamp]
        /// Nil when the file could not be read as an entry (its errors say why).
        var entry: Entry?
        var diagnostics: [Diagnostic]
        /// Whether the build that made it loaded drafts: a draft's media are looked at only then,
        /// so its record serves only builds that load drafts as that one did (`serve --drafts`
        /// and `build` share the others).
        var withDrafts: Bool

        func serves(includeDrafts: Bool) -> Bool { entry?.isDraft != true || withDrafts == includeDrafts }
    }

    /// Coded field by field: through Codable's generic containers, reading the 32 shards'
    /// headers (10,000 names and lengths) was 19 M instructions of every build after an edit.
    fileprivate struct Header: CompactCodable {
        var format: Int
        var key: String
        /// The folder the records' paths for messages are shown from.
        var workingDirectory: String
        var paths: [String]
        var lengths: [Int]

        func write(compact sink: CompactSink) {
            sink.int(format)
            sink.string(key)
            sink.string(workingDirectory)
            sink.list(paths)
            sink.list(lengths, sink.int)
        }
    }

    static let format = 10
    /// The file's first bytes: anything else is not a journalgen entry cache.
    static let magic = Data("journalgen entry cache\n".utf8)

    /// What the records were made under; records of other settings are not used.
    let key: String
    /// The folder the records' paths for messages are shown from (the build's).
    let workingDirectory: String
    /// Whether this build loads drafts (see `Record.withDrafts`).
    let includeDrafts: Bool
    /// By shard (as saved): merging the shards read on all cores into one dictionary copied
    /// every record on one core (50 ms at 10,000 entries).
    private let records: Mutex<[[String: Record]]>
    /// Shards whose records changed since the cache was loaded or saved.
    private let changed = Mutex(Set<Int>())
    /// Whether an entry was parsed anew or forgotten since the cache was loaded or saved.
    var hasChanges: Bool { !changed.withLock { $0.isEmpty } }
    /// The entry files (relative to entries/) as last listed without a message, for `serve`'s
    /// rebuilds that know no file was added or removed.
    var lastListing: [String]? {
        get { listing.withLock { $0 } }
        set { listing.withLock { $0 = newValue } }
    }
    private let listing = Mutex<[String]?>(nil)

    /// The last load's result, by position in its listing, kept in memory only: a `serve`
    /// rebuild that the watcher vouches for takes every entry it does not touch from here,
    /// without a lookup.
    struct LastLoad: Sendable {
        var files: [String]
        var parsed: [Entry?]
        var messages: [[Diagnostic]]
        /// The positions of the entries that looked at each file (their own, their media).
        var owners: [String: [Int]]
        /// Entries that named a file the watcher does not report in that form (a path with `.`,
        /// `..` or `//` in it, a hidden folder): looked at on every rebuild.
        var unwatched: Set<Int>
    }
    var lastLoad: LastLoad? {
        get { last.withLock { $0 } }
        set { last.withLock { $0 = newValue } }
    }
    private let last = Mutex<LastLoad?>(nil)

    func takeLastLoad() -> LastLoad? { last.withLock { memo in defer { memo = nil }; return memo } }

    /// The trips as last read, and every file they were read from, kept in memory only.
    struct LastTrips: Sendable {
        var trips: [String: TripInfo]
        var diagnostics: [Diagnostic]
        var inputs: Set<String>
    }
    var lastTrips: LastTrips? {
        get { trips.withLock { $0 } }
        set { trips.withLock { $0 = newValue } }
    }
    private let trips = Mutex<LastTrips?>(nil)
    /// Mood log files as last parsed, by path: a build or a save of an entry need not parse
    /// years of mood lines again (17,000 lines, 36 ms of CPU). Saved in `entries/moods.cache`.
    private let moodFiles = Mutex<[String: MoodFile]>([:])
    private let moodFilesChanged = Mutex(false)

    /// The folders below entries/ as last listed (`EntryListing`), saved in `entries/listing.cache`.
    private let folderListing = Mutex<EntryListing.Snapshot?>(nil)
    private let listingChanged = Mutex(false)

    /// The entry files below `root` (relative to it, unordered), listed from the last listing's
    /// folders where they are unchanged; a listing that read any folder is kept for the next.
    func entryFiles(below root: String) -> [String] {
        let last = folderListing.withLock { $0 }
        let listed = EntryListing.list(below: root, last: last)
        if listed.foldersRead > 0 || last == nil {
            folderListing.withLock { $0 = listed.snapshot }
            listingChanged.withLock { $0 = true }
        }
        return listed.files
    }

    struct MoodFile: Sendable {
        var stamp: Stamp
        var lines: [MoodLogLine]
        var diagnostics: [Diagnostic]
    }

    init(key: String, workingDirectory: String, includeDrafts: Bool, shards: [[String: Record]] = []) {
        self.key = key
        self.workingDirectory = workingDirectory
        self.includeDrafts = includeDrafts
        self.records = Mutex(shards.count == Self.shardCount ? shards : Array(repeating: [:], count: Self.shardCount))
    }

    private func stored(_ relative: String) -> Record? {
        guard let record = records.withLock({ $0[Self.shard(of: relative)][relative] }), record.serves(includeDrafts: includeDrafts) else { return nil }
        return record
    }

    /// The record of `relative` if it still describes the file whose bytes are `data`.
    func record(for relative: String, hash: String, seen: SeenFiles) -> Record? {
        guard let record = stored(relative), record.hash == hash,
              record.inputs.allSatisfy({ $0.isCurrent(seen: seen) }) else { return nil }
        return record
    }

    /// The record of `relative` if the file's size and time are those its bytes had, unread.
    /// `look()` gives the file's stamp, and is called only when there is a record to compare it
    /// with (a first build looks at each file once, as it reads it); `looked` is what it gave.
    func record(for relative: String, unchanged look: () -> Stamp, seen: SeenFiles) -> (record: Record?, looked: Stamp?) {
        guard let record = stored(relative) else { return (nil, nil) }
        let stamp = look()
        guard let file = record.file, file == stamp, record.inputs.allSatisfy({ $0.isCurrent(seen: seen) }) else { return (nil, stamp) }
        return (record, stamp)
    }

    /// The record of `relative` when neither its file (at `file`) nor any file it looked at is
    /// among the changed files: nothing is read or looked at.
    func record(for relative: String, untouchedBy changed: ChangedFiles, file: String) -> Record? {
        guard !changed.paths.contains(file), let record = stored(relative),
              record.inputs.allSatisfy({ ChangedFiles.isPlain($0.path) && !changed.paths.contains($0.path) }) else { return nil }
        return record
    }

    /// A stamp worth keeping: one whose time is at least two seconds old, since a file written
    /// twice within its file system's clock tick keeps one time for two contents.
    static func settledStamp(_ stamp: Stamp, now: Date = Date()) -> Stamp? {
        guard let modified = stamp.modified else { return nil }
        return Double(modified) / 1e9 < now.timeIntervalSince1970 - 2 ? stamp : nil
    }

    func moodFile(_ path: String, stamp: Stamp) -> (lines: [MoodLogLine], diagnostics: [Diagnostic])? {
        guard let known = moodFiles.withLock({ $0[path] }), known.stamp == stamp else { return nil }
        return (known.lines, known.diagnostics)
    }

    func remember(moodFile path: String, stamp: Stamp, lines: [MoodLogLine], diagnostics: [Diagnostic]) {
        moodFiles.withLock { $0[path] = MoodFile(stamp: stamp, lines: lines, diagnostics: diagnostics) }
        moodFilesChanged.withLock { $0 = true }
    }

    /// Records made by a load, all at once under one lock: `take(i)` moves out the record made
    /// for `relatives[i]`, if one was. Moved, not copied: copying 10,000 new records into the
    /// cache and freeing the originals took 30 ms on one core at the end of a first build's loading.
    func store(_ relatives: [String], taking take: (Int) -> Record?) {
        var stored = Set<Int>()
        records.withLock { records in
            // A first build grows each shard from nothing: room made once for the records each
            // may get. Full shards are left as they are (a build after an edit stores a few).
            if records.allSatisfy(\.isEmpty) {
                var added = Array(repeating: 0, count: Self.shardCount)
                for relative in relatives { added[Self.shard(of: relative)] += 1 }
                for shard in records.indices { records[shard].reserveCapacity(added[shard]) }
            }
            for index in relatives.indices {
                guard let record = take(index) else { continue }
                let shard = Self.shard(of: relatives[index])
                records[shard].updateValue(consume record, forKey: relatives[index])
                stored.insert(shard)
            }
        }
        changed.withLock { $0.formUnion(stored) }
    }

    /// For a build, which consults the cache no more after loading: the records that saving will
    /// not write let go of their entries, which the loaded journal then holds alone. The site
    /// model sets every entry's address, and an entry still shared with its record was copied
    /// whole for it, field by field, the record's copy freed later, field by field: about 20 ms
    /// of CPU of a build after one edit at 10,000 entries. `keep(only:)` first: a shard that
    /// loses a record is saved, with every entry it still holds.
    func letGoOfEntriesNotSaved(keepingOnly relatives: [String]?) {
        if let relatives { keep(only: relatives) }
        let saved = changed.withLock { $0 }
        records.withLock { shards in
            // Shard by shard on all cores (each shard changed by one thread only): letting go of
            // 10,000 entries is 400,000 releases, on the core the site model waits for.
            shards.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let all = buffer
                parallelForEach(count: all.count) { shard in
                    guard !saved.contains(shard) else { return }
                    // Not `values.indices`, which holds the dictionary: the first change would copy it.
                    var index = all[shard].values.startIndex
                    while index != all[shard].values.endIndex {
                        all[shard].values[index].entry = nil
                        all[shard].values.formIndex(after: &index)
                    }
                }
            }
        }
    }

    /// Forgets entries whose files are gone, so the cache does not grow with renames.
    /// `relatives`: a listing, each file once. A shard holding a record for each of its listed
    /// files and no more has lost none: only another shard needs the set of every name, which
    /// cost a few milliseconds on one core before a build's site model could begin.
    func keep(only relatives: [String]) {
        records.withLock { shards in
            // Counted on all cores, the shards only read meanwhile: a hash and a look-up for each
            // of 10,000 names was a few milliseconds of the one core the site model waits for.
            let listed = Self.countListed(relatives, in: shards)
            var names: Set<String>?
            for shard in shards.indices where listed[shard] != shards[shard].count {
                let all = names ?? Set(relatives)
                names = all
                let gone = shards[shard].keys.filter { !all.contains($0) }
                for relative in gone { shards[shard][relative] = nil }
                if !gone.isEmpty { changed.withLock { _ = $0.insert(shard) } }
            }
        }
    }

    /// For each shard, how many of `relatives` it holds. A function of its own, so that the
    /// shards' second reference (for the threads) is gone before the caller removes records:
    /// held, each shard changed would be copied whole first.
    private static func countListed(_ relatives: [String], in shards: [[String: Record]]) -> [Int] {
        let parts = max(1, min(relatives.count / 2048, ProcessInfo.processInfo.activeProcessorCount))
        let counted: [[Int]] = parallelMap(Array(0..<parts)) { part in
            var listed = Array(repeating: 0, count: shards.count)
            for index in stride(from: part, to: relatives.count, by: parts) {
                let shard = Self.shard(of: relatives[index])
                if shards[shard].index(forKey: relatives[index]) != nil { listed[shard] += 1 }
            }
            return listed
        }
        return shards.indices.map { shard in counted.reduce(0) { $0 + $1[shard] } }
    }

    /// An entry file's content, to find its record again under a new time (a checkout, a
    /// touch). XXH3 (see `Fingerprinter`): SHA-256 of every file was the empty cache's largest
    /// extra work (113 M of the 230 M instructions it added to the 1k journal's first build).
    static func hash(_ data: Data) -> String {
        SiteFingerprint.code(Fingerprinter.hash(data: data))
    }

    /// The settings an entry's loading depends on, apart from its own file and media. Not the
    /// folder the build runs in: records made from another are moved (`DisplayPathMove`); not
    /// whether drafts are loaded, which only drafts' records depend on (`Record.withDrafts`).
    static func key(journal: String, configBytes: Data?) -> String {
        var parts = ["format \(format)", JournalgenVersion.current, BinaryIdentity.current, journal]
        parts.append(hash(configBytes ?? Data()))
        return hash(Data(parts.joined(separator: "\n").utf8))
    }

    // MARK: - On disk

    /// The cache is kept in 32 files, each entry's record in the one its path falls in, so a
    /// build after one edit rewrites one 32nd of it (and reading them goes on all cores).
    static let shardCount = 32

    static func shard(of relative: String) -> Int {
        // In place (`withUTF8Bytes`), not through the generic iterator: 1,200 instructions a
        // path, five times for each entry of a build.
        let hash = relative.withUTF8Bytes { bytes in
            var hash: UInt32 = 2166136261
            for index in bytes.indices { hash = (hash ^ UInt32(bytes[index])) &* 16777619 }
            return hash
        }
        return Int(hash % UInt32(shardCount))
    }

    static func folder(journal: String) -> String {
        CacheFolder.path(journal: journal) + "/entries"
    }

    static func path(folder: String, shard: Int) -> String { folder + "/\(shard).cache" }

    /// The saved cache if it was made under `key`; else an empty one (never an error: the cache
    /// only saves time). A damaged or foreign shard is left out: its entries are loaded again.
    /// `textsInFile`: bodies stay in the mapped files until read (CachedText); not for `serve`.
    static func load(journal: String, key: String, paths: DisplayPaths, includeDrafts: Bool, textsInFile: Bool = true) -> EntryCache {
        let folder = folder(journal: journal)
        // The mood log's file as one more piece of work beside the shards.
        nonisolated(unsafe) var moods: [String: MoodFile] = [:]
        nonisolated(unsafe) var listed: EntryListing.Snapshot?
        let shards: [[String: Record]] = parallelMap(Array(0...shardCount + 1)) { shard in
            if shard == shardCount {
                moods = decodeMoodFiles(folder: folder, key: key, paths: paths) ?? [:]
                return [:]
            }
            if shard == shardCount + 1 {
                listed = decodeListing(folder: folder)
                return [:]
            }
            guard let source = CompactSource(mapping: path(folder: folder, shard: shard)) else { return [:] }
            source.leavesTextsInFile = textsInFile
            return decodeShard(source, key: key, shard: shard, paths: paths) ?? [:]
        }
        let cache = EntryCache(key: key, workingDirectory: paths.workingDirectory, includeDrafts: includeDrafts, shards: Array(shards.dropLast(2)))
        cache.moodFiles.withLock { $0 = moods }
        cache.folderListing.withLock { $0 = listed }
        return cache
    }

    static let listingMagic = Data("journalgen entry listing\n".utf8)

    /// The last listing's folders, if saved by this journalgen binary (as every cache, though a
    /// listing does not depend on settings) and whole: a damaged name would be an entry file
    /// that is not there, so the bytes after the checksum must give it (FNV-1a, under a
    /// millisecond for the 700 KB of 10k entries).
    static func decodeListing(folder: String) -> EntryListing.Snapshot? {
        guard let source = CompactSource(mapping: folder + "/listing.cache"), source.bytes.starts(with: listingMagic) else { return nil }
        source.position = listingMagic.count
        guard let format = try? source.int(), format == Self.format, let binary = try? source.string(), binary == BinaryIdentity.current,
              let checksum = try? source.int(),
              checksum == listingChecksum(source.bytes[source.position...]),
              let madeAt = try? source.int(),
              let folders = try? source.list({ (try source.string(), try EntryListing.Folder(compact: source)) }),
              source.position == source.bytes.count
        else { return nil }
        return EntryListing.Snapshot(madeAt: madeAt, folders: Dictionary(folders, uniquingKeysWith: { a, _ in a }))
    }

    /// 62 bits of the bytes' FNV-1a: CompactSink's numbers are for values under 2^62.
    static func listingChecksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int { Int(FNV1a.hash(bytes) >> 2) }

    /// Writes the last listing's folders, when a listing read any.
    private func saveListing(folder: String) {
        guard listingChanged.withLock({ changed in defer { changed = false }; return changed }),
              let snapshot = folderListing.withLock({ $0 }) else { return }
        let body = CompactSink(capacity: 1 << 18)
        body.int(snapshot.madeAt)
        body.list(snapshot.folders.sorted { $0.key < $1.key }) { (item: (key: String, value: EntryListing.Folder)) in
            body.string(item.key)
            item.value.write(compact: body)
        }
        let head = CompactSink(capacity: 64)
        head.append(Self.listingMagic)
        head.int(Self.format)
        head.string(BinaryIdentity.current)
        head.int(Self.listingChecksum(body.buffer))
        _ = FileIO.replace(folder + "/listing.cache", withParts: [head, body])
    }

    static let moodMagic = Data("journalgen mood cache\n".utf8)

    /// The mood log files as saved, if saved under `key`. Saved from another folder, a file with
    /// messages is parsed again (they name paths as seen from there).
    static func decodeMoodFiles(folder: String, key: String, paths: DisplayPaths) -> [String: MoodFile]? {
        guard let source = CompactSource(mapping: folder + "/moods.cache"), source.bytes.starts(with: moodMagic) else { return nil }
        source.position = moodMagic.count
        guard let format = try? source.int(), format == Self.format, let saved = try? source.string(), saved == key,
              let from = try? source.string(),
              let files = try? source.list({ (try source.string(), MoodFile(stamp: try Stamp(compact: source), lines: try source.list(MoodLogLine.self),
                                                                             diagnostics: try source.list(Diagnostic.self))) }),
              source.position == source.bytes.count
        else { return nil }
        let usable = from == paths.workingDirectory ? files : files.filter { $0.1.diagnostics.isEmpty }
        return Dictionary(usable, uniquingKeysWith: { a, _ in a })
    }

    /// Writes the mood log files as parsed, when a build parsed one.
    private func saveMoodFiles(folder: String) {
        guard moodFilesChanged.withLock({ changed in defer { changed = false }; return changed }) else { return }
        let files = moodFiles.withLock { $0 }.sorted { $0.key < $1.key }
        let sink = CompactSink(capacity: 1 << 20)
        sink.append(Self.moodMagic)
        sink.int(Self.format)
        sink.string(key)
        sink.string(workingDirectory)
        sink.list(files) { file in
            sink.string(file.key)
            file.value.stamp.write(compact: sink)
            sink.list(file.value.lines)
            sink.list(file.value.diagnostics)
        }
        _ = FileIO.replace(folder + "/moods.cache", withParts: [sink])
    }

    /// The file: magic, the header's length, the header, then each record's bytes in turn.
    /// Saved from another folder, records are moved to this one's paths, and those with messages
    /// are left out (their texts name paths too): those entries are loaded again.
    static func decodeShard(_ source: CompactSource, key: String, shard: Int, paths: DisplayPaths) -> [String: Record]? {
        guard source.bytes.starts(with: magic) else { return nil }
        source.position = magic.count
        guard let headerLength = try? source.int(),
              let header = try? CompactCoder.decode(compact: Header.self, from: source, length: headerLength),
              header.format == format, header.key == key, header.paths.count == header.lengths.count,
              header.paths.allSatisfy({ Self.shard(of: $0) == shard })
        else { return nil }
        var records: [String: Record] = [:]
        records.reserveCapacity(header.paths.count)
        let move = header.workingDirectory == paths.workingDirectory ? nil : DisplayPathMove(from: header.workingDirectory, to: paths)
        for (relative, length) in zip(header.paths, header.lengths) {
            guard var record = try? CompactCoder.decode(compact: Record.self, from: source, length: length) else { return nil }
            if let move {
                guard record.diagnostics.isEmpty else { continue }
                if record.entry != nil {
                    record.entry!.displayPath = move(record.entry!.displayPath)
                    if let theme = record.entry!.themeLocation { record.entry!.themeLocation!.path = move(theme.path) }
                }
            }
            records[relative] = record
        }
        return source.position == source.bytes.count ? records : nil
    }

    /// Writes the shards that changed (each atomically: a half-written file is never read).
    func save(journal: String) {
        let folder = Self.folder(journal: journal)
        let shards = changed.withLock { $0 }
        let moodsChanged = moodFilesChanged.withLock { $0 }, listed = listingChanged.withLock { $0 }
        guard !shards.isEmpty || moodsChanged || listed, FileIO.makeDirectories(folder) else { return }
        CacheFolder.prepare(CacheFolder.path(journal: journal))
        saveMoodFiles(folder: folder)
        saveListing(folder: folder)
        guard !shards.isEmpty else { return }
        // The single-file cache of earlier versions.
        unlink(CacheFolder.path(journal: journal) + "/entries.cache")
        // The shards as they are now, shared, not copied.
        let all = records.withLock { $0 }
        let key = self.key, workingDirectory = self.workingDirectory
        // One buffer per core, used again for each of its shards: a new one each time was 65 MB
        // of fresh memory at 10,000 entries, every page of it faulted in and zeroed.
        let order = shards.sorted()
        let workers = min(order.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        let saved: [[Int]] = parallelMap(Array(0..<workers)) { worker in
            let body = CompactSink(capacity: 1 << 21)
            var done: [Int] = []
            for shard in stride(from: worker, to: order.count, by: workers).map({ order[$0] }) {
                body.removeAll()
                if Self.write(records: all[shard], key: key, workingDirectory: workingDirectory, to: Self.path(folder: folder, shard: shard), body: body) { done.append(shard) }
            }
            return done
        }
        changed.withLock { $0.subtract(saved.joined()) }
    }

    /// One shard's file: the records one after the other in `body`, then the header that says
    /// where each is, all written to a new file that then takes the shard's name.
    private static func write(records: [String: Record], key: String, workingDirectory: String, to target: String, body: CompactSink) -> Bool {
        let names = records.keys.sorted()
        var lengths: [Int] = []
        lengths.reserveCapacity(names.count)
        for name in names {
            let start = body.count
            guard let record = records[name] else { return false }
            record.write(compact: body)
            lengths.append(body.count - start)
        }
        let header = CompactSink(capacity: 64 + 64 * names.count)
        Header(format: format, key: key, workingDirectory: workingDirectory, paths: names, lengths: lengths).write(compact: header)
        let head = CompactSink(capacity: magic.count + 10 + header.count)
        head.append(magic)
        head.int(header.count)
        header.withUnsafeBytes { head.append($0) }
        return FileIO.replace(target, withParts: [head, body])
    }
}

/// A path for messages as a build run in another folder showed it, as this build shows it:
/// relative to that folder when inside it, else absolute (`DisplayPaths.display(path:)`).
struct DisplayPathMove {
    var from: String
    var to: DisplayPaths

    func callAsFunction(_ shown: String) -> String {
        to.display(path: shown.hasPrefix("/") ? shown : from + "/" + shown)
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

extension EntryCache.Header {
    // In an extension, so the header keeps its memberwise initialiser.
    init(compact source: CompactSource) throws {
        format = try source.int()
        key = try source.string()
        workingDirectory = try source.string()
        paths = try source.strings()
        lengths = try source.list(source.int)
    }
}
