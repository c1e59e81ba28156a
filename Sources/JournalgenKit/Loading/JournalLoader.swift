import Foundation
import Synchronization

/// Which entries a build publishes.
public struct LoadOptions: Sendable {
    public var includeDrafts = false
    public var includeFuture = false
    /// The day the build is for; entries after it are "future". Tests pass a fixed day.
    public var today: CalendarDay?

    public init(includeDrafts: Bool = false, includeFuture: Bool = false, today: CalendarDay? = nil) {
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.today = today
    }
}

/// What loading found: the entries to publish and what was left out.
public struct LoadedJournal: Sendable {
    public var config: JournalConfig
    public var entries: [Entry]
    /// `moods.log` lines up to the build day, oldest first.
    public var moodLog: [MoodLogLine] = []
    /// `trips/<id>.md`, by id.
    public var trips: [String: TripInfo] = [:]
    /// Entry files left out of this build, by absolute path: "a draft" or "dated after the build
    /// day" (links to them are errors).
    public var leftOut: [String: String] = [:]
    /// The files left-out entries use (so `check` does not call them unused).
    public var leftOutFiles: [String] = []
    /// Authors' photos, by author id.
    public var authorPhotos: [String: MediaItem] = [:]
    public var draftsLeftOut = 0
    public var futureLeftOut = 0
    /// Entries taken from the cache on the watcher's word, their files not looked at (`serve`).
    public var entriesNotLookedAt = 0
    /// The entries looked at again when the watcher's word sufficed for the others (`serve`).
    var reload: Reload?

    /// The entries a load that took the last one over looked at again: every other entry is
    /// the last load's, as it was.
    struct Reload: Sendable {
        /// Relative to entries/.
        var files: [String]
        /// As loaded now, and as the last load had them (nil where a file gave no entry).
        var entries: [Entry?]
        var before: [Entry?]

        /// Whether each changed only in its text: the journal then has the last load's entries
        /// with the same front matter, media and places, so everything made of those alone
        /// (the private part's key, the links checked, the model's order) is as it was.
        var onlyTexts: Bool {
            zip(entries, before).allSatisfy { new, old in
                guard let new, let old else { return false }
                return !new.loadedFingerprint.isEmpty && new.loadedFingerprint == old.loadedFingerprint
            }
        }
    }
}

/// Reads `entries/**/*.md` on all cores and checks each entry and its media.
public struct JournalLoader: Sendable {
    public var journal: URL
    public var paths: DisplayPaths
    /// The build's photo cache, shared with the image stage (a loader of its own makes one).
    var imageCache: ImageCache?
    /// Entries as earlier builds loaded them; nil loads every entry (`--no-cache`).
    public var entryCache: EntryCache?
    /// Under `serve`, every file changed since the last load, when the watcher knows them all:
    /// the other entries and their media are taken from the cache without looking at their files
    /// (10,000 stats a save). Nil: each file's size and time are checked.
    var changedFiles: Set<String>?
    /// Keep this load's result in the entry cache for the next one (`serve`).
    var keepLastLoad = false

    public init(journal: URL, paths: DisplayPaths) {
        self.journal = journal
        self.paths = paths
    }

    /// What loading one entry file gave.
    struct LoadedFile: Sendable {
        var entry: Entry?
        var diagnostics: [Diagnostic]
        /// Absolute paths of the files it looked at (media), besides its own; only when the
        /// load is kept (`keepLastLoad`).
        var inputs: [String]
        /// False when the watcher's word sufficed and not even its file was looked at.
        var lookedAt = true
        /// A record for the cache, made by this load: stored with the others once all are
        /// loaded (one lock for all, not one per entry taken on all cores at once).
        var record: EntryCache.Record?
    }

    public func load(config: JournalConfig, options: LoadOptions, diagnostics: DiagnosticsEngine) -> LoadedJournal {
        let root = journal.standardizedFileURL.path
        let lastListing = entryCache?.lastListing
        let changed = lastListing.flatMap { last in changedFiles.flatMap { ChangedFiles(paths: $0, root: root, lastListing: last) } }
        let files: [String]
        if let changed, !changed.needsListing, let lastListing {
            files = lastListing
        } else {
            let listing = DiagnosticsEngine()
            files = entryFiles(diagnostics: listing)
            listing.diagnostics.forEach(diagnostics.emit)
            entryCache?.lastListing = listing.diagnostics.isEmpty ? files : nil
        }
        let paths = self.paths
        let images = imageCache ?? ImageCache(journal: root)
        let resolver = MediaResolver(journal: root, seen: images.seen)
        let inspector = MediaInspector(zone: config.offsets, settings: config.media, cache: images, paths: paths)
        let parser = EntryParser(config: config) { media, filePath in
            inspector.earliestPhotoDate(media, entryPath: filePath, resolver: resolver)
        }
        let cache = entryCache
        // The mood log (a line per mood, for years) and the trips are read beside the entries,
        // not after them.
        let moodLog = Mutex<[MoodLogLine]>([])
        let trips = Mutex<[String: TripInfo]>([:])
        let others = DispatchGroup()
        DispatchQueue.global().async(group: others) { [self] in
            let lines = readMoodLog(config: config, diagnostics: diagnostics)
            moodLog.withLock { $0 = lines }
        }
        DispatchQueue.global().async(group: others) { [self] in
            let read = readTrips(config: config, changed: changed, images: images, resolver: resolver, diagnostics: diagnostics)
            trips.withLock { $0 = read }
        }
        /// One entry file, from the cache where it may be: the entry, its messages, the files it looked at.
        @Sendable func loadOne(_ relative: String) -> LoadedFile {
            let file = root + "/entries/" + relative
            let display = paths.display(path: file)
            /// `store`: the record is new or changed, for the cache to keep.
            func reuse(_ record: EntryCache.Record, store: Bool = false) -> LoadedFile {
                LoadedFile(entry: record.entry, diagnostics: record.diagnostics, inputs: keepLastLoad ? record.inputs.map(\.path) : [],
                           record: store ? record : nil)
            }
            if let cache, let changed, let record = cache.record(for: relative, untouchedBy: changed, file: file) {
                var loaded = reuse(record)
                loaded.lookedAt = false
                return loaded
            }
            // Looked at before reading only when a record may spare the read; else the look
            // that reading makes (a stat fewer for each entry of a first build).
            var stamp: EntryCache.Stamp?
            if let cache {
                let found = cache.record(for: relative, unchanged: { EntryCache.Stamp(path: file, lookingOnceWith: images.seen) }, seen: images.seen)
                if let record = found.record { return reuse(record) }
                stamp = found.looked
            }
            guard let (data, seenWhenRead) = FileIO.readWithStamp(file, in: images.seen.folder) else {
                return LoadedFile(entry: nil, diagnostics: [Diagnostic(.error, "cannot read this file", at: SourceLocation(path: display))], inputs: [])
            }
            if cache != nil, stamp == nil { stamp = EntryCache.Stamp(path: file, size: seenWhenRead.size, modified: seenWhenRead.modified) }
            guard let cache else {
                let own = DiagnosticsEngine()
                let entry = Self.loadEntry(data, relative: relative, file: file, display: display, parser: parser, options: options,
                                           resolver: resolver, inspector: inspector, paths: paths, diagnostics: own)
                return LoadedFile(entry: entry, diagnostics: own.diagnostics, inputs: [])
            }
            let hash = EntryCache.hash(data)
            if var record = cache.record(for: relative, hash: hash, seen: images.seen) {
                // Same bytes under a new time (a checkout, a touch): remember the new time.
                if let settled = stamp.flatMap({ EntryCache.settledStamp($0) }), record.file != settled {
                    record.file = settled
                    return reuse(record, store: true)
                }
                return reuse(record)
            }
            let own = DiagnosticsEngine()
            var entry = Self.loadEntry(data, relative: relative, file: file, display: display, parser: parser, options: options,
                                       resolver: resolver, inspector: inspector, paths: paths, diagnostics: own)
            if entry != nil {
                entry!.loadedFingerprint = SiteFingerprint.meta(of: entry!)
                // The file's bytes stand for its text: the text is made from them alone (and from
                // settings, which the journal's fingerprint covers). A front matter edit changes
                // it too, but that edit renders every page again anyway.
                entry!.loadedTextFingerprint = hash
                entry!.loadedCardFingerprint = SiteFingerprint.card(of: entry!.body)
                entry!.loadedTasksFingerprint = SiteFingerprint.tasks(of: entry!.body.tasks)
            }
            let record = EntryCache.Record(hash: hash, file: stamp.flatMap { EntryCache.settledStamp($0) }, inputs: entry.map { Self.mediaInputs(of: $0, journal: root, seen: images.seen) } ?? [],
                                           entry: entry, diagnostics: own.diagnostics, withDrafts: options.includeDrafts)
            return reuse(record, store: true)
        }
        var parsed: [Entry?]
        var messages: [[Diagnostic]]
        var notLookedAt = 0
        var reload: LoadedJournal.Reload?
        // True when the list is also the cache's (serve's last load): its entries are then
        // copied out one by one, not moved out, which would copy the whole list first.
        var sharedWithCache = false
        // Taken out while it changes: a second reference would copy its 10,000 entries.
        if let cache, let changed, !changed.needsListing, var last = cache.takeLastLoad(), last.files == files {
            // The watcher vouches for every change: only the entries whose files changed, or a
            // file they looked at, are looked at. The others are the last load's, by position.
            var touched = Set<Int>()
            for path in changed.paths { touched.formUnion(last.owners[path] ?? []) }
            // Entries that name a file in a form the watcher does not report it in are looked at.
            touched.formUnion(last.unwatched)
            let ordered = touched.sorted()
            var again = parallelMap(ordered) { loadOne(files[$0]) }
            cache.store(ordered.map { files[$0] }) { again[$0].record.take() }
            reload = LoadedJournal.Reload(files: ordered.map { files[$0] }, entries: again.map(\.entry), before: ordered.map { last.parsed[$0] })
            for (index, loaded) in zip(ordered, again) {
                last.parsed[index] = loaded.entry
                last.messages[index] = loaded.diagnostics
                for input in loaded.inputs { last.owners[input, default: []].append(index) }
                if loaded.inputs.allSatisfy({ ChangedFiles.isWatched($0, root: root) }) { last.unwatched.remove(index) } else { last.unwatched.insert(index) }
            }
            notLookedAt = files.count - ordered.count
            cache.lastLoad = last
            parsed = last.parsed
            messages = last.messages
            sharedWithCache = true
        } else {
            var all = parallelMap(files) { loadOne($0) }
            // Moved into the cache, not copied: copying each new record, and freeing the copy,
            // took 50 ms of CPU in a first build at 10,000 entries.
            cache?.store(files) { all[$0].record.take() }
            notLookedAt = all.indices.reduce(0) { $0 + (all[$1].lookedAt ? 0 : 1) }
            var owners: [String: [Int]] = [:]
            var unwatched = Set<Int>()
            if cache != nil, keepLastLoad {
                for index in files.indices {
                    let file = root + "/entries/" + files[index]
                    owners[file, default: []].append(index)
                    for input in all[index].inputs { owners[input, default: []].append(index) }
                    if !ChangedFiles.isWatched(file, root: root) || !all[index].inputs.allSatisfy({ ChangedFiles.isWatched($0, root: root) }) { unwatched.insert(index) }
                }
            }
            // Moved out, not copied: a copy of 10,000 entries, and freeing the originals, was
            // a twentieth of a build after one edit, on one core.
            parsed = all.indices.map { all[$0].entry.take() }
            messages = all.indices.map { all[$0].diagnostics }
            if let cache, keepLastLoad {
                sharedWithCache = cache.lastListing == files
                cache.lastLoad = sharedWithCache
                    ? EntryCache.LastLoad(files: files, parsed: parsed, messages: messages, owners: owners, unwatched: unwatched) : nil
            }
        }
        for list in messages where !list.isEmpty { list.forEach(diagnostics.emit) }
        // Entries whose files are gone are forgotten (the same listing has none). A build then
        // leaves its entries to the loaded journal alone (see letGoOfEntriesNotSaved).
        let listed = changed == nil || changed!.needsListing ? files : nil
        if keepLastLoad {
            if let listed { cache?.keep(only: listed) }
        } else {
            cache?.letGoOfEntriesNotSaved(keepingOnly: listed)
        }

        let today = options.today ?? config.timeZone.today()
        var result = LoadedJournal(config: config, entries: [])
        result.entries.reserveCapacity(parsed.count)
        result.entriesNotLookedAt = notLookedAt
        result.reload = reload
        for index in parsed.indices {
            guard let entry = sharedWithCache ? parsed[index] : parsed[index].take() else { continue }
            if (entry.isDraft && !options.includeDrafts) || (entry.date.day > today && !options.includeFuture) {
                result.leftOutFiles += (entry.media + entry.bodyImages).flatMap { [$0.filePath, $0.posterPath].compactMap { $0 } }
            }
            if entry.isDraft && !options.includeDrafts { result.draftsLeftOut += 1; result.leftOut[entry.filePath] = "a draft"; continue }
            if entry.date.day > today && !options.includeFuture { result.futureLeftOut += 1; result.leftOut[entry.filePath] = "dated after the build day"; continue }
            result.entries.append(entry)
        }
        others.wait()
        // Taken out, so that leaving out lines after the build day (rarely any) copies nothing.
        var moods = moodLog.withLock { lines in defer { lines = [] }; return lines }
        if !options.includeFuture, moods.contains(where: { $0.date.day > today }) { moods.removeAll { $0.date.day > today } }
        // Each file's lines are in order (readMoodLog): sorted only when the files' lines interleave.
        let inOrder = moods.indices.dropFirst().allSatisfy { moods[$0 - 1].date.instant <= moods[$0].date.instant }
        result.moodLog = inOrder ? moods : moods.sorted { $0.date.instant < $1.date.instant }
        result.trips = trips.withLock { $0 }
        result.authorPhotos = readAuthorPhotos(config: config, resolver: resolver, images: images, diagnostics: diagnostics)
        return result
    }

    /// The trips' descriptions; under `serve`, the last ones when the watcher vouches that no
    /// file of trips/ and no cover changed (covers are read as photos: a tenth of a second for 170).
    /// `resolver`: the entries' (covers are found as their media are, through the same looks).
    func readTrips(config: JournalConfig, changed: ChangedFiles?, images: ImageCache, resolver: MediaResolver, diagnostics: DiagnosticsEngine) -> [String: TripInfo] {
        let root = journal.standardizedFileURL.path
        let folder = root + "/trips/"
        if keepLastLoad, let changed, let last = entryCache?.lastTrips,
           !changed.paths.contains(where: { $0.hasPrefix(folder) || last.inputs.contains($0) }) {
            last.diagnostics.forEach(diagnostics.emit)
            return last.trips
        }
        let own = DiagnosticsEngine()
        var reader = TripReader(journal: root, config: config, paths: paths)
        reader.images = images
        reader.resolver = resolver
        let trips = reader.readAll(diagnostics: own)
        own.diagnostics.forEach(diagnostics.emit)
        if keepLastLoad {
            let inputs = Set(trips.values.flatMap { [$0.filePath, $0.cover?.filePath].compactMap { $0 } })
            // Kept only when the watcher reports every one of them in the form they are named in.
            entryCache?.lastTrips = inputs.allSatisfy { ChangedFiles.isWatched($0, root: root) }
                ? EntryCache.LastTrips(trips: trips, diagnostics: own.diagnostics, inputs: inputs) : nil
        }
        return trips
    }

    /// `photo:` of each author: in the journal's `authors/` folder or `media/`, never outside
    /// (found as if a file `authors.md` listed them).
    func readAuthorPhotos(config: JournalConfig, resolver: MediaResolver, images: ImageCache, diagnostics: DiagnosticsEngine) -> [String: MediaItem] {
        let root = journal.standardizedFileURL.path
        let display = paths.display(path: root + "/" + JournalConfig.fileName)
        var photos: [String: MediaItem] = [:]
        for author in config.authors.all {
            guard let name = author.photo else { continue }
            let at = SourceLocation(path: display, line: author.line, column: author.column)
            var item = MediaItem(source: name, line: author.line, column: author.column)
            switch resolver.resolve(name, entryPath: root + "/authors.md") {
            case .success(let found):
                guard item.isPhoto else {
                    diagnostics.error("photo '\(name)' of author '\(author.id)' is not a photo; expected a JPEG, PNG, WebP or HEIC file", at: at)
                    continue
                }
                item.filePath = found
                switch PhotoInfo.read(found, zone: config.offsets, paths: paths, cache: images) {
                case .success(let photo): item.photo = photo
                case .failure(let problem): diagnostics.error(problem.message, at: at); continue
                }
                photos[author.id] = item
            case .failure(.escapes):
                diagnostics.error("photo '\(name)' of author '\(author.id)' points outside the journal; expected a file name inside authors/ or media/", at: at)
            case .failure(.missing(let searched)):
                diagnostics.error("photo '\(name)' of author '\(author.id)' not found; looked for \(searched.joined(separator: " and "))", at: at)
            }
        }
        return photos
    }

    /// One entry file: front matter, body, media found and inspected.
    static func loadEntry(_ data: Data, relative: String, file: String, display: String, parser: EntryParser, options: LoadOptions,
                          resolver: MediaResolver, inspector: MediaInspector, paths: DisplayPaths,
                          diagnostics: DiagnosticsEngine) -> Entry? {
        guard let text = TextDecoding.decode(data) else {
            diagnostics.error("the file is not UTF-8 text; expected a Markdown file saved as UTF-8", at: SourceLocation(path: display))
            return nil
        }
        let fileName = relative.lastIndex(ofByte: 0x2F).map { String(relative[relative.utf8.index(after: $0)...]) } ?? relative
        guard var entry = parser.parse(text: text, fileName: fileName, filePath: file,
                                       displayPath: display, relativePath: relative, diagnostics: diagnostics)
        else { return nil }
        if !(entry.isDraft && !options.includeDrafts) {
            resolveMedia(of: &entry, resolver: resolver, paths: paths, diagnostics: diagnostics)
            for index in entry.media.indices { inspector.inspect(&entry.media[index], in: entry, diagnostics: diagnostics) }
            for index in entry.bodyImages.indices { inspector.inspect(&entry.bodyImages[index], in: entry, diagnostics: diagnostics) }
            MediaInspector.applyPhotoMetadata(to: &entry, diagnostics: diagnostics)
        }
        return entry
    }

    /// Every file an entry's loading looked at besides its own: each place a media name, poster
    /// or body image could be found, so adding, changing or removing one loads the entry again.
    static func mediaInputs(of entry: Entry, journal: String, seen: SeenFiles) -> [EntryCache.Stamp] {
        let bundle = MediaResolver.bundleFolder(of: entry.filePath) + "/", media = journal + "/media/"
        // One list, no list of names first: this runs for every entry a first build loads.
        var stamps: [EntryCache.Stamp] = []
        stamps.reserveCapacity(entry.media.count + entry.bodyImages.count)
        func add(_ source: String) {
            let name = source.trimmedSpaces
            guard !MediaResolver.escapes(name) else { return }
            // As MediaResolver looks: media/ only when the bundle has no such file. A file of the
            // same name added to media/ later changes nothing (the bundle's wins), and looking at
            // both was 12,000 needless stats at 10,000 entries, in every build after an edit too.
            let own = EntryCache.Stamp(path: bundle + name, seen: seen)
            stamps.append(own)
            if own.size == nil { stamps.append(EntryCache.Stamp(path: media + name, seen: seen)) }
        }
        for item in entry.media { add(item.source) }
        for item in entry.media { if let poster = item.poster { add(poster) } }
        for item in entry.bodyImages { add(item.source) }
        return stamps
    }

    static func resolveMedia(of entry: inout Entry, resolver: MediaResolver, paths: DisplayPaths, diagnostics: DiagnosticsEngine) {
        func report(_ failure: MediaResolver.Failure, name: String, field: String, item: MediaItem) {
            let at = SourceLocation(path: entry.displayPath, line: item.line, column: item.column)
            switch failure {
            case .escapes:
                diagnostics.error("\(field) '\(name)' points outside the journal; expected a file name inside the entry's folder or media/", at: at)
            case .missing(let searched):
                diagnostics.error("\(field) '\(name)' not found; looked for \(searched.joined(separator: " and "))", at: at)
            }
        }
        for index in entry.media.indices {
            let item = entry.media[index]
            switch resolver.resolve(item.source, entryPath: entry.filePath) {
            case .success(let found):
                entry.media[index].filePath = found
                if item.isTrack { entry.media[index].track = readTrack(found, item: item, entry: entry, paths: paths, diagnostics: diagnostics) }
            case .failure(let failure):
                report(failure, name: item.source, field: "media", item: item)
            }
            if let poster = item.poster {
                switch resolver.resolve(poster, entryPath: entry.filePath) {
                case .success(let found): entry.media[index].posterPath = found
                case .failure(let failure): report(failure, name: poster, field: "poster", item: item)
                }
            }
        }
        for index in entry.bodyImages.indices {
            let item = entry.bodyImages[index]
            switch resolver.resolve(item.source, entryPath: entry.filePath) {
            case .success(let found): entry.bodyImages[index].filePath = found
            case .failure(let failure): report(failure, name: item.source, field: "the image", item: item)
            }
        }
    }

    func readMoodLog(config: JournalConfig, diagnostics: DiagnosticsEngine) -> [MoodLogLine] {
        let reader = MoodLogReader(scale: config.moods, zone: config.offsets, authors: config.authors)
        return MoodLogReader.files(journal: journal.standardizedFileURL.path).flatMap { path -> [MoodLogLine] in
            let stamp = entryCache == nil ? nil : EntryCache.Stamp(path: path)
            if let stamp, let known = entryCache?.moodFile(path, stamp: stamp) {
                known.diagnostics.forEach(diagnostics.emit)
                return known.lines
            }
            let display = paths.display(path: path)
            guard let data = FileIO.read(path), let text = TextDecoding.decode(data) else {
                diagnostics.error("cannot read this file as UTF-8 text; expected mood log lines such as '2026-04-03 21:40 good a note'", at: SourceLocation(path: display))
                return []
            }
            let own = DiagnosticsEngine()
            // In time order once, here, and kept so in the cache: a log written with explicit
            // offsets (a journey) is not in order, and the 17,000 lines of one were sorted again
            // in every build, on one core (the sort is stable: lines of one time keep their order).
            let lines = reader.parse(text, displayPath: display, author: reader.fileAuthor(path), diagnostics: own)
                .sorted { $0.date.instant < $1.date.instant }
            own.diagnostics.forEach(diagnostics.emit)
            if let stamp = stamp.flatMap({ EntryCache.settledStamp($0) }) {
                entryCache?.remember(moodFile: path, stamp: stamp, lines: lines, diagnostics: own.diagnostics)
            }
            return lines
        }
    }

    /// A GPX file's route; its problems are reported at the GPX file's own line.
    static func readTrack(_ path: String, item: MediaItem, entry: Entry, paths: DisplayPaths, diagnostics: DiagnosticsEngine) -> GPXTrack? {
        guard let data = FileIO.read(path) else {
            diagnostics.error("cannot read the GPX file '\(item.source)'", at: SourceLocation(path: entry.displayPath, line: item.line, column: item.column))
            return nil
        }
        switch GPXReader.read(data) {
        case .success(let track): return track
        case .failure(let problem):
            diagnostics.error("\(problem.message) (a media item of \(entry.displayPath))", at: SourceLocation(path: paths.display(path: path), line: problem.line, column: 1))
            return nil
        }
    }

    /// `files` sorted. A listing from the last one's folders is in order already (EntryListing
    /// keeps each folder's names sorted): checking that is 10,000 comparisons, where sorting the
    /// 10,000 entry files of every build was 130,000 (27 M instructions, 2 % of a build after one edit).
    static func inOrder(_ files: [String]) -> [String] {
        var index = files.startIndex
        while index + 1 < files.endIndex {
            guard files[index] <= files[index + 1] else { return files.sorted() }
            index += 1
        }
        return files
    }

    /// Every `.md` below entries/ (paths relative to it), in path order so builds are deterministic.
    func entryFiles(diagnostics: DiagnosticsEngine) -> [String] {
        let folder = journal.appendingPathComponent("entries")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            diagnostics.error("the journal has no entries/ folder; expected Markdown entries in entries/ (such as entries/2026/2026-04-03-kyoto.md)",
                              at: SourceLocation(path: paths.display(journal.appendingPathComponent(JournalConfig.fileName))))
            return []
        }
        return Self.inOrder(entryCache?.entryFiles(below: folder.path) ?? FileIO.listFiles(below: folder.path, include: EntryFileName.isEntry))
    }
}

/// Paths as the user typed them, for messages: relative to the working directory when possible.
public struct DisplayPaths: Sendable {
    public var workingDirectory: String

    public init(workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.workingDirectory = URL(fileURLWithPath: workingDirectory).standardizedFileURL.path
    }

    public func display(_ url: URL) -> String {
        display(path: url.standardizedFileURL.path)
    }

    /// `path` must be absolute and standardised.
    public func display(path p: String) -> String {
        if p.hasPrefix(workingDirectory + "/") { return String(p.dropFirst(workingDirectory.count + 1)) }
        return p
    }
}

/// Which files below entries/ are entries.
enum EntryFileName {
    static func isEntry(_ name: String) -> Bool {
        name.hasSuffix(".md") || name.hasSuffix(".markdown") || name.hasSuffix(".MD")
    }
}
