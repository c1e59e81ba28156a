import Foundation
import Synchronization

/// The build as a list of named stages, each reading what the previous ones produced.
/// Any stage may report errors; the build goes as far as it can so that every error of the
/// journal shows up in one run, and writes nothing unless there were none.
public struct BuildPipeline: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    public func run() -> BuildReport {
        // libxml2 is set up on this thread, before any stage uses it on all cores.
        _ = MarkupDocument.initialised
        let started = Date()
        let diagnostics = DiagnosticsEngine()
        var report = BuildReport()
        var stageStart = started
        func stage(_ name: String) {
            let now = Date()
            report.stages.append((name, now.timeIntervalSince(stageStart), FileIO.residentMegabytes()))
            stageStart = now
        }
        let paths = options.paths
        let journal = options.journal.standardizedFileURL
        let configPath = paths.display(journal.appendingPathComponent(JournalConfig.fileName))
        options.session?.beginBuild()
        // Under serve: every file changed since the last build, when the watcher vouches for them all.
        let trustedChanges = options.session?.changedFiles.flatMap { ChangedFiles(paths: $0, root: journal.path, lastListing: []) }?.paths

        // Work that no later stage needs, done beside them (the entry cache written to disk).
        let background = DispatchGroup()
        let readAhead = readAhead(journal: journal.path)
        // Cache files written beside their places during the build, put in place when the site
        // is; any still aside when the build ends are removed (a failed build leaves none).
        let writtenAside = Mutex<[SideWork<FileIO.WrittenAside?>]>([])
        func finish(_ succeeded: Bool) -> BuildReport {
            readAhead?.stop()
            background.wait()
            for aside in writtenAside.withLock({ $0 }) { aside.value?.discard() }
            report.diagnostics = diagnostics.diagnostics
            report.succeeded = succeeded && report.errors == 0 && !(options.strict && report.warnings > 0)
            if options.strict && report.warnings > 0 && report.errors == 0 {
                report.diagnostics.append(Diagnostic(.error, "--strict: \(report.warnings) warning\(report.warnings == 1 ? "" : "s") fail the build", at: SourceLocation(path: configPath)))
            }
            report.seconds = Date().timeIntervalSince(started)
            report.hadPreviousSite = options.writeOutput && FileManager.default.fileExists(atPath: options.outputFolder.appendingPathComponent(StagedOutput.markerName).path)
            return report
        }

        // The built-in labels, parsed beside the settings rather than later on the one core
        // that then reads the theme.
        DispatchQueue.global().async(group: background) { _ = Localization.english }

        // 1. Settings.
        guard var config = JournalConfigReader.read(journal: journal, displayPath: configPath, diagnostics: diagnostics) else {
            _ = JournalLoader(journal: journal, paths: paths).load(config: Self.fallbackConfig, options: LoadOptions(today: options.today), diagnostics: diagnostics)
            return finish(false)
        }
        if let base = options.baseURL { config.baseURL = base.hasSuffix("/") ? base : base + "/" }
        stage("read journal.yaml")

        // The private pages' key, derived beside loading when that asks nothing of anyone.
        let earlyKeys = EarlyKeys(options: options, journal: journal)
        // The private part the last build sealed, read beside the entries.
        let sealedStore = options.session == nil && options.useCache && options.writeOutput && !options.skipPrivate
            ? SealedPartStore(journal: journal.path, early: true) : nil

        // The theme and templates depend on the settings alone: a build reads and parses them
        // beside the entries, not after them on one core (serve first asks whether they changed).
        let assets = AssetSource(journal: journal), settings = config
        let themeAhead = Mutex<BuildSession.ThemeParts?>(nil), themeRead = DispatchGroup()
        if options.session == nil {
            DispatchQueue.global().async(group: themeRead) { [paths] in
                themeAhead.withLock { $0 = Self.loadTheme(config: settings, assets: assets, paths: paths, configPath: configPath) }
            }
        }

        // 2. Entries, parsed and rendered on all cores.
        let imageCache = options.session?.imageCache(journal: journal.path) ?? ImageCache(journal: journal.path)
        imageCache.beginBuild()
        var loaded: LoadedJournal
        do {
            // Scoped: outside `serve`, the cache's records are let go once saved, before pages
            // are rendered (tens of megabytes at 50k entries).
            var loader = JournalLoader(journal: journal, paths: paths)
            loader.imageCache = imageCache
            let entryCache = options.useCache ? entryCache(journal: journal.path) : nil
            loader.entryCache = entryCache
            loader.changedFiles = options.session?.changedFiles
            loader.keepLastLoad = options.session != nil
            loaded = loader.load(
                config: config,
                options: LoadOptions(includeDrafts: options.includeDrafts, includeFuture: options.includeFuture, today: options.today),
                diagnostics: diagnostics)
            if options.writeOutput && options.session == nil, let entryCache {
                let path = journal.path
                DispatchQueue.global().async(group: background) { entryCache.save(journal: path) }
            }
            // A build whose entries changed renders pages, and most likely one with a map (an
            // entry's place, a trip, the places page): the world's outlines are read meanwhile,
            // not on the core that renders that page (7 ms).
            if entryCache?.hasChanges ?? true { DispatchQueue.global().async(group: background) { _ = WorldMap.stored } }
        }
        // serve: the entries loaded again, the others being the last load's, when nothing
        // outside entries/ and media/ changed either (the watcher vouches for it).
        let onlyEntriesChanged = trustedChanges.map { ChangedFiles.allWithin($0, folders: [journal.path + "/entries/", journal.path + "/media/"]) } ?? false
        let entryReload = onlyEntriesChanged ? loaded.reload : nil
        report.draftsLeftOut = loaded.draftsLeftOut
        report.entriesNotLookedAt = loaded.entriesNotLookedAt
        report.futureLeftOut = loaded.futureLeftOut
        stage("load and render entries")
        // What the site in place and its spare hold, by the journal's records, read beside the
        // stages that follow (serve knows its folders itself).
        let siteInPlace = options.writeOutput && options.useCache && options.session == nil
            ? SiteInPlaceRecords(journal: journal.path, output: options.outputFolder) : nil

        // 3. Theme and templates; serve's last when only entries and media changed since.
        themeRead.wait()
        let themeParts = options.session?.theme(sameAsLast: onlyEntriesChanged) { Self.loadTheme(config: settings, assets: assets, paths: paths, configPath: configPath) }
            ?? themeAhead.withLock { $0 }!
        themeParts.diagnostics.forEach(diagnostics.emit)
        let (theme, templates, localization) = (themeParts.theme, themeParts.templates, themeParts.localization)
        if let theme {
            // By index: `for entry in` copied each of 10,000 entries to read one field.
            for index in loaded.entries.indices {
                if let variant = loaded.entries[index].theme, !theme.variants.contains(variant) {
                    diagnostics.warning("theme '\(variant)' is not a variant of the site theme '\(theme.name)'; known variants: \(theme.variants.joined(separator: ", ")); the page uses '\(theme.defaultVariant)'",
                                        at: loaded.entries[index].themeLocation ?? SourceLocation(path: loaded.entries[index].displayPath))
                }
            }
        }
        if let map = config.interactiveMap, Leaflet.copies() == nil {
            diagnostics.error("maps.interactive needs Leaflet, which is not installed; expected its files in \(Leaflet.folder) (apt-get install libjs-leaflet), or turn maps.interactive off",
                              at: map.location)
        }
        stage("theme and templates")
        guard !diagnostics.hasErrors, let theme, let templates else { return finish(false) }
        if options.strict && diagnostics.warningCount > 0 { return finish(false) }

        // 4. Private entries and trips: set apart, and a key derived once for all of them.
        // A build needs the loaded entries no more (check does): each copy of the list is
        // megabytes in a lifetime journal, and the peak comes later, while pages are written.
        // Handed over, the list is split in place.
        let entries = loaded.entries
        if options.writeOutput { loaded.entries = [] }
        var split = LockedSite.Split(entries: consume entries, trips: loaded.trips, config: config)
        var keys: PrivateKeys?
        var skippedPrivate: [String] = []
        if !split.isEmpty {
            if options.skipPrivate {
                report.privateLeftOut = split.privateEntries.count
                skippedPrivate = split.privateEntries.map(\.filePath)
                split.privateEntries = []
            } else {
                keys = privateKeys(journal: journal, count: split.privateEntries.count, early: earlyKeys,
                                   at: SourceLocation(path: configPath), diagnostics: diagnostics)
                guard let keys else { return finish(false) }
                split.assignTokens(keys)
                report.privateEncrypted = split.privateEntries.count
            }
        }
        stage("private entries")

        // 5. The site model: URLs, order, groupings.
        let today = options.today ?? config.timeZone.today()
        let publicMoodLog = LockedSite.publicMoodLog(loaded.moodLog, privateEntries: split.privateEntries, config: config)
        // Links to pages this model does not have: private ones (their lock screens) and entries left out.
        var elsewhere: [String: LinkResolver.Elsewhere] = [:]
        let standard = PathStandardizer()
        for (path, why) in loaded.leftOut { elsewhere[standard(path)] = .leftOut(why) }
        for entry in split.privateEntries {
            if let token = entry.lockToken { elsewhere[standard(entry.filePath)] = .locked(sitePath: Permalinks.lockedPath(token)) }
        }
        for (id, trip) in split.allTrips where trip.lockToken != nil {
            elsewhere[standard(trip.filePath)] = .locked(sitePath: TripIndex.Trip.sitePath(id, info: trip))
        }
        for path in skippedPrivate { elsewhere[standard(path)] = .skipped }
        // Private entries' own links, checked against the whole journal (their pages are sealed
        // from a model that has them all).
        var privateLinkDigest = ""
        if !split.privateEntries.isEmpty,
           split.privateEntries.contains(where: { !$0.body.links.isEmpty }) || split.publicEntries.contains(where: { !$0.body.links.isEmpty })
            || split.allTrips.values.contains(where: { !$0.links.isEmpty }) {
            var all = split.publicEntries + split.privateEntries
            var trips = split.allTrips
            Permalinks.assign(&all)
            let leftOut = elsewhere.filter { if case .leftOut = $0.value { return true } else { return false } }
            let checked = LinkResolver.resolve(&all, trips: &trips, elsewhere: leftOut, links: SiteLinks(config: config))
            privateLinkDigest = checked.digest
            let sealed = Set(split.privateEntries.map(\.filePath) + split.allTrips.values.filter { $0.lockToken != nil }.map(\.filePath))
            for problem in checked.problems where sealed.contains(problem.file) {
                let at = SourceLocation(path: paths.display(path: problem.file), line: problem.line, column: problem.column)
                if problem.isError { diagnostics.error(problem.message, at: at) } else { diagnostics.warning(problem.message, at: at) }
            }
        }
        // 6. Theme files first: the versions of style.css and journal.js go into every page,
        // and the private part is sealed (on another thread) while the public model is built.
        let themeFiles = StaticFiles.collect(theme: theme, assets: assets, localization: localization, config: config)
        let siteLinks = SiteLinks(config: config)
        let stylesheet = siteLinks.href("style.css") + (themeFiles.versions["style.css"].map { "?v=\($0)" } ?? "")
        let script = siteLinks.href("journal.js") + (themeFiles.versions["journal.js"].map { "?v=\($0)" } ?? "")
        var processor = ImageProcessor(cache: imageCache, settings: config.media, diagnostics: diagnostics, paths: paths)
        processor.showProgress = options.showProgress
        var locked = LockedSite()
        // Sealed again only when something the private part is made from changed: serve keeps
        // the last one in memory, build on disk (with the site in place holding its files).
        var sealedToSave: (store: SealedPartStore, key: String)?
        var sealedAside: SideWork<FileIO.WrittenAside?>?
        var sealNew: (store: SealedPartStore?, key: String?)?
        var sealing: SideWork<LockedSite>?
        if let keys {
            let useMemo = options.session != nil || (options.useCache && options.writeOutput)
            let memoKey = useMemo ? LockedSiteMemo.key(split: split, entries: options.session?.entriesDigest(of: split, reload: entryReload, day: today) ?? LockedSiteMemo.entriesDigest(of: split),
                                                       keys: keys, journal: journal.path,
                                                       extra: [stylesheet, script, today.description, options.baseURL ?? "", privateLinkDigest,
                                                               "\(options.includeDrafts) \(options.includeFuture) \(options.writeOutput) \(options.relativeLinks)"]) : nil
            let store = memoKey != nil ? sealedStore : nil
            if let session = options.session, let memoKey, let kept = session.lockedSite(key: memoKey, split: split, reload: entryReload) {
                locked = kept
                locked.imagesFromCache += locked.imagesProcessed
                locked.imagesProcessed = 0
                report.privateKept = true
            } else if let store, let memoKey, let kept = store.load(key: memoKey, output: options.outputFolder, split: split) {
                locked = kept
                report.privateKept = true
            } else {
                store?.forget()
                sealNew = (store, memoKey)
                let allEntries = Handover(split.allEntries), trips = split.allTrips, moodLog = loaded.moodLog, sealer = options.writeOutput ? processor : nil, config = config
                sealing = SideWork {
                    LockedSite.build(entries: allEntries.take(), trips: trips, keys: keys, config: config, moodLog: moodLog, today: today,
                                     theme: theme, templates: templates, stylesheet: stylesheet, script: script,
                                     processor: sealer, paths: paths)
                }
            }
        }

        let privateIndexPath = keys != nil && !config.privateAll ? LockedSite.indexPath(config: config) : nil
        // serve: the last model, when only entries' texts changed since (and media the watcher
        // names, whose effect on an entry its loaded fingerprint shows).
        let modelKey = options.session == nil ? "" : [
            today.description, options.baseURL ?? "", privateIndexPath ?? "", keys.map { $0.token("model") } ?? "",
            "\(options.includeDrafts) \(options.includeFuture) \(options.skipPrivate)",
            elsewhere.map { $0.key + " " + $0.value.key }.sorted().joined(separator: "\n"),
        ].joined(separator: "\n")
        let kept = options.session?.model(key: modelKey, publishedCount: split.publicEntries.count, reload: entryReload)
        report.modelKept = kept != nil
        let model: SiteModel
        if let kept {
            model = kept
        } else {
            // Outside serve nothing reads the public entries from the split once the model has
            // them (see below): they are handed over, not copied.
            let publicEntries = split.publicEntries
            if options.session == nil { split.publicEntries = [] }
            // A build that refreshes a site in place renders a few pages, seldom those of the
            // moods, tasks or places: those views are made when first read, not on every build.
            let refreshing = options.session?.rebuilding ?? siteInPlace?.hasSite ?? false
            model = SiteModel(config: config, entries: consume publicEntries,
                              moodLog: publicMoodLog,
                              trips: split.publicTrips, today: today,
                              privateIndexPath: privateIndexPath,
                              localization: localization, authorPhotos: loaded.authorPhotos, elsewhere: elsewhere,
                              eagerViews: !refreshing)
        }
        options.session?.remember(model, key: modelKey)
        for problem in model.linkProblems {
            let at = SourceLocation(path: paths.display(path: problem.file), line: problem.line, column: problem.column)
            if problem.isError { diagnostics.error(problem.message, at: at) } else { diagnostics.warning(problem.message, at: at) }
        }
        report.revisitsDue = model.views.revisits.due.count
        report.tasksOpen = model.views.taskSummary.open
        report.importantTasksOpen = model.views.taskSummary.importantOpen
        report.tasksOverdue = model.views.taskSummary.overdue
        report.entries = model.entries.count
        report.entryPages = model.entries.map(\.sitePath)
        // The model's part of the page fingerprints (its entries' and groups' digests, in part
        // on one core), made beside the stages that come before them.
        let modelParts = options.useCache && options.writeOutput ? SideWork { SiteFingerprint.ModelParts.of(model) } : nil
        stage("site model")

        // 6. Static files: the theme's, the journal's static/, and every entry's media.
        let files = options.session?.staticFiles(theme: themeFiles, modelKept: kept != nil) { themeFiles.addingMedia(of: model) }
            ?? themeFiles.addingMedia(of: model)
        stage("static files")

        // 7. Pages, rendered and written on all cores; private ones sealed behind lock screens.
        var pageRenderer = PageRenderer(model: model, templates: templates, theme: theme, stylesheet: stylesheet, script: script)
        pageRenderer.prepareFragments()
        stage("render entry cards and rows")
        if let keys {
            if let built = sealing?.value, let sealNew {
                locked = built
                if let session = options.session, let key = sealNew.key { session.remember(locked, key: key, split: split) }
                if let store = sealNew.store, let key = sealNew.key {
                    sealedToSave = (store, key)
                    // Outside serve the split is as it will be at the end (serve's public entries
                    // leave it after this): the part's file is written now, beside its place.
                    if options.session == nil {
                        let site = locked, split = split, output = options.outputFolder
                        let aside = SideWork { store.writeAside(site, key: key, output: output, split: split) }
                        writtenAside.withLock { $0.append(aside) }
                        sealedAside = aside
                    }
                }
            }
            pageRenderer.lock = LockScreens(pages: locked.pages, salt: keys.salt, check: keys.keyCheck.base64EncodedString(), hint: config.privateHint)
            stage("seal private pages")
        }
        // The model has its own copy of the public entries (or has taken them over).
        if options.session != nil {
            // Under serve the model kept its own entries: the loaded ones (50,000 at 50k
            // entries, 20 ms to free on one core) go on another thread, not in the save's way.
            let loadedEntries = Handover(split.publicEntries)
            split.publicEntries = []
            DispatchQueue.global().async { _ = loadedEntries.take() }
        } else {
            split.publicEntries = []
        }
        let renderer = pageRenderer
        // Each page's path, made once (three stages need them all); under serve, the last
        // build's when it had the same model and the same private pages.
        let (jobs, jobPaths) = options.session?.pages(sameAsLast: kept != nil && (keys == nil || report.privateKept)) { renderer.jobsAndPaths() }
            ?? renderer.jobsAndPaths()
        report.pages = jobs.count
        let documents = SiteDocuments.documents(model: model, pages: jobs.indices.compactMap { index in
                                                    if case .locked = jobs[index] { return nil }
                                                    return (jobs[index], jobPaths[index])
                                                },
                                                configLocation: SourceLocation(path: configPath), diagnostics: diagnostics,
                                                feedsLeftOut: &report.feedsLeftOut)
        guard options.writeOutput else {
            if let foreign = StagedOutput.foreignFiles(in: options.outputFolder.path, journal: journal.path), !foreign.isEmpty {
                let named = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
                diagnostics.warning("\(foreign.count) file\(foreign.count == 1 ? "" : "s") in the output folder \(foreign.count == 1 ? "is" : "are") not part of the site (\(named)): published with it until the next build removes \(foreign.count == 1 ? "it" : "them"); expected only what journalgen writes there (files the site needs go in static/)",
                                    at: SourceLocation(path: paths.display(options.outputFolder)))
            }
            // Each page's own links are kept, not the page: a 10k-entry site is 600 MB of HTML.
            let pages: [(path: String, addresses: [String])] = parallelMap(Array(jobs.indices)) {
                (jobPaths[$0], JournalCheck.addresses(in: String(decoding: renderer.render(jobs[$0]), as: UTF8.self)))
            }
            parallelForEach(count: documents.count) { _ = documents[$0].render() }
            // What `check` adds: the site's own links, unused files, copies, future entries.
            let check = JournalCheck(model: model, journal: journal.path, paths: paths, diagnostics: diagnostics)
            var written = Set(pages.map(\.path)).union(files.copies.map(\.sitePath)).union(documents.map(\.path))
            for job in ImageProcessor.jobs(model: model, paths: paths) { for size in job.sizes { written.insert(size.webp); written.insert(size.fallback) } }
            check.siteLinks(pages: pages.filter { !$0.path.hasPrefix("private/") }, written: written)
            var used = Set(loaded.leftOutFiles.map { standard($0) })
            for entry in loaded.entries {
                for item in entry.media + entry.bodyImages { used.formUnion([item.filePath, item.posterPath].compactMap { $0.map { standard($0) } }) }
            }
            for trip in loaded.trips.values { if let cover = trip.cover?.filePath { used.insert(standard(cover)) } }
            for photo in loaded.authorPhotos.values { if let path = photo.filePath { used.insert(standard(path)) } }
            check.unusedMedia(used: used)
            check.duplicates()
            JournalCheck.future(loaded.leftOut, paths: paths, diagnostics: diagnostics)
            if let external = options.externalLinks {
                let files = loaded.entries.map(\.filePath) + loaded.trips.values.map(\.filePath).sorted()
                let checker = ExternalLinkCheck(options: external, cacheFile: CacheFolder.path(journal: journal.path) + "/external-links.json")
                report.externalLinks = checker.run(ExternalLinkCheck.uses(files: files, paths: paths), diagnostics: diagnostics)
            }
            return finish(true)
        }
        // The output folder, before the photos (what it holds already is not looked for in the
        // cache); what serve's last successful build left: its folders' files, and its copies' sources.
        let outputMemo = options.session?.takeOutput()
        // Its folders are looked at on the records' own thread (SiteInPlaceRecords.Found.lookAtFolders).
        let inPlace = siteInPlace?.result
        func makeOutput() -> StagedOutput? {
            do {
                return try StagedOutput(target: options.outputFolder, known: outputMemo?.known, recorded: inPlace?.spare)
            } catch {
                diagnostics.error(error.description, at: SourceLocation(path: paths.display(options.outputFolder)))
                return nil
            }
        }
        // A build with the records of the site in place may replace one file of it where it
        // stands (InPlaceRefresh): its folder aside is made only once that is ruled out, and
        // the output path is checked now, before photos are made for a folder it cannot replace.
        var early: StagedOutput?
        if inPlace == nil {
            guard let made = makeOutput() else { return finish(false) }
            early = made
        } else {
            do {
                try StagedOutput.checkTarget(options.outputFolder.standardizedFileURL.path)
            } catch {
                diagnostics.error(error.description, at: SourceLocation(path: paths.display(options.outputFolder)))
                return finish(false)
            }
        }

        // 8. Photos: every size made on both cores, or taken from the cache.
        // serve, with the last model kept: the last build's photos (the model kept every
        // entry's, and the photos' files are checked against the save's below).
        let lastJobs = kept != nil ? options.session?.lastPhotoJobs() : nil
        let imageJobs = lastJobs ?? ImageProcessor.jobs(model: model, paths: paths)
        // The watcher's word holds for photos it reports in the form they are named in, and for
        // frames taken from videos (named by the video's content, in the cache).
        let frames = CacheFolder.path(journal: journal.path) + "/frames/", root = journal.path
        func runPhotoStage() -> ImageProcessor.Result {
            // What the spare holds (by its record): the folder aside is made from it.
            let spareCopies = early == nil ? inPlace?.spare?.copiedFrom ?? [:] : [:]
            let published: @Sendable (String, Int) -> Bool = { [early] in early?.holdsCopy($0, of: $1) ?? (spareCopies[$0] == $1) }
            let images = options.session.map {
                $0.photos(imageJobs, sameJobs: lastJobs != nil, settings: config.media, trusted: trustedChanges,
                          watched: { ChangedFiles.isWatched($0.source, root: root) || $0.source.hasPrefix(frames) }) { processor.run(imageJobs, published: published) }
            }
                ?? processor.run(imageJobs, published: published)
            report.imagesProcessed = images.processed + locked.imagesProcessed
            report.imagesFromCache = images.fromCache + locked.imagesFromCache
            return images
        }
        let documentPaths = documents.map(\.path)
        // A site in place whose record lists every file this build would publish may be
        // refreshed where it stands (see below); the photo stage waits until that is ruled out
        // (when it is not, the photos are checked against the record and the stage is not run).
        // Not before the site has a spare on record: the build after a site's first makes it
        // (from a clone of the site), and every later build aside starts from it.
        let refresh: InPlaceRefresh? = inPlace.flatMap { record in
            guard options.useCache, sealedToSave == nil, record.spareRecord != nil else { return nil }
            return InPlaceRefresh(target: options.outputFolder, record: record, journal: journal.path, pages: jobPaths + documentPaths,
                                  before: files.copies, photos: imageJobs.reduce(0) { $0 + ImageProcessor.fileCount(of: $1) }, after: locked.copies)
        }
        var images = ImageProcessor.Result()
        if refresh == nil {
            images = runPhotoStage()
        } else {
            report.imagesFromCache = imageJobs.count + locked.imagesFromCache
            report.imagesProcessed = locked.imagesProcessed
        }
        stage("process images")
        guard !diagnostics.hasErrors else {
            early?.discard()
            return finish(false)
        }

        let relative = options.relativeLinks || config.relativeLinks ? RelativeLinks(basePath: config.basePath) : nil
        // Pages whose inputs are the same as when the site in place was built are kept as they are.
        var inputs: [String] = [
            "drafts \(options.includeDrafts) future \(options.includeFuture) private \(options.skipPrivate) relative \(relative != nil)",
            options.baseURL ?? "", stylesheet, script, model.privateIndexPath ?? "",
        ]
        // Not the build day, which only the pages that show something of it read (BodyReads):
        // the values of it that every page may show (the revisits due in the menu).
        inputs.append(renderer.site.dayValues.joined(separator: "\n"))
        // The mood log's lines up to the build day: a line written ahead shows from its day on.
        inputs.append("mood lines \(loaded.moodLog.count)")
        inputs.append(locked.pages.map { $0.sitePath + " " + $0.kind.rawValue }.joined(separator: "\n"))
        // The mood log and trips come from files the fingerprint stamps; what private entries
        // take out of them depends on the private entries' days and trips.
        let privateDays: [String] = split.privateEntries.map { "\($0.date.rfc3339) \($0.trip ?? "") \($0.mood?.value ?? "")" }
        inputs.append(privateDays.sorted().joined(separator: "\n"))
        inputs.append(split.publicTrips.keys.sorted().joined(separator: " "))
        // Links: a link added anywhere changes the target's "Linked from".
        inputs.append(model.linkDigest)
        // Author photos (from authors/ or media/): their sizes are in the people pages and bylines.
        inputs.append(loaded.authorPhotos.keys.sorted().map { id in
            let photo = loaded.authorPhotos[id]!
            return "\(id) \(photo.filePath ?? "") \(photo.photo.map { "\($0.width)x\($0.height) \($0.hasAlpha)" } ?? "")"
        }.joined(separator: "\n"))
        _ = modelParts?.value
        let fingerprints: SiteFingerprints? = options.useCache
            ? SiteFingerprints(model: model, journal: journal.path, siteInPlace: early?.targetID ?? inPlace?.siteID, extra: inputs, day: today.description, pages: jobPaths, templates: templates,
                               siteValues: renderer.site.valueTexts, session: options.session, loaded: inPlace.map { ($0.siteID, $0.manifest) }) : nil
        stage("fingerprint pages")
        // A lock screen is its layout around a sealed payload: with the sealed parts the last
        // build's (the same bytes), it is kept like any page whose inputs did not change.
        let sealedKept = report.privateKept
        let templateBase = SiteManifest.templateBase(entryCount: model.entries.count)
        let dayIndex = SiteManifest.dayIndex(entryCount: model.entries.count)
        /// Whether page `index` may be kept from the site in place when its inputs are unchanged.
        @Sendable func mayKeep(_ index: Int) -> Bool {
            if case .locked = jobs[index] { return sealedKept }
            return true
        }
        /// Page `index` as it is published (links made relative where asked), and what it read.
        @Sendable func renderPage(_ index: Int) -> (html: [UInt8], reads: [Int]) {
            let job = jobs[index]
            var (html, noted) = BodyReads.trackingAll { renderer.render(job) }
            var reads = noted.indices
            if case .entry(let i) = job { reads.insert(i) }
            // An entry's page depends on its neighbours and backlinks, a trip's (a year's, a
            // tag's...) on its entries, not on every entry.
            if let own = fingerprints?.ownPage(of: job, in: model) { reads.insert(SiteManifest.ownPage(of: own)) }
            if noted.readsDay { reads.insert(dayIndex) }
            // The templates after the texts, the task items and the day, then the site-wide
            // values (SiteFingerprints).
            for name in noted.templates { for used in templates.uses[name] ?? [] { reads.insert(templateBase + used) } }
            if noted.siteValues != 0 { reads.insert(SiteManifest.siteValuesRead(noted.siteValues)) }
            if let relative { html = relative.rewrite(html, pagePath: jobPaths[index]) }
            return (html, reads.sorted())
        }
        /// Document `index` (feed, sitemap, search index...), and what it read: the texts it
        /// names, and the day if it showed something of it (the calendar's stamp).
        @Sendable func renderDocument(_ index: Int) -> (data: Data, reads: [Int]) {
            let (data, noted) = BodyReads.trackingAll { documents[index].render() }
            guard var reads = documents[index].reads else { return (data, SiteManifest.everyText) }
            if let group = documents[index].group, let own = fingerprints?.ownPage(ofGroup: group) { reads.append(SiteManifest.ownPage(of: own)) }
            if noted.readsDay { reads.append(dayIndex) }
            if noted.siteValues != 0 { reads.append(SiteManifest.siteValuesRead(noted.siteValues)) }
            return (data, reads.sorted())
        }

        // 9a. The new site is the site in place but for at most one file: that file replaced
        // where it stands. Pages rendered here are not rendered again if it is not so.
        var renderedPages: [Int: (html: [UInt8], reads: [Int])] = [:]
        var renderedDocuments: [Int: (data: Data, reads: [Int])] = [:]
        if let refresh, let fingerprints {
            let pageReads: [[Int]?] = parallelMap(Array(jobs.indices)) { index in
                mayKeep(index) ? fingerprints.unchangedReads(of: jobPaths[index]) : nil
            }
            let documentReads: [[Int]?] = documentPaths.map { fingerprints.unchangedReads(of: $0) }
            let pagesToMake = jobs.indices.filter { pageReads[$0] == nil }
            let documentsToMake = documents.indices.filter { documentReads[$0] == nil }
            let madePages = parallelMap(pagesToMake) { renderPage($0) }
            let madeDocuments = parallelMap(documentsToMake) { renderDocument($0) }
            var changed: [(path: String, bytes: Data)] = []
            for (n, index) in pagesToMake.enumerated() {
                renderedPages[index] = madePages[n]
                let html = madePages[n].html
                if !html.withUnsafeBytes({ refresh.holds($0, at: jobPaths[index]) }) {
                    changed.append((jobPaths[index], Data(html)))
                }
            }
            for (n, index) in documentsToMake.enumerated() {
                renderedDocuments[index] = madeDocuments[n]
                if !madeDocuments[n].data.withUnsafeBytes({ refresh.holds($0, at: documentPaths[index]) }) {
                    changed.append((documentPaths[index], madeDocuments[n].data))
                }
            }
            // The site's record, made and written beside the look at its folders, put in place
            // after the file: a record saying a page is current must never precede it.
            // Written on one thread, read after `recorded.wait()`.
            nonisolated(unsafe) var record: FileIO.WrittenAside?
            let recorded = DispatchGroup()
            if changed.count <= 1 {
                var allReads: [[Int]] = []
                allReads.reserveCapacity(jobs.count + documents.count)
                for index in jobs.indices { allReads.append(pageReads[index] ?? renderedPages[index]!.reads) }
                for index in documents.indices { allReads.append(documentReads[index] ?? renderedDocuments[index]!.reads) }
                let reads = allReads, journalPath = journal.path, siteID = refresh.record.siteID
                DispatchQueue.global().async(group: recorded) {
                    record = fingerprints.encodedInPlace(pages: jobPaths + documentPaths, reads: reads)
                        .flatMap { SiteManifest.writeAside($0, journal: journalPath, id: siteID) }
                }
            }
            // Pages first (a changed first paragraph changes several), then the photos and
            // the other copies against the record.
            let applied = changed.count <= 1
                && processor.listed(imageJobs, in: refresh.files, sources: refresh.sources, from: jobPaths.count + documentPaths.count + files.copies.count)
                && refresh.holdsCurrentCopies()
                && (changed.first.map { change in change.bytes.withUnsafeBytes { refresh.apply((change.path, $0)) } } ?? refresh.apply(nil))
            recorded.wait()
            if applied {
                _ = record?.putInPlace()
                report.refreshedInPlace = true
                report.pagesMade = pagesToMake.map { jobPaths[$0] }
                report.documentsMade = documentsToMake.map { documentPaths[$0] }.sorted()
                report.rewritten = changed.count
                report.unchanged = refresh.files.count - changed.count
                report.filesCopied = refresh.files.count - jobs.count - documents.count - 1
                report.output = options.outputFolder
                stage("render and replace in place")
                if options.processEndsAfter {
                    AllocatorPolicy.leaveForExit(model, renderer, jobs, documents, split, loaded, locked, imageJobs, files,
                                                 imageCache, fingerprints as Any, processor, renderedPages, renderedDocuments, siteInPlace as Any)
                }
                return finish(true)
            }
            // The site is built aside instead, with a record of its own.
            record?.discard()
        }
        if refresh != nil {
            images = runPhotoStage()
            guard !diagnostics.hasErrors else { return finish(false) }
        }
        let copies = StaticFiles.CopyLists([files.copies, images.copies, locked.copies])
        guard let output = early ?? makeOutput() else { return finish(false) }
        output.prepareFolders(for: jobPaths + copies.map(\.sitePath) + documentPaths)

        // serve, a copy made by the last build from the same source, which the watcher says is
        // unchanged (a cached photo size never changes: its name is its content's), is kept
        // without a look; and when the lists are the very ones the last build copied, none of
        // their journal files changed since, every copy is as it made it (its data the same
        // bytes), without a look-up for each of 57,000 at 50k entries, nor a read of each sealed
        // private file to compare it.
        let lastCopies = trustedChanges == nil ? nil : outputMemo?.copies
        let allUnchanged = trustedChanges.map { outputMemo?.holdsUnchanged(copies, trusted: $0) ?? false } ?? false
        // serve, the same files as the site in place (its pages, documents and copies, by path),
        // into its twin: every file is counted at once, only pages that changed are written.
        let wholeTwin = allUnchanged && fingerprints != nil && outputMemo.map { $0.jobPaths == jobPaths && $0.documentPaths == documentPaths } == true
            && output.keepWholeTwin()
        report.wholeTwinKept = wholeTwin
        /// The reads of a page the site in place has as this build would make it; nil when it must be made.
        @Sendable func keptReads(_ path: String) -> [Int]? {
            wholeTwin ? fingerprints?.unchangedReads(of: path) : fingerprints?.keep(path, in: output)
        }
        let failures = WriteFailures()
        /// Whether the copy's source is the one its file in the folder was made from, unchanged since.
        let trusted = trustedChanges ?? []
        let serving = options.session != nil
        let sourceUnchanged: @Sendable (StaticFiles.Copy) -> Bool = { copy in
            if allUnchanged { return true }
            if case .file(let path) = copy.source {
                return lastCopies?[copy.sitePath] == path && !trusted.contains(path) && ChangedFiles.isWatched(path, root: root)
            }
            if case .cached(let path) = copy.source {
                // Held: the photo stage of this very build found it in this folder (serve may
                // reuse an earlier build's photos, found in another folder).
                return (copy.held && !serving) || lastCopies?[copy.sitePath] == path || output.holdsCopy(copy.sitePath, of: copy.sourceKey)
            }
            return false
        }
        // By runs, each run's unchanged copies kept at once (StagedOutput.keepUnchangedCopies).
        let run = 2048
        let sizesRoot = imageCache.sizesRoot()
        // Beside the pages, not after them: a copy may wait for its photo to be read from disk
        // (after a minute or two the page cache has let most of them go: then the copies took
        // 1 s of a first build of 10k entries, both cores two fifths idle), and rendering fills
        // those waits. A copy takes no memory of ours.
        let copying = SideWork {
            // A whole twin holds every copy, counted already.
            parallelForEach(count: wholeTwin ? 0 : (copies.count + run - 1) / run) { part in
                Self.copy(copies, part * run..<min(copies.count, (part + 1) * run), into: output, sourceUnchanged: sourceUnchanged,
                          cacheFolder: sizesRoot, failures: failures)
            }
        }
        // The entry cache is written while the stages above leave a core idle; not beside the
        // pages, whose peak memory it would add to (a lifetime journal's build must stay small).
        background.wait()
        if options.session == nil { AllocatorPolicy.releaseFreeMemory() }
        let rendered = Mutex<[String]>([])
        let prerenderedPages = renderedPages, prerenderedDocuments = renderedDocuments
        let pageReads: [[Int]] = parallelMap(Array(jobs.indices)) { index in
            let path = jobPaths[index]
            if mayKeep(index), let reads = keptReads(path) { return reads }
            let (html, reads) = prerenderedPages[index] ?? renderPage(index)
            rendered.withLock { $0.append(path) }
            do {
                try output.write(html, to: path)
            } catch {
                failures.note(error)
            }
            return reads
        }
        let documentsMade = Mutex<[String]>([])
        // A kept document's reads are as the site in place records them.
        let documentReads: [[Int]] = parallelMap(Array(documents.indices)) { index in
            let document = documents[index]
            if let reads = keptReads(document.path) { return reads }
            documentsMade.withLock { $0.append(document.path) }
            let (data, reads) = prerenderedDocuments[index] ?? renderDocument(index)
            do {
                try output.write(data, to: document.path)
            } catch {
                failures.note(error)
            }
            return reads
        }
        report.documentsMade = documentsMade.withLock { $0 }.sorted()
        report.pagesMade = rendered.withLock { $0 }
        stage("render and write pages")
        // What rendering freed (each page's buffers) is given back before the copies and the
        // site's record add theirs: the build's memory peaked there, a few MB higher.
        if options.session == nil { AllocatorPolicy.releaseFreeMemory() }
        // The folder's record is written while the last copies are made, not after the swap on
        // one core: its files are known by now (pages, documents, copies, the marker). serve
        // keeps its own. (Listing them beside the pages instead would spare a first build of 10k
        // entries 10 ms, and add the list to the memory peak, which is while pages are rendered.)
        let pagePaths = jobPaths + documentPaths
        let allReads = pageReads + documentReads
        let recorded = DispatchGroup()
        let recordedEarly = options.session == nil ? fingerprints : nil
        // The files the folder will hold, listed in order with the photo cache file each copy is
        // made from, on that thread too: the set and the map of sources made here first were
        // 9 ms of this core and 20 ms of that thread after one edit at 10k entries.
        let planned = Mutex(Set<String>())
        if let recordedEarly {
            DispatchQueue.global().async(group: recorded) {
                let (files, sources, set) = Self.plannedFiles(pages: pagePaths, copies: copies)
                recordedEarly.save(pages: pagePaths, reads: allReads, files: files, copySources: sources, output: output)
                planned.withLock { $0 = set }
            }
        }
        copying.value
        failures.report(to: diagnostics, at: SourceLocation(path: paths.display(options.outputFolder)))
        templates.reportEndlessIncludes(to: diagnostics)
        stage("copy media and assets")
        report.filesCopied = copies.count

        // 9. Swap the new site in, only if everything above worked.
        func discard() {
            output.discard()
            // The folders they described are gone.
            recorded.wait()
            SiteManifest.remove(journal: journal.path, id: output.id)
            if let old = output.consumedID { SiteManifest.remove(journal: journal.path, id: old) }
        }
        guard !diagnostics.hasErrors else {
            discard()
            return finish(false)
        }
        do {
            let recordOfSite = inPlace.flatMap { $0.siteID == output.targetID ? $0 : nil }
            var siteInPlaceUnchanged: (@Sendable () -> Bool)?
            if let recordOfSite { siteInPlaceUnchanged = { recordOfSite.unchangedSinceBuilt } }
            try output.commit(siteInPlaceFiles: recordOfSite?.files ?? fingerprints?.siteInPlaceFiles, siteInPlaceFolders: recordOfSite?.folders,
                              siteInPlaceUnchanged: siteInPlaceUnchanged,
                              waitForPruning: options.session == nil) {
                recorded.wait()
                // The record must list exactly the folder's files: written again from what the
                // build wrote should they differ (a stale file left out would stay published).
                let written = output.writtenPaths
                let plannedFiles = planned.withLock { $0 }
                if recordedEarly == nil || written.count != plannedFiles.count || !plannedFiles.allSatisfy(written.contains) {
                    // (serve keeps its folders' files itself: no spare record reads the copies' sources.)
                    // A whole twin's are the site in place's, listed in its record already.
                    let previousFiles = wholeTwin ? fingerprints?.previous?.files : nil
                    let files = previousFiles.flatMap { $0.count == written.count ? $0 : nil } ?? Array(written)
                    fingerprints?.save(pages: pagePaths, reads: allReads, files: files,
                                       copySources: options.session == nil ? Self.copySources(of: files, copies: copies) : [], output: output)
                }
                if let sealedAside {
                    _ = sealedAside.value?.putInPlace()
                } else if let (store, key) = sealedToSave {
                    store.save(locked, key: key, output: options.outputFolder, split: split)
                }
            }
        } catch {
            discard()
            diagnostics.error(error.description, at: SourceLocation(path: paths.display(options.outputFolder)))
            return finish(false)
        }
        if options.session == nil, options.useCache, output.spareIsPruned, let spareID = output.targetID {
            SpareRecord(spareID: spareID, madeAnew: output.madeAnew).save(journal: journal.path, site: output.id)
        }
        stage("swap the new site in")
        if let session = options.session {
            let spare = output.spareFiles
            // The very lists the last build copied: what it found of them holds.
            let last = allUnchanged ? outputMemo : nil
            session.remember { [copies] in
                let known = StagedOutput.Known(siteID: output.id, siteFiles: output.writtenPaths, spareID: output.spareID, spareFiles: spare)
                if var last {
                    (last.known, last.jobPaths, last.documentPaths) = (known, jobPaths, documentPaths)
                    return last
                }
                let sources = Self.copySources(copies)
                var journalSources = Set<String>()
                for copy in copies { if case .file(let path) = copy.source { journalSources.insert(path) } }
                return BuildSession.OutputMemo(
                    known: known, copies: sources, lists: copies, journalSources: journalSources,
                    journalSourcesWatched: journalSources.allSatisfy { ChangedFiles.isWatched($0, root: root) },
                    jobPaths: jobPaths, documentPaths: documentPaths)
            }
        }
        report.unchanged = output.unchangedCount
        report.rewritten = output.rewrittenCount
        report.output = options.outputFolder
        if options.processEndsAfter {
            AllocatorPolicy.leaveForExit(model, renderer, jobs, documents, split, loaded, locked, images, copies, files,
                                         imageCache, fingerprints as Any, output, processor, siteInPlace as Any)
        }
        return finish(true)
    }

    /// Makes `copies[range]` in the folder: those whose sources are unchanged and which the
    /// folder is known to hold are kept at once, the others copied one by one.
    static func copy(_ copies: StaticFiles.CopyLists, _ range: Range<Int>, into output: StagedOutput,
                     sourceUnchanged: (StaticFiles.Copy) -> Bool, cacheFolder: OpenFolder?, failures: WriteFailures) {
        var unchanged: [Int] = [], changed: [Int] = []
        for index in range {
            if sourceUnchanged(copies[index]) { unchanged.append(index) } else { changed.append(index) }
        }
        func make(_ copy: StaticFiles.Copy, sourceUnchanged: Bool) {
            do {
                switch copy.source {
                case .file(let path):
                    try output.copy(path, to: copy.sitePath, sourceUnchanged: sourceUnchanged)
                case .cached(let path):
                    try output.copy(path, to: copy.sitePath, link: true, sourceUnchanged: sourceUnchanged, sourceStamp: copy.sourceStamp,
                                    sourceFolder: cacheFolder)
                case .data(let data): try output.write(data, to: copy.sitePath)
                }
            } catch {
                failures.note(error)
            }
        }
        for notKept in output.keepUnchangedCopies(unchanged.map { copies[$0].sitePath }) {
            make(copies[unchanged[notKept]], sourceUnchanged: true)
        }
        for index in changed { make(copies[index], sourceUnchanged: false) }
    }

    /// Every file the folder will hold (pages, copies, the marker), each once, in that order, with
    /// the photo cache file each is a copy of (SiteManifest.sourceKey, 0 for the others), and
    /// as a set.
    static func plannedFiles(pages: [String], copies: StaticFiles.CopyLists) -> (files: [String], sources: [Int], set: Set<String>) {
        var set = Set<String>(minimumCapacity: pages.count + copies.count + 1)
        var files: [String] = [], sources: [Int] = []
        files.reserveCapacity(pages.count + copies.count + 1)
        sources.reserveCapacity(pages.count + copies.count + 1)
        func add(_ path: String, _ source: Int) {
            guard set.insert(path).inserted else { return }
            files.append(path)
            sources.append(source)
        }
        for page in pages { add(page, 0) }
        for copy in copies { add(copy.sitePath, copy.sourceKey) }
        add(StagedOutput.markerName, 0)
        return (files, sources.contains { $0 != 0 } ? sources : [], set)
    }

    /// SiteManifest.copySources for `files` in any order: the photo cache key of each that is a
    /// photo size, 0 for the others; empty when none is.
    static func copySources(of files: [String], copies: StaticFiles.CopyLists) -> [Int] {
        var keys: [String: Int] = [:]
        for copy in copies where copy.sourceKey != 0 { keys[copy.sitePath] = copy.sourceKey }
        return keys.isEmpty ? [] : files.map { keys[$0] ?? 0 }
    }

    /// The file each copy is made from, by path in the site (serve's memo of what it copied).
    static func copySources<Copies: Collection<StaticFiles.Copy>>(_ copies: Copies) -> [String: String] {
        var sources: [String: String] = [:]
        sources.reserveCapacity(copies.count)
        for copy in copies {
            switch copy.source {
            case .cached(let path), .file(let path): sources[copy.sitePath] = path
            case .data: break
            }
        }
        return sources
    }

    /// The theme, its templates and the language's labels, with their messages.
    private static func loadTheme(config: JournalConfig, assets: AssetSource, paths: DisplayPaths, configPath: String) -> BuildSession.ThemeParts {
        let own = DiagnosticsEngine()
        let theme = Theme.load(name: config.theme, assets: assets, paths: paths, configLocation: SourceLocation(path: configPath), diagnostics: own)
        let templates = theme.flatMap { TemplateSet.load(theme: $0, assets: assets, paths: paths, diagnostics: own) }
        let localization = Localization.load(language: config.language, assets: assets, paths: paths,
                                             at: config.languageLocation ?? SourceLocation(path: configPath), diagnostics: own)
        return BuildSession.ThemeParts(theme: theme, templates: templates, localization: localization, diagnostics: own.diagnostics)
    }

    /// The files a first build reads, read ahead (`ReadAhead`): the entries when there is no
    /// entry cache to take them from, the photo cache's sizes when the site is made anew (a
    /// site in place holds its copies already). Not under serve, whose rebuilds read little.
    func readAhead(journal: String) -> ReadAhead? {
        guard options.session == nil, options.writeOutput else { return nil }
        var folders: [ReadAhead.Folder] = []
        if !options.useCache || access(EntryCache.folder(journal: journal), F_OK) != 0 {
            // The entry files' texts; a bundle's photos are only looked at (their sizes come from the cache).
            folders.append(ReadAhead.Folder(path: journal + "/entries") { $0.hasSuffix(".md") })
        }
        if access(options.outputFolder.path + "/" + StagedOutput.markerName, F_OK) != 0 {
            folders.append(ReadAhead.Folder(path: ImageCache.sizesFolder(journal: journal)) { _ in true })
        }
        return folders.isEmpty ? nil : ReadAhead(folders)
    }

    /// The session's cache when it was made under the same settings, else the one saved on disk.
    func entryCache(journal: String) -> EntryCache {
        let key = EntryCache.key(journal: journal, configBytes: FileIO.read(journal + "/" + JournalConfig.fileName))
        if let session = options.session { return session.entryCache(key: key, journal: journal, paths: options.paths, includeDrafts: options.includeDrafts) }
        return EntryCache.load(journal: journal, key: key, paths: options.paths, includeDrafts: options.includeDrafts)
    }

    /// The build's keys, from the passphrase the command supplies and the journal's salt.
    func privateKeys(journal: URL, count: Int, early: EarlyKeys? = nil, at location: SourceLocation, diagnostics: DiagnosticsEngine) -> PrivateKeys? {
        let store = SaltStore(journal: journal.path)
        let existing = store.salt
        guard let passphrase = options.passphrase?(existing == nil || options.newPassphrase), !passphrase.isEmpty else {
            diagnostics.error("\(count) private entr\(count == 1 ? "y needs" : "ies need") a passphrase to be encrypted, and none was given (JOURNALGEN_PASSPHRASE is not set, and none was typed, or the two typed differ); expected JOURNALGEN_PASSPHRASE in the environment or a terminal to type it in (or --skip-private to leave them out)", at: location)
            return nil
        }
        guard let salt = existing ?? store.makeSalt(early?.newSalt) else {
            diagnostics.error("cannot write the salt of private pages in \(options.paths.display(path: store.folder))", at: location)
            return nil
        }
        let derived = options.session.map { session in try? session.privateKeys(passphrase: passphrase, salt: salt, agent: options.keyAgent) }
            ?? early?.keys(passphrase: passphrase, salt: salt)
            ?? (try? PrivateKeys.derive(passphrase: passphrase, salt: salt, agent: options.keyAgent))
        guard let keys = derived else {
            diagnostics.error("cannot derive a key from the passphrase", at: location)
            return nil
        }
        if !store.matches(keys) {
            guard options.newPassphrase else {
                diagnostics.error("the passphrase is not the one the private pages were last encrypted with, so nothing was encrypted with it; expected the same passphrase (mind a typo), or --new-passphrase to change it on purpose (readers then need the new one)", at: location)
                return nil
            }
            diagnostics.warning("private pages are now encrypted with the new passphrase (--new-passphrase), and readers need it from now on", at: location)
        }
        if let weak = PassphraseStrength.warning(for: passphrase) { diagnostics.warning(weak, at: location) }
        if options.writeOutput { store.remember(keys) }
        return keys
    }

    /// Lets entries be checked (and their errors reported) even when journal.yaml is broken.
    static let fallbackConfig = JournalConfig(
        title: "", author: nil, birthday: nil, offsets: ZoneOffsets(TimeZone(identifier: "UTC")!), timeZoneName: "UTC",
        baseURL: "/", theme: "paper", language: "en", moods: .standard, paging: Paging(), unsafeMarkdown: false,
        privateHint: nil, tips: nil, reminders: nil, extra: MetaNode(.table([]), line: 1, column: 1))
}

/// The private pages' key, derived on another thread from the start of a build, so that the
/// tenth of a second PBKDF2 takes on one core overlaps loading instead of following it. Only
/// when it asks nothing of anyone: the passphrase at hand, no new passphrase, not under `serve`
/// (which keeps its keys). A journal with no salt yet (its first build, or any build of a fresh
/// clone, since the salt lives in the ignored cache) gets one drawn here and written only when
/// private pages are encrypted with it: those builds waited for the key with the other core idle
/// (a 10k journal's first build, 2.43 s, now 2.40 s; a small journal's loading is shorter than
/// the derivation, and it still waits for most of it).
final class EarlyKeys: Sendable {
    private let passphrase: String
    private let salt: [UInt8]
    /// The salt was drawn here, not read: `privateKeys` writes it if it uses it.
    let saltIsNew: Bool
    private let derived = Mutex<PrivateKeys?>(nil)
    private let done = DispatchGroup()

    init?(options: BuildOptions, journal: URL) {
        guard options.passphraseAtHand, options.session == nil, !options.newPassphrase, !options.skipPrivate,
              let passphrase = options.passphrase?(false), !passphrase.isEmpty else { return nil }
        let existing = SaltStore(journal: journal.path).salt
        self.passphrase = passphrase
        self.salt = existing ?? SaltStore.drawSalt()
        saltIsNew = existing == nil
        let agent = options.keyAgent
        DispatchQueue.global().async(group: done) { [self] in
            let keys = try? PrivateKeys.derive(passphrase: passphrase, salt: salt, agent: agent)
            derived.withLock { $0 = keys }
        }
    }

    /// The salt drawn for a journal that had none, for `SaltStore.makeSalt`.
    var newSalt: [UInt8]? { saltIsNew ? salt : nil }

    /// The keys, once derived, if they are for this passphrase and salt.
    func keys(passphrase: String, salt: [UInt8]) -> PrivateKeys? {
        guard passphrase == self.passphrase, salt == self.salt else { return nil }
        done.wait()
        return derived.withLock { $0 }
    }
}
