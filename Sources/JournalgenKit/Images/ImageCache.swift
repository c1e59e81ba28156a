import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `.journalgen-cache/` in the journal: sizes of photos and frames of videos made by earlier
/// builds, found again by the source's content and the settings, so a rebuild processes only new
/// or changed photos. The folder carries its own `.gitignore` ("*"), so git never sees it and the
/// journal's own `.gitignore` is left alone.
final class ImageCache: @unchecked Sendable {
    static let folderName = ".journalgen-cache"

    let folder: String
    /// The journal folder and a slash. Both indexes name photos relative to it, so a journal
    /// moved or copied elsewhere with its files' times (mv, cp -a, rsync -a) keeps its photo
    /// cache, and lines written from where it was before are left out instead of read forever.
    private let root: String
    /// Content hashes by path, size and modification time, so unchanged photos are not read again.
    private var known: KnownHashes = [:]
    /// Photo headers by path, size and modification time: loading a journal of thousands of
    /// photos then opens none of them.
    private var headers: [String: (size: Int, mtime: Int, header: Vips.Header)] = [:]
    private var changed = false
    private let lock = NSLock()
    private var indexPath: String { folder + "/images/index.tsv" }
    private var headersPath: String { folder + "/images/headers.tsv" }

    init(journal: String) {
        folder = CacheFolder.path(journal: journal)
        root = journal.hasSuffix("/") ? journal : journal + "/"
        seen = SeenFiles(below: root)
        // Both at once, each a file of tens of thousands of lines, beside the first stages: a
        // build that changed no photo first asks for them after the site model (read before
        // the entries began to load, they held that up by 10 ms at 10k entries).
        let written = Mutex(false)
        DispatchQueue.global().async(group: loaded) { [self] in
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                let absolute = part == 0 ? loadIndex() : loadHeaders()
                if absolute { written.withLock { $0 = true } }
            }
            // Written by a version that named photos by absolute paths: written again as names
            // inside the journal, once.
            changed = written.withLock { $0 }
        }
    }

    /// The indexes are read (see `init`); each use of them waits for it.
    private let loaded = DispatchGroup()

    /// A photo's name in the indexes: its path inside the journal (any other as it is).
    private func key(_ path: String) -> String {
        // The prefix compared in place: `starts(with:)` over two UTF-8 views, and decoding the
        // rest again, cost 1,300 instructions for each of 10,000 photos a build.
        let below = path.withUTF8Bytes { bytes in
            root.withUTF8Bytes { root in bytes.count >= root.count && (root.isEmpty || memcmp(bytes.baseAddress!, root.baseAddress!, root.count) == 0) }
        }
        return below ? String(path[path.utf8.index(path.utf8.startIndex, offsetBy: root.utf8.count)...]) : path
    }

    /// Size and modification time (ns), the key of both indexes.
    private func stamp(_ path: String) -> (size: Int, mtime: Int)? {
        seen.sizeAndTime(path).map { ($0.size, $0.modified) }
    }

    /// This build's looks at files (serve's photo cache lives on from build to build; its looks
    /// do not: `beginBuild` forgets them).
    let seen: SeenFiles

    func beginBuild() {
        seen.forget()
        // Opened again for each build: `serve` keeps this cache while the folder may be deleted
        // and made anew between two saves.
        lock.lock()
        openedSizesRoot = nil
        lock.unlock()
    }

    /// A photo's header, from the index while the file is unchanged, else read by libvips.
    func header(_ path: String) -> Result<Vips.Header, Vips.Failure> {
        guard let (size, mtime) = stamp(path) else { return Vips.header(path) }
        let key = key(path)
        loaded.wait()
        lock.lock()
        let entry = headers[key]
        lock.unlock()
        if let entry, entry.size == size, entry.mtime == mtime { return .success(entry.header) }
        let result = Vips.header(path)
        if case .success(let header) = result {
            lock.lock()
            headers[key] = (size, mtime, header)
            changed = true
            lock.unlock()
        }
        return result
    }

    /// Creates the folder and its `.gitignore` on first use.
    func prepare() -> Bool {
        guard FileIO.makeDirectories(folder + "/images") && FileIO.makeDirectories(folder + "/frames") else { return false }
        CacheFolder.prepare(folder)
        return true
    }

    /// The folder of the photos' sizes, held open: each of the 22,000 sizes of a 10k journal is
    /// looked at and opened from there, a walk of three folders instead of the whole path's ten
    /// or so (the walk was most of those calls' time in the kernel).
    func sizesRoot() -> OpenFolder {
        lock.lock()
        defer { lock.unlock() }
        if let opened = openedSizesRoot { return opened }
        let opened = OpenFolder(Self.sizesFolder(cache: folder))
        openedSizesRoot = opened
        return opened
    }
    private var openedSizesRoot: OpenFolder?

    /// The folder of the photos' sizes (and of the indexes that name them) in `journal`'s cache.
    static func sizesFolder(journal: String) -> String { sizesFolder(cache: CacheFolder.path(journal: journal)) }

    private static func sizesFolder(cache: String) -> String { cache + "/images" }

    typealias KnownHashes = [String: (size: Int, mtime: Int, hash: String)]

    /// The content hashes known now, to look up many without taking the lock for each.
    func knownHashes() -> KnownHashes {
        loaded.wait()
        lock.lock()
        defer { lock.unlock() }
        return known
    }

    /// SHA-256 of a file's content; read again only when its size or modification time changed.
    /// `knownBefore`: `knownHashes()` of a little earlier, looked in instead of the cache itself.
    func contentHash(_ path: String, knownBefore: KnownHashes? = nil) -> String? {
        guard let (size, mtime) = stamp(path) else { return nil }
        let key = key(path)
        let entry: (size: Int, mtime: Int, hash: String)?
        if let knownBefore {
            entry = knownBefore[key]
        } else {
            loaded.wait()
            lock.lock()
            entry = known[key]
            lock.unlock()
        }
        if let entry, entry.size == size, entry.mtime == mtime { return entry.hash }
        guard let hash = Vips.sha256(file: path) else { return nil }
        loaded.wait()
        lock.lock()
        known[key] = (size, mtime, hash)
        changed = true
        lock.unlock()
        return hash
    }

    /// The folder holding the sizes of one source made with one set of settings.
    func sizesFolder(hash: String, settingsKey: String) -> String {
        // Sized once: six appends grew the string three times, for each of 10,000 photos.
        var path = ""
        path.reserveCapacity(folder.utf8.count + hash.utf8.count + settingsKey.utf8.count + 13)
        path += folder
        path += "/images/"
        path += hash.prefix(2)
        path += "/"
        path += hash
        path += "-"
        path += settingsKey
        return path
    }

    /// `SiteManifest.sourceKeyFolderHash(sizesFolder(hash:settingsKey:))`, hashed from the same
    /// parts in the same order without making the path (10,000 paths a build, half the photo
    /// check); ImageTests holds the two to the same result.
    func sizesFolderHash(hash: String, settingsKey: String) -> UInt64 {
        var key = FNV1a.hash(folder.utf8)
        key = FNV1a.hash("/images/".utf8, from: key)
        key = FNV1a.hash(hash.utf8.prefix(2), from: key)
        key = FNV1a.hash(CollectionOfOne(UInt8(ascii: "/")), from: key)
        key = FNV1a.hash(hash.utf8, from: key)
        key = FNV1a.hash(CollectionOfOne(UInt8(ascii: "-")), from: key)
        key = FNV1a.hash(settingsKey.utf8, from: key)
        return FNV1a.hash(CollectionOfOne(UInt8(ascii: "/")), from: key)
    }

    static func settingsKey(_ settings: ImageSettings) -> String { StaticFiles.fnv1a(Data(settings.signature.utf8)) }

    func framePath(hash: String) -> String { folder + "/frames/" + hash + ".jpg" }

    /// Whether a line named a photo by an absolute path (so does `loadHeaders`).
    private func loadIndex() -> Bool {
        guard let bytes = FileIO.readBytes(indexPath) else { return false }
        var absolute = false
        known.reserveCapacity(Self.lineCount(bytes))
        Self.forEachLine(bytes, fields: 4) { f in
            guard let size = Self.int(bytes, f[0]), let mtime = Self.int(bytes, f[1]),
                  let key = key(bytes, f[3], absolute: &absolute) else { return }
            known[key] = (size, mtime, Self.string(bytes, f[2]))
        }
        return absolute
    }

    /// `size mtime width height orientation alpha fields path`, the fields as `name=value`
    /// separated by U+001F.
    private func loadHeaders() -> Bool {
        guard let bytes = FileIO.readBytes(headersPath) else { return false }
        var absolute = false
        headers.reserveCapacity(Self.lineCount(bytes))
        Self.forEachLine(bytes, fields: 8) { f in
            guard let size = Self.int(bytes, f[0]), let mtime = Self.int(bytes, f[1]), let width = Self.int(bytes, f[2]),
                  let height = Self.int(bytes, f[3]), let orientation = Self.int(bytes, f[4]),
                  let key = key(bytes, f[7], absolute: &absolute) else { return }
            var fields: [String: String] = [:]
            var start = f[6].lowerBound
            while start < f[6].upperBound {
                let end = bytes[start..<f[6].upperBound].firstIndex(of: 0x1F) ?? f[6].upperBound
                if let equals = bytes[start..<end].firstIndex(of: 0x3D) {
                    fields[Self.string(bytes, start..<equals)] = Self.string(bytes, equals + 1..<end)
                }
                start = end + 1
            }
            headers[key] = (size, mtime, Vips.Header(width: width, height: height, orientation: orientation,
                                                     hasAlpha: f[5].count == 1 && bytes[f[5].lowerBound] == 0x31, fields: fields))
        }
        return absolute
    }

    /// Calls `body` with the byte ranges of each line's `count` tab-separated fields (the last
    /// one running to the line's end); lines with fewer fields are left out. Byte by byte: both
    /// files have a line per photo, and splitting them as Swift strings was a tenth of a build
    /// after one edit at 10,000 entries.
    private static func forEachLine(_ bytes: [UInt8], fields count: Int, _ body: ([Range<Int>]) -> Void) {
        var fields: [Range<Int>] = []
        fields.reserveCapacity(count)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // memchr, not the slices' generic `firstIndex(of:)` (24 M instructions a build).
            func find(_ byte: UInt8, from: Int, to end: Int) -> Int? {
                guard from < end, let hit = memchr(base + from, Int32(byte), end - from) else { return nil }
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            var lineStart = 0
            while lineStart < buffer.count {
                let lineEnd = find(0x0A, from: lineStart, to: buffer.count) ?? buffer.count
                fields.removeAll(keepingCapacity: true)
                var start = lineStart
                while fields.count < count - 1, let tab = find(0x09, from: start, to: lineEnd) {
                    fields.append(start..<tab)
                    start = tab + 1
                }
                fields.append(start..<lineEnd)
                if fields.count == count { body(fields) }
                lineStart = lineEnd + 1
            }
        }
    }

    /// A decimal number, as `Int(_:)` reads it; nil for anything else (a damaged file).
    private static func int(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var index = range.lowerBound
        let negative = bytes[index] == 0x2D
        if negative { index += 1; guard index < range.upperBound else { return nil } }
        var value = 0
        while index < range.upperBound {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(digit))
            guard !overflow, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return negative ? -value : value
    }

    private static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// A line's photo as `key(_:)` names it. An absolute path (as earlier versions wrote them)
    /// inside the journal is taken as its place there; one outside it, written where the journal
    /// was before, gives nil.
    private func key(_ bytes: [UInt8], _ range: Range<Int>, absolute: inout Bool) -> String? {
        guard bytes[range].first == 0x2F else { return Self.string(bytes, range) }
        absolute = true
        let prefix = root.utf8.count
        guard range.count > prefix, bytes[range].starts(with: root.utf8) else { return nil }
        return Self.string(bytes, range.lowerBound + prefix..<range.upperBound)
    }

    /// Room for every line at once: growing the dictionaries line by line rehashed them a dozen times.
    private static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard var start = buffer.baseAddress else { return 0 }
            let end = start + buffer.count
            var count = 0
            while start < end, let newline = memchr(start, 0x0A, end - start) {
                count += 1
                start = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return count + 1
        }
    }

    /// Writes both indexes, when this build learnt something new.
    func saveIndex() {
        loaded.wait()
        lock.lock()
        defer { lock.unlock() }
        guard changed, prepare() else { return }
        let lines = known.keys.sorted().map { path in
            let e = known[path]!
            return "\(e.size)\t\(e.mtime)\t\(e.hash)\t\(path)\n"
        }
        _ = FileIO.write(Data(lines.joined().utf8), to: indexPath)
        func clean(_ s: String) -> String { s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\u{1F}", with: " ") }
        let headerLines = headers.keys.sorted().map { path in
            let e = headers[path]!, h = e.header
            let fields = h.fields.keys.sorted().map { "\($0)=\(clean(h.fields[$0]!))" }.joined(separator: "\u{1F}")
            return "\(e.size)\t\(e.mtime)\t\(h.width)\t\(h.height)\t\(h.orientation)\t\(h.hasAlpha ? 1 : 0)\t\(fields)\t\(path)\n"
        }
        _ = FileIO.write(Data(headerLines.joined().utf8), to: headersPath)
        changed = false
    }
}
