import Crypto
import Foundation
import Synchronization

/// What `serve` keeps in memory from one rebuild to the next: the entries as last loaded, so a
/// save re-reads every file but parses and renders only the ones that changed.
public final class BuildSession: Sendable {
    private let cache = Mutex<EntryCache?>(nil)
    private let images = Mutex<ImageCache?>(nil)
    private let keys = Mutex<(passphrase: String, keys: PrivateKeys)?>(nil)
    /// With the last build that made or used it.
    private let locked = Mutex<(memo: LockedSiteMemo, build: Int)?>(nil)
    private let photos = Mutex<PhotoMemo?>(nil)
    private let output = Mutex<OutputMemo?>(nil)
    private let model = Mutex<(key: String, model: SiteModel, build: Int)?>(nil)
    /// A copy of the last model's entries that only the session holds, made between saves: the
    /// next save patches its edited entries in place instead of copying 10,000 entries first
    /// (a tenth of its time, on one core).
    private let spareEntries = Mutex<(build: Int, entries: [Entry])?>(nil)
    /// Builds begun, so a memo can tell whether it was confirmed by the build just before.
    private let builds = Atomic<Int>(0)

    struct PhotoMemo {
        var key: String
        var settings: String
        var jobs: [ImageProcessor.Job]
        /// The jobs' photo files: a save asks whether it changed one of them, not each of 50,000
        /// jobs whether it is among the save's files.
        var sources: Set<String>
        var result: ImageProcessor.Result
        /// The build that last found it current.
        var build: Int
        /// Every photo is one the watcher reports changes of (asked once per list of jobs).
        var watched: Bool
    }

    /// The folders of the last successful build, and where each copied file came from.
    struct OutputMemo: Sendable {
        var known: StagedOutput.Known
        /// Site path -> the journal file or cached photo size it was copied from.
        var copies: [String: String]
        /// The copies themselves, and the journal's files among their sources: a build with the
        /// very same lists made each copy from the same source (`CopyLists.holdsSameLists`).
        var lists: StaticFiles.CopyLists
        var journalSources: Set<String>
        /// Whether the watcher reports changes of every one of them in the form they are named in.
        var journalSourcesWatched: Bool
        /// The files of its pages and documents (feeds, search index...), by path, in order: a
        /// build with the same, and the same copies, makes the same files (`keepWholeTwin`).
        var jobPaths: [String]
        var documentPaths: [String]

        /// Whether every copy of `copies` is as this memo's build made it, unchanged since by the
        /// watcher's word (`trusted`: every file changed since).
        func holdsUnchanged(_ copies: StaticFiles.CopyLists, trusted: Set<String>) -> Bool {
            journalSourcesWatched && copies.holdsSameLists(as: lists) && trusted.isDisjoint(with: journalSources)
        }
    }
    /// The last manifests saved, newest last: the site in place's and the spare's.
    private let manifests = Mutex<[(id: String, manifest: SiteManifest)]>([])

    private let changes = Mutex<Set<String>?>(nil)

    public init() {}

    /// The last build's site model, patched with the edited texts, when the build just before
    /// this one made it under the same `key` (everything but the journal's files) and the edits
    /// left everything it derives from the entries as it was (`SiteModel.reusing`).
    func model(key: String, publishedCount: Int, reload: LoadedJournal.Reload?) -> SiteModel? {
        guard let reload, let known = model.withLock({ $0 }), known.build == builds.load(ordering: .relaxed) - 1, known.key == key else { return nil }
        // Taken out, so the patch finds the array held once and writes into it.
        var entries = spareEntries.withLock { memo -> [Entry]? in
            defer { memo = nil }
            return memo?.build == known.build ? memo?.entries : nil
        }
        return SiteModel.reusing(known.model, publishedCount: publishedCount, reload: reload, entries: &entries)
    }

    func remember(_ made: SiteModel, key: String) {
        let build = builds.load(ordering: .relaxed)
        let old = model.withLock { memo in defer { memo = (key, made, build) }; return memo }
        spareEntries.withLock { $0 = nil }
        // The last model (10,000 entries) is freed on another thread, not in the save's way; the
        // new one's entries are copied there too, for the next save.
        let shared = made.entries
        DispatchQueue.global().async { [self] in
            withExtendedLifetime(old) {}
            _ = made.entryPositions()
            var entries = shared
            // Made unique here: the buffer is the model's until this copies it.
            entries.reserveCapacity(entries.count)
            spareEntries.withLock { memo in if memo == nil || memo!.build < build { memo = (build, entries) } }
        }
    }

    /// Counts a build begun; a build that fails midway leaves its memos unconfirmed.
    func beginBuild() { builds.add(1, ordering: .relaxed) }

    /// Whether a build came before the one under way (then it is a rebuild after a change).
    var rebuilding: Bool { builds.load(ordering: .relaxed) > 1 }

    /// The output memo of the last build, if it succeeded; taken, so a build that fails
    /// (and discards its folder) leaves none. Waits for one still being made.
    func takeOutput() -> OutputMemo? {
        outputMaking.wait()
        return output.withLock { memo in defer { memo = nil }; return memo }
    }

    func remember(_ memo: OutputMemo) { output.withLock { $0 = memo } }

    /// Makes the memo on another thread, once the new site is served: listing 57,000 files and
    /// where each copy came from took 40 ms of a save's time on one core at 50,000 entries; the
    /// next build waits for it (after the writer's next keystroke, it is long done).
    func remember(making make: @escaping @Sendable () -> OutputMemo) {
        outputMaking.enter()
        DispatchQueue.global().async { [self] in
            remember(make())
            outputMaking.leave()
        }
    }
    private let outputMaking = DispatchGroup()

    /// The files changed since the last build, when a watcher that ran all the while knows them
    /// all (absolute paths); nil when not known, and every file is looked at.
    public var changedFiles: Set<String>? {
        get { changes.withLock { $0 } }
        set { changes.withLock { $0 = newValue } }
    }

    /// The session's entry cache, or (first build, or settings changed) the one on disk.
    func entryCache(key: String, journal: String, paths: DisplayPaths, includeDrafts: Bool) -> EntryCache {
        cache.withLock { current in
            if let current, current.key == key, current.workingDirectory == paths.workingDirectory, current.includeDrafts == includeDrafts { return current }
            let loaded = EntryCache.load(journal: journal, key: key, paths: paths, includeDrafts: includeDrafts, textsInFile: false)
            current = loaded
            return loaded
        }
    }

    /// The photo cache, read from disk once: its index of thousands of photos need not be read
    /// again for every save.
    func imageCache(journal: String) -> ImageCache {
        images.withLock { current in
            if let current, current.folder == CacheFolder.path(journal: journal) { return current }
            let loaded = ImageCache(journal: journal)
            current = loaded
            return loaded
        }
    }

    /// The private pages' keys, derived once per passphrase and salt (600,000 rounds of PBKDF2
    /// take a tenth of a second, which every save would pay).
    func privateKeys(passphrase: String, salt: [UInt8], agent: KeyAgent?) throws -> PrivateKeys {
        if let known = keys.withLock({ $0 }), known.passphrase == passphrase, known.keys.salt == salt { return known.keys }
        let derived = try PrivateKeys.derive(passphrase: passphrase, salt: salt, agent: agent)
        keys.withLock { $0 = (passphrase, derived) }
        return derived
    }

    func manifest(id: String) -> SiteManifest? {
        manifests.withLock { list in list.last { $0.id == id }?.manifest }
    }

    /// `consumed`: the manifest of the folder this one's build replaced for good, to be removed
    /// from the journal's records with it.
    func remember(_ manifest: SiteManifest, id: String, journal: String, consumed: String?) {
        let last = manifests.withLock { list in
            defer {
                list.append((id, manifest))
                if list.count > 2 { list.removeFirst(list.count - 2) }
            }
            return list.last
        }
        unwritten.withLock { records in
            records.journal = journal
            if let consumed { records.consumed.append(consumed) }
        }
        // Its pages by path, which the next build looks each page up in, made while the writer
        // reads (57,000 paths hashed, 7 ms on one core at 50,000 entries); the last one's when
        // the pages are the same (a save of an entry's text).
        DispatchQueue.global().async { [self] in
            let lastIndex = last.flatMap { last in last.manifest.pages == manifest.pages ? pageIndex(id: last.id) : nil }
            let index = lastIndex ?? manifest.pageIndex
            pageIndexes.withLock { indexes in
                indexes[id] = index
                let kept = manifests.withLock { Set($0.map(\.id)) }
                indexes = indexes.filter { kept.contains($0.key) }
            }
        }
    }

    /// `SiteManifest.pageIndex` of the manifest remembered under `id`, if made already.
    func pageIndex(id: String) -> [String: Int]? { pageIndexes.withLock { $0[id] } }
    private let pageIndexes = Mutex<[String: [String: Int]]>([:])

    /// The private part of the site as last sealed, if it was made from the same journal.
    /// `reload`: this build's load took over the last one's, and loaded only these again; when
    /// the build just before made or used the part, only their texts are compared, not 50,000.
    func lockedSite(key: String, split: LockedSite.Split, reload: LoadedJournal.Reload?) -> LockedSite? {
        let build = builds.load(ordering: .relaxed)
        return locked.withLock { known -> LockedSite? in
            guard let memo = known?.memo, memo.key == key else { return nil }
            let unchanged = if let reload, known!.build == build - 1 { memo.textsUnchanged(reloaded: reload) } else { memo.textsUnchanged(in: split) }
            guard unchanged else { return nil }
            known!.build = build
            return memo.site
        }
    }

    func remember(_ site: LockedSite, key: String, split: LockedSite.Split) {
        let memo = LockedSiteMemo(key: key, texts: LockedSiteMemo.texts(of: site.reads, in: split), site: site)
        let build = builds.load(ordering: .relaxed)
        locked.withLock { $0 = (memo, build) }
    }

    /// `LockedSiteMemo.entriesDigest` of this build's split; the build just before's when this
    /// build's load took over its load, changed only entries' texts, and nothing outside
    /// entries/ and media/ changed (`reload`), on the same build day (which leaves entries out):
    /// its entries are then those, in the same places.
    func entriesDigest(of split: LockedSite.Split, reload: LoadedJournal.Reload?, day: CalendarDay) -> String {
        lastEntriesDigest.value(build: builds.load(ordering: .relaxed), holds: { reload?.onlyTexts == true && $0.day == day }) {
            (day, LockedSiteMemo.entriesDigest(of: split))
        }.digest
    }
    private let lastEntriesDigest = LastBuildValue<(day: CalendarDay, digest: String)>()

    /// The theme's and journal's files with every entry's media (`make()`, which is
    /// `StaticFiles.addingMedia`): the last build's, the very same lists, when this build kept
    /// its model and the theme's files are the same (its copies are then known unchanged).
    func staticFiles(theme: StaticFiles, modelKept: Bool, make: () -> StaticFiles) -> StaticFiles {
        lastStaticFiles.value(build: builds.load(ordering: .relaxed), holds: { modelKept && $0.theme.holdsSameFiles(as: theme) }) {
            (theme, make())
        }.files
    }
    private let lastStaticFiles = LastBuildValue<(theme: StaticFiles, files: StaticFiles)>()

    /// What a build reads of the theme, its templates and the language's texts, with the
    /// messages reading them gave.
    struct ThemeParts: Sendable {
        var theme: Theme?
        var templates: TemplateSet?
        var localization: Localization
        var diagnostics: [Diagnostic]
    }

    /// The last build's theme, templates and texts when `sameAsLast` (nothing but entries and
    /// media changed since, by the watcher's word), else `make()`'s: reading and parsing some
    /// forty templates again was 8 ms of every save.
    func theme(sameAsLast: Bool, make: () -> ThemeParts) -> ThemeParts {
        lastTheme.value(build: builds.load(ordering: .relaxed), holds: { _ in sameAsLast }, make: make)
    }
    private let lastTheme = LastBuildValue<ThemeParts>()

    /// The pages to render and their files: the last build's when `sameAsLast` (this build
    /// reuses its model, and its private pages if it has any: the same pages, 57,000 paths at
    /// 50,000 entries), else `make()`'s.
    func pages(sameAsLast: Bool, make: () -> (jobs: [PageJob], paths: [String])) -> (jobs: [PageJob], paths: [String]) {
        lastPages.value(build: builds.load(ordering: .relaxed), holds: { _ in sameAsLast }, make: make)
    }
    private let lastPages = LastBuildValue<(jobs: [PageJob], paths: [String])>()

    /// The photos of the last build, when it kept them: a build that reuses the last model
    /// (`model(key:publishedCount:reload:)`, which keeps every entry's photos as they were) has the
    /// same, and need not list 50,000 of them again (a tenth of a second at 50,000 entries).
    func lastPhotoJobs() -> [ImageProcessor.Job]? {
        let build = builds.load(ordering: .relaxed)
        guard let known = photos.withLock({ $0 }), known.build == build - 1 else { return nil }
        return known.jobs
    }

    /// The photo stage's result when the same photos, unchanged, need the same sizes as last
    /// time; else `run`'s. Finding 10k photos' sizes in the cache costs a quarter of a second,
    /// stamping them all a twentieth: `trusted` (the watcher's changes, when it knows them all)
    /// spares that when the build before this one found the same jobs current.
    /// `watched`: whether the watcher reports changes of a job's photo.
    /// `sameJobs`: `jobs` are `lastPhotoJobs()`, not to be compared with them.
    func photos(_ jobs: [ImageProcessor.Job], sameJobs: Bool = false, settings: ImageSettings, trusted: Set<String>?, watched: (ImageProcessor.Job) -> Bool,
                run: () -> ImageProcessor.Result) -> ImageProcessor.Result {
        let build = builds.load(ordering: .relaxed)
        let signature = settings.signature
        /// The kept result, confirmed by this build; every photo in it counts as found in the cache.
        func reuse(_ known: PhotoMemo) -> ImageProcessor.Result {
            var known = known
            known.build = build
            photos.withLock { $0 = known }
            known.result.fromCache += known.result.processed
            known.result.processed = 0
            return known.result
        }
        if let trusted, let known = photos.withLock({ $0 }), known.watched, known.build == build - 1, known.settings == signature,
           !trusted.contains(where: known.sources.contains),
           sameJobs || (known.jobs.count == jobs.count && zip(known.jobs, jobs).allSatisfy({ $0.source == $1.source && $0.sizes == $1.sizes })) {
            return reuse(known)
        }
        var hasher = SHA256()
        hasher.update(data: Data(settings.signature.utf8))
        let lines: [String] = parallelMap(jobs) { job in
            "\n" + EntryCache.Stamp(path: job.source).line + " " + job.sizes.map { "\($0.width) \($0.webp) \($0.fallback)" }.joined(separator: " ")
        }
        for line in lines { hasher.update(data: Data(line.utf8)) }
        let key = SiteFingerprint.hex(hasher.finalize())
        if let known = photos.withLock({ $0 }), known.key == key { return reuse(known) }
        let result = run()
        // Only a stage where every photo was found or made is worth keeping.
        if result.processed + result.fromCache == jobs.count {
            photos.withLock { $0 = PhotoMemo(key: key, settings: signature, jobs: jobs, sources: Set(jobs.map(\.source)), result: result, build: build, watched: jobs.allSatisfy(watched)) }
        }
        return result
    }

    /// The records of the sites serve made, kept in memory (`manifest(id:)`) and written to the
    /// journal's records when it is quiet (`save(journal:)`), not after every save: at 50,000
    /// entries each is 15 MB, and writing it took more of both cores than the save itself, beside
    /// the browser's reload and the writer's next keystroke. `consumed`: records to remove then.
    private let unwritten = Mutex<(journal: String?, consumed: [String], lastWritten: String?)>((nil, [], nil))

    /// Writes the record of the site in place, which the next process reads (not its spare's:
    /// a new process knows nothing of the spare's files but what it finds there).
    func writeManifest() {
        let list = manifests.withLock { $0 }
        let (journal, consumed, lastWritten) = unwritten.withLock { records in
            defer { records.consumed = [] }
            return (records.journal, records.consumed, records.lastWritten)
        }
        guard let journal, let (id, manifest) = list.last else { return }
        if id != lastWritten { manifest.save(journal: journal, id: id) }
        let kept = list.map(\.id)
        for old in consumed where !kept.contains(old) { SiteManifest.remove(journal: journal, id: old) }
        SiteManifest.pruneRecords(journal: journal, keeping: kept)
        unwritten.withLock { $0.lastWritten = id }
    }

    /// Saves the in-memory cache and the sites' records, so the next `serve` or `build` starts from them.
    public func save(journal: URL) {
        StagedOutput.finishPruning()
        writeManifest()
        cache.withLock { $0 }?.save(journal: journal.standardizedFileURL.path)
    }
}
