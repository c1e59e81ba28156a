import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Makes the published sizes of every photo on both cores, or finds them in the cache, and says
/// where each file of the site comes from.
struct ImageProcessor {
    /// One photo to publish: its file, and the sizes wanted of it.
    struct Job: Sendable {
        var source: String
        var sizes: [ImageSize]
        /// Where the photo is named, for messages.
        var location: SourceLocation

        /// Nil for an item with no file found, or no size to publish.
        init?(_ file: String?, _ sizes: [ImageSize], _ location: SourceLocation) {
            guard let file, !sizes.isEmpty else { return nil }
            source = file
            self.sizes = sizes
            self.location = location
        }
    }

    struct Result {
        var copies: [StaticFiles.Copy] = []
        var processed = 0
        var fromCache = 0
    }

    var cache: ImageCache
    var settings: ImageSettings
    var diagnostics: DiagnosticsEngine
    var paths: DisplayPaths
    /// Print a progress line (on a terminal, when there is enough work to wait for).
    var showProgress = false

    /// The jobs of a site: each entry's photos, posters and images in the text, and trip covers.
    static func jobs(model: SiteModel, paths: DisplayPaths) -> [Job] {
        jobs(entries: model.entries, trips: model.views.trips.trips, authors: model.views.authors, paths: paths)
    }

    static func jobs(entries: [Entry], trips: [TripIndex.Trip], authors: AuthorIndex? = nil, paths: DisplayPaths) -> [Job] {
        // The entries' photos found on all cores, by runs of entries; only the look for a photo
        // shown twice stays in order, on one (the whole was 7 ms on one core at 10k entries).
        // By index, field by field: a copy of each entry costs more than the rest of the stage.
        // Items field by field too: copying each (a dozen strings and lists) cost as much again.
        let found: [[Job]] = parallelMap(Array(stride(from: 0, to: entries.count, by: 256))) { start in
            var jobs: [Job] = []
            func add(_ items: [MediaItem], of displayPath: String) {
                for i in items.indices {
                    let at = SourceLocation(path: displayPath, line: items[i].line, column: items[i].column)
                    if let job = Job(items[i].filePath, items[i].sizes, at) { jobs.append(job) }
                    if let job = Job(items[i].posterFrame ?? items[i].posterPath, items[i].posterSizes, at) { jobs.append(job) }
                }
            }
            for index in start..<min(start + 256, entries.count) {
                add(entries[index].media, of: entries[index].displayPath)
                add(entries[index].bodyImages, of: entries[index].displayPath)
            }
            return jobs
        }
        // In the site's order, each photo once (a photo two entries show is one job).
        var jobs: [Job] = []
        var seen = Set<String>()
        // Room for a photo an entry: growing the set rehashed its long paths again and again.
        jobs.reserveCapacity(entries.count)
        seen.reserveCapacity(entries.count)
        func add(_ job: Job?) {
            guard let job, seen.insert(job.sizes[0].webp).inserted else { return }
            jobs.append(job)
        }
        for job in found.joined() { add(job) }
        for trip in trips {
            if let cover = trip.cover { add(Job(cover.filePath, cover.sizes, SourceLocation(path: trip.info.map { paths.display(path: $0.filePath) } ?? "trips/", line: cover.line, column: cover.column))) }
        }
        for person in authors?.people ?? [] {
            if let photo = person.photo { add(Job(photo.filePath, photo.sizes, SourceLocation(path: JournalConfig.fileName, line: photo.line, column: photo.column))) }
        }
        return jobs
    }

    /// `published(sitePath, cacheFileKey)`: the output folder holds the copy already (by its
    /// records; the key is SiteManifest.sourceKey's); a photo whose every size it holds is not
    /// looked for in the cache.
    func run(_ jobs: [Job], published: @Sendable (String, Int) -> Bool = { _, _ in false }) -> Result {
        guard !jobs.isEmpty else { return Result() }
        guard cache.prepare() else {
            diagnostics.error("cannot create the image cache \(cache.folder)", at: SourceLocation(path: paths.display(path: cache.folder)))
            return Result()
        }
        let quality = settings.quality, strip = settings.keepMetadata ? "" : ",strip"
        // First find what the cache has (on all cores: tens of thousands of stats in a lifetime
        // journal); only the rest is worth a progress line.
        let settingsKey = ImageCache.settingsKey(settings)
        // Each size's copy, made here on all cores: with the cached file's stamp when every size
        // is there (the copy compares with it, not looking again), without when some are missing.
        // The hashes known before, read without the lock for each of 10,000 photos (both cores
        // waited on it); a photo changed since is hashed and added under it.
        let known = cache.knownHashes()
        let sizesRoot = cache.sizesRoot()
        let found: [(folder: String, copies: [StaticFiles.Copy], complete: Bool)?] = parallelMap(jobs) { job in
            guard let hash = cache.contentHash(job.source, knownBefore: known) else { return nil }
            let folder = cache.sizesFolder(hash: hash, settingsKey: settingsKey)
            let folderHash = SiteManifest.sourceKeyFolderHash(folder)
            var copies: [StaticFiles.Copy] = []
            var cached: [String] = []
            copies.reserveCapacity(job.sizes.count * 2)
            cached.reserveCapacity(job.sizes.count * 2)
            Self.forEachFile(of: job) { file, sitePath in
                var path = ""
                path.reserveCapacity(folder.utf8.count + file.utf8.count + 1)
                path += folder
                path += "/"
                path += file
                cached.append(path)
                copies.append(StaticFiles.Copy(source: .cached(cached[cached.count - 1]), sitePath: sitePath,
                                               sourceKey: SiteManifest.sourceKey(folderHash: folderHash, name: file)))
            }
            if copies.allSatisfy({ published($0.sitePath, $0.sourceKey) }) {
                for index in copies.indices { copies[index].held = true }
                return (folder, copies, true)
            }
            for index in copies.indices {
                copies[index].sourceStamp = sizesRoot.stampAndKind(cached[index]).flatMap { $0.isRegularFile ? $0.stamp : nil }
            }
            let complete = copies.allSatisfy { $0.sourceStamp != nil }
            if !complete { for index in copies.indices { copies[index].sourceStamp = nil } }
            return (folder, copies, complete)
        }
        let folders = found.map { $0?.folder }
        var todo: [Int] = []
        var result = Result()
        // Room for all at once: growing copied 22,000 copies (their strings retained) on one core.
        result.copies.reserveCapacity(found.reduce(0) { $0 + ($1?.copies.count ?? 0) })
        for (index, job) in jobs.enumerated() {
            guard let (_, copies, complete) = found[index] else {
                diagnostics.error("cannot read \(paths.display(path: job.source))", at: job.location)
                continue
            }
            if complete { result.fromCache += 1 } else { todo.append(index) }
            result.copies += copies
        }
        let progress = ProgressLine(total: todo.count, label: "Processing images", enabled: showProgress && todo.count > 4)
        let pending = todo
        parallelForEach(count: pending.count) { n in
            let job = jobs[pending[n]], folder = folders[pending[n]]!
            let work = folder + ".tmp-\(getpid())-\(n)"
            _ = FileIO.makeDirectories(work)
            defer { FileIO.removeFiles(below: work) { _ in true }; rmdir(work) }
            let outputs = job.sizes.map { size in
                (width: size.width, files: [work + "/" + Self.cacheName(size.webp, size.width) + "[Q=\(quality)\(strip)]",
                                            work + "/" + Self.cacheName(size.fallback, size.width) + Self.saveOptions(size.fallback, quality: quality, strip: strip)])
            }
            switch Vips.writeSizes(of: job.source, outputs: outputs) {
            case .success:
                _ = FileIO.makeDirectories(folder)
                for size in job.sizes {
                    for name in [Self.cacheName(size.webp, size.width), Self.cacheName(size.fallback, size.width)] {
                        rename(work + "/" + name, folder + "/" + name)
                    }
                }
            case .failure(let failure):
                diagnostics.error("cannot process the image \(paths.display(path: job.source)): \(failure); expected a readable JPEG, PNG, WebP, AVIF, HEIC or TIFF file", at: job.location)
            }
            progress.advance()
        }
        progress.finish()
        result.processed = todo.count
        cache.saveIndex()
        return result
    }

    /// Each file `job` publishes, in the order its copies are made: its name in the photo
    /// cache's folder for the photo, and its path in the site.
    static func forEachFile(of job: Job, _ body: (_ file: String, _ sitePath: String) -> Void) {
        forEachSitePath(of: job) { sitePath, width in body(cacheName(sitePath, width), sitePath) }
    }

    /// The order of `forEachFile`, with each file's width instead of its name in the cache.
    static func forEachSitePath(of job: Job, _ body: (_ sitePath: String, _ width: Int) -> Void) {
        for size in job.sizes {
            body(size.webp, size.width)
            body(size.fallback, size.width)
        }
    }

    /// The number of files `job` publishes.
    static func fileCount(of job: Job) -> Int { job.sizes.count * 2 }

    /// True when `copies` lists, from `start` on, each file of `jobs` as `run` would copy it:
    /// at the same path, from the same file of the cache (SiteManifest.sourceKey). Nothing is
    /// made or looked up in the cache's folders: a build that then publishes nothing new has no
    /// use for the 22,000 copies of a 10k journal `run` lists.
    func listed(_ jobs: [Job], in files: [String], sources: [Int], from start: Int) -> Bool {
        // Where each job's files begin in the lists.
        var end = start
        let firsts: [Int] = jobs.map { job in
            defer { end += Self.fileCount(of: job) }
            return end
        }
        guard end <= files.count, end <= sources.count else { return false }
        let settingsKey = ImageCache.settingsKey(settings)
        let known = cache.knownHashes()
        let differs = Atomic<Bool>(false)
        let run = 512
        parallelForEach(count: (jobs.count + run - 1) / run) { part in
            for index in part * run..<min(jobs.count, (part + 1) * run) {
                guard !differs.load(ordering: .relaxed), let hash = cache.contentHash(jobs[index].source, knownBefore: known) else {
                    differs.store(true, ordering: .relaxed)
                    return
                }
                let folderHash = cache.sizesFolderHash(hash: hash, settingsKey: settingsKey)
                var position = firsts[index]
                Self.forEachSitePath(of: jobs[index]) { sitePath, width in
                    if files[position] != sitePath || sources[position] != Self.cacheNameKey(sitePath, width, folderHash: folderHash) {
                        differs.store(true, ordering: .relaxed)
                    }
                    position += 1
                }
            }
        }
        return !differs.load(ordering: .relaxed)
    }

    /// "960.webp", "960.jpg": the cache folder is per source, so the width and format name a file.
    static func cacheName(_ sitePath: String, _ width: Int) -> String {
        if let ending = cacheNameEnding(sitePath) {
            var name = String(width)
            name += "."
            name += ending
            return name
        }
        return "\(width)." + (sitePath.split(separator: ".").last.map(String.init) ?? "jpg")
    }

    /// `SiteManifest.sourceKey(folderHash:name: cacheName(sitePath, width))`, hashed from the
    /// name's parts without making it.
    static func cacheNameKey(_ sitePath: String, _ width: Int, folderHash: UInt64) -> Int {
        guard var ending = cacheNameEnding(sitePath) else {
            return SiteManifest.sourceKey(folderHash: folderHash, name: cacheName(sitePath, width))
        }
        var key = FNV1a.hash(String(width).utf8, from: folderHash)
        key = FNV1a.hash(CollectionOfOne(UInt8(ascii: ".")), from: key)
        key = ending.withUTF8 { FNV1a.hash($0, from: key) }
        return SiteManifest.sourceKey(hash: key)
    }

    /// What follows the path's last dot, when something does: the ending of `cacheName`.
    private static func cacheNameEnding(_ sitePath: String) -> Substring? {
        let bytes = sitePath.utf8
        guard let dot = sitePath.lastIndex(ofByte: 0x2E), dot != bytes.index(before: bytes.endIndex) else { return nil }
        let next = bytes.index(after: dot)
        // After the dot comes the next character; where that starts with an ASCII byte it is
        // the next byte, found without walking characters (only a combining mark, never ASCII,
        // would join the dot's character).
        return sitePath[(bytes[next] < 0x80 ? next : sitePath.index(after: dot))...]
    }

    static func saveOptions(_ sitePath: String, quality: Int, strip: String) -> String {
        sitePath.hasSuffix(".png") ? "[compression=6\(strip)]" : "[Q=\(quality),optimize_coding,interlace\(strip)]"
    }
}

/// "Processing images 12/200" on one line of a terminal, rewritten as work is done.
final class ProgressLine: @unchecked Sendable {
    let total: Int
    let label: String
    let enabled: Bool
    private var done = 0
    private let lock = NSLock()

    init(total: Int, label: String, enabled: Bool) {
        self.total = total
        self.label = label
        self.enabled = enabled
    }

    func advance() {
        guard enabled else { return }
        lock.lock()
        done += 1
        let text = "\r\(label) \(done)/\(total)"
        lock.unlock()
        FileHandle.standardError.write(Data(text.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
