import Foundation
import Synchronization

/// What one output folder was built from, so the next build into it renders only the pages whose
/// inputs changed. Kept in `.journalgen-cache/sites/<id>`, named by the id in the folder's
/// `.journalgen-site` marker (outside the site: fingerprints of private texts never get published).
///
/// A page is made from three kinds of input. Everything that is neither an entry nor the build
/// day nor a template — settings, theme, languages, mood log, trips, the links between entries,
/// what the views say of trips, moods and authors — goes into one fingerprint, `journal`: when it
/// changes, every page is rendered again. The entries' front matter and addresses go into `list`,
/// which pages that show every entry read: adding, deleting or re-dating an entry renders them
/// again, and of the pages that show a part of the journal only those whose part changed
/// (`ownPages`: an entry's page shows the entry, its older and newer neighbours and the entries
/// linking to it; the pages of a trip, a year and its months, a tag, the tasks, the photos, the
/// themes, the places, the List of Glory and the revisits show their own entries, as do a year's
/// search file, a month's "On this day", the feeds and the calendar, see SiteDocument.group). The
/// entries' texts each have their own fingerprint, and so do the build day, the list of pages
/// (the sitemap's), each template and each site-wide value (after the texts); each page lists the
/// texts, templates and values it showed and whether it showed something of the day (noted while
/// it rendered, see BodyReads), so editing one entry's words re-renders its page, and the lists
/// that show its card only when what the card shows changed (its own fingerprint, `cardIndex`),
/// the next day's build the pages with revisits, tasks, streaks or "On
/// this day", and editing the entry cards' template the lists, not the other 10,000 pages.
/// Entries are named (`ids`), so a page's reads are found again after entries came or went
/// before it.
struct SiteManifest {
    var journal: String
    /// Each entry's file (relative to entries/), in the site's order.
    var ids: [String] = []
    /// The entries' front matter, addresses and titles, in the site's order.
    var list: String = ""
    /// The parts of the journal other than entries that pages show by themselves ("trip alps",
    /// "year 2026", "tag cafe", "tasks"), see `SiteFingerprint.group(of:in:)`.
    var groups: [String] = []
    /// By entry, then by group: what its own pages show of the journal besides texts
    /// (SiteFingerprint.entries, SiteFingerprint.groups).
    var ownPages: [String] = []
    /// By entry, then by entry again what its cards show (`cardIndex`), then the task items, the
    /// day, the templates and the site-wide values.
    var texts: [String]
    var pages: [String]
    /// For each page, by their place in `texts`: the texts and templates it shows; `-2 - i` on a
    /// page of entry `i` or of group `i - entryCount` (which reads `ownPages[i]` instead of
    /// `list`); the site-wide values it shows, as one number (`siteValuesRead`); [-1]: all of them.
    var reads: [[Int]]
    /// Every file of the folder (pages, copies, the marker), so the next build into it removes
    /// the ones it no longer writes without walking tens of thousands of files.
    var files: [String]
    /// For each of `files`, the photo cache's file it is a copy of (`sourceKey`), 0 for the
    /// others; or empty. A cached photo size is named by its content, so a copy of the same cache
    /// file is the same bytes, known without looking (see SpareRecord).
    var copySources: [Int] = []
    /// `files` and `copySources` as they were read, encoded: a site refreshed in place lists the
    /// same ones again, and its record copies these bytes instead of encoding 34,000 names anew
    /// (at 10k entries that encoding was the last thing a build after an edit waited for).
    var savedFiles: SavedBytes?

    static let everyText = [-1]

    /// The photo cache's file each photo size of the folder was copied from (`copySources`), by path.
    var copiedFrom: [String: Int] {
        var copies: [String: Int] = [:]
        copies.reserveCapacity(copySources.count)
        for (index, key) in copySources.enumerated() where key != 0 { copies[files[index]] = key }
        return copies
    }

    /// Where what entry `index`'s card shows of its text (excerpt, summary, reading time) is
    /// among the texts: a list page that shows the card is kept when the rest of the body changed.
    static func cardIndex(of index: Int, entryCount: Int) -> Int { entryCount + index }
    /// Where the task items of every entry are among the texts (after the entries' and their cards').
    static func tasksIndex(entryCount: Int) -> Int { 2 * entryCount }
    /// Where the build day is among the texts (after the task items).
    static func dayIndex(entryCount: Int) -> Int { 2 * entryCount + 1 }
    /// Where the site's list of pages (their paths, in order) is among the texts (after the day):
    /// what the sitemap lists, besides the entries' days.
    static func pageListIndex(entryCount: Int) -> Int { 2 * entryCount + 2 }
    /// Where the templates' fingerprints begin among the texts.
    static func templateBase(entryCount: Int) -> Int { 2 * entryCount + 3 }
    /// The read that marks a page of entry `index` (of group `index - entryCount`).
    static func ownPage(of index: Int) -> Int { -2 - index }
    /// The read of the site-wide values `mask` names (bits by their place in SiteView's names,
    /// which follow the templates at the end of `texts`): one number for the dozens a page shows,
    /// below every other read.
    static func siteValuesRead(_ mask: UInt64) -> Int { siteValuesMark + Int(mask) }
    private static let siteValuesMark = -(1 << 62)
    static func isSiteValuesRead(_ read: Int) -> Bool { read < -(1 << 61) }

    /// What a build compares the site in place's manifest with.
    struct Now {
        var manifest: SiteManifest
        /// Where each entry of the site in place's manifest is among this build's (-1: gone), looked
        /// up by id once, not for each read of each page (a dictionary look-up of a path each: 47 M
        /// instructions after an entry came or went at 10k entries); nil when the site in place
        /// lists the same entries.
        var places: [Int]?
        /// The place of each group among the own pages, by name.
        var groupIndex: [String: Int]
        /// Where each group of the site in place's manifest is among this build's own pages (-1: gone).
        var groupPlaces: [Int]
        /// Whether all texts are the site in place's (compared once, not for each page that shows them all).
        var sameTexts: Bool
        /// The site-wide values that changed since the site in place, as bits.
        var changedValues: UInt64
    }

    /// The reads of page number `page` in the numbering of `now` (this build's inputs) when the
    /// page was built from exactly these inputs; else nil.
    func currentReads(of page: Int, now: Now) -> [Int]? {
        guard journal == now.manifest.journal, page < reads.count else { return nil }
        let read = reads[page]
        if read == Self.everyText { return now.sameTexts && list == now.manifest.list ? read : nil }
        /// Where this manifest's entry number `entry` is among `now`'s, if it still is.
        /// (`entry` is below `ids.count`, as every caller checks.)
        func place(_ entry: Int) -> Int? {
            guard let places = now.places else { return entry < now.manifest.ids.count ? entry : nil }
            return places[entry] >= 0 ? places[entry] : nil
        }
        /// Where this manifest's own page number `page` is among `now`'s, if it still is.
        func placeOfPage(_ page: Int) -> Int? {
            if page < ids.count { return place(page) }
            guard page - ids.count < groups.count, page - ids.count < now.groupPlaces.count else { return nil }
            let found = now.groupPlaces[page - ids.count]
            return found >= 0 ? found : nil
        }
        // Reads are sorted: an own page's mark comes first (after the site-wide values). Any
        // other page shows the list (and after an entry came or went, that is most pages: none
        // of their reads is looked up).
        guard read.prefix(2).contains(where: { $0 <= -2 && !Self.isSiteValuesRead($0) }) || list == now.manifest.list else { return nil }
        // The same numbers, unless entries came or went, or a group's page moved among the own
        // pages (a new tag before it): the page's reads are then recorded in the new numbering,
        // or the next build would compare another group's entries for it.
        var mapped: [Int]?
        if now.places != nil { mapped = []; mapped!.reserveCapacity(read.count) }
        for (position, old) in read.enumerated() {
            let new: Int
            if Self.isSiteValuesRead(old) {
                guard UInt64(old - Self.siteValuesMark) & now.changedValues == 0 else { return nil }
                new = old
            } else if old <= -2 {
                let page = -2 - old
                guard page < ownPages.count, let found = placeOfPage(page), ownPages[page] == now.manifest.ownPages[found] else { return nil }
                new = Self.ownPage(of: found)
            } else {
                guard old >= 0, old < texts.count else { return nil }
                if old < ids.count {
                    guard let found = place(old) else { return nil }
                    new = found
                } else if old < 2 * ids.count {
                    guard let found = place(old - ids.count) else { return nil }
                    new = Self.cardIndex(of: found, entryCount: now.manifest.ids.count)
                } else {
                    new = old - 2 * ids.count + 2 * now.manifest.ids.count
                }
                guard new < now.manifest.texts.count, texts[old] == now.manifest.texts[new] else { return nil }
            }
            if new != old, mapped == nil { mapped = Array(read[..<position]) }
            mapped?.append(new)
        }
        return mapped.map { $0.sorted() } ?? read
    }

    /// These inputs with the pages and files a build made of them.
    func with(pages: [String], reads: [[Int]], files: [String], copySources: [Int], savedFiles: SavedBytes? = nil) -> SiteManifest {
        var manifest = self
        (manifest.pages, manifest.reads, manifest.files, manifest.copySources) = (pages, reads, files, copySources)
        manifest.savedFiles = savedFiles
        return manifest
    }

    var pageIndex: [String: Int] {
        Dictionary(pages.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    // MARK: - Stored per output folder

    static func folder(journal: String) -> String { CacheFolder.path(journal: journal) + "/sites" }

    /// The file's first bytes: anything else is not a manifest of this format.
    static let magic = Array("journalgen site manifest 6\n".utf8)

    /// An id as markers write them (a UUID): never a path of its own.
    static func isID(_ id: String) -> Bool { !id.isEmpty && id.allSatisfy { $0.isHexDigit || $0 == "-" } }

    static func load(journal: String, id: String) -> SiteManifest? {
        guard isID(id),
              let source = CompactSource(mapping: folder(journal: journal) + "/" + id, position: magic.count),
              source.bytes.starts(with: magic) else { return nil }
        return try? CompactCoder.decode(compact: SiteManifest.self, from: source, length: source.bytes.count - magic.count)
    }

    func save(journal: String, id: String) {
        Self.save(encoded(), journal: journal, id: id)
    }

    /// The manifest as it is saved.
    func encoded() -> CompactSink {
        // Sized at once and written from the sink as it is (2.5 MB at 10k entries, written at the
        // build's end, when its memory peaks): no doubling, no copy.
        let names = [pages, files, ids].reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count + 2 } }
        let sink = CompactSink(capacity: 4096 + names + (texts.count + ownPages.count) * 40 + reads.reduce(0) { $0 + 2 + $1.count * 3 })
        sink.append(Self.magic)
        write(compact: sink)
        return sink
    }

    /// Saves a manifest `encoded()` gave.
    static func save(_ bytes: CompactSink, journal: String, id: String) {
        _ = writeAside(bytes, journal: journal, id: id)?.putInPlace()
    }

    /// `save`'s writing, without the renaming that puts the manifest in place: a manifest must
    /// not be in place before the site it describes, and waiting to write it until then put
    /// writing 4 MB at the end of a build after an edit, on one core.
    static func writeAside(_ bytes: CompactSink, journal: String, id: String) -> FileIO.WrittenAside? {
        let folder = Self.folder(journal: journal)
        guard FileIO.makeDirectories(folder) else { return nil }
        CacheFolder.prepare(CacheFolder.path(journal: journal))
        return FileIO.writeAside(folder + "/" + id, parts: [bytes])
    }

    /// The output folders whose records are kept: the newest by the time each was written. A
    /// folder deleted by hand (`rm -rf _site && journalgen build`) never gives its record back
    /// (3.5 MB at 10,000 entries), so without a bound the cache grew with every such build; a
    /// folder whose record went is built in full once, as a new one is.
    static let recordsKept = 8

    /// Removes the records of all but the `recordsKept` newest output folders, never those of
    /// `keeping` (the site just built and its spare); and files left half-written by a build
    /// that was stopped, once a day old.
    static func pruneRecords(journal: String, keeping: [String]) {
        let folder = folder(journal: journal)
        guard let items = FileIO.folderItems(folder) else { return }
        var records: [(id: String, written: Int)] = []
        let dayAgo = Int(Date().timeIntervalSince1970) - 86_400
        for item in items {
            guard let stamp = FileIO.sizeAndTime(folder + "/" + item.name) else { continue }
            if isID(item.name) {
                records.append((item.name, stamp.modified))
            } else if item.name.contains(".new-"), stamp.modified / 1_000_000_000 < dayAgo {
                unlink(folder + "/" + item.name)
            }
        }
        let older = records.sorted { ($0.written, $0.id) > ($1.written, $1.id) }.dropFirst(recordsKept)
        for record in older where !keeping.contains(record.id) { remove(journal: journal, id: record.id) }
    }

    /// The manifest and the record of the spare beside its folder.
    static func remove(journal: String, id: String) {
        guard !id.isEmpty else { return }
        unlink(folder(journal: journal) + "/" + id)
        unlink(SpareRecord.path(journal: journal, site: id))
    }

    /// A cache file's path as a number for `copySources`: never 0, and under 2^62, which the
    /// compact coding keeps whole.
    static func sourceKey(_ cachePath: String) -> Int {
        sourceKey(hash: FNV1a.hash(cachePath.utf8))
    }

    /// What `sourceKey(folderHash:name:)` continues from for the files of `folder`.
    static func sourceKeyFolderHash(_ folder: String) -> UInt64 {
        FNV1a.hash(CollectionOfOne(UInt8(ascii: "/")), from: FNV1a.hash(folder.utf8))
    }

    /// The key of `folder/name`, given `sourceKeyFolderHash(folder)`: each photo's sizes share
    /// one folder, hashed once instead of once for each of its four or more files.
    static func sourceKey(folderHash: UInt64, name: String) -> Int {
        sourceKey(hash: FNV1a.hash(name.utf8, from: folderHash))
    }

    static func sourceKey(hash: UInt64) -> Int {
        max(1, Int(truncatingIfNeeded: hash >> 2))
    }
}

/// Written field by field, as entries are: a 10k-entry site's manifest is 34,000 file names and
/// 11,600 pages, saved after every build and read at the start of the next.
extension SiteManifest: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.string(journal)
        sink.list(ids)
        sink.string(list)
        sink.list(groups)
        sink.list(ownPages)
        sink.list(texts)
        sink.list(pages)
        sink.list(reads) { sink.list($0, sink.int) }
        if let savedFiles {
            sink.append(savedFiles.bytes)
        } else {
            sink.list(files)
            sink.list(copySources, sink.int)
        }
    }

    init(compact source: CompactSource) throws {
        journal = try source.string()
        ids = try source.strings()
        list = try source.string()
        groups = try source.strings()
        ownPages = try source.strings()
        texts = try source.strings()
        pages = try source.strings()
        reads = try source.list { try source.list(source.int) }
        let filesStart = source.position
        files = try source.strings()
        copySources = try source.list(source.int)
        savedFiles = source.saved(filesStart..<source.position)
        guard copySources.isEmpty || copySources.count == files.count, ownPages.count == ids.count + groups.count, texts.count >= 2 * ids.count,
              reads.count == pages.count else { throw CompactCoder.Failure() }
    }
}

/// Computes the fingerprints of a SiteManifest for one build.
enum SiteFingerprint {
    /// Hashes `text` and a 0 after it, so parts "ab", "c" and "a", "bc" differ.
    static func feed(_ text: String, into hasher: inout Fingerprinter) {
        text.withUTF8Bytes { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        hasher.update(data: separator)
    }
    private static let separator = Data([0])
    private static let space = Data([0x20])
    private static let newline = Data([0x0A])

    /// The fingerprint of `parts`, each fed with a 0 after it.
    static func fingerprint(of parts: [String]) -> String {
        var hasher = Fingerprinter()
        for part in parts { feed(part, into: &hasher) }
        return code(hasher.finalize())
    }

    static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        hex(bytes: Array(digest.prefix(16)))
    }

    /// A fingerprint as 15 characters of base64url: the digest's first 90 bits. Swift keeps a
    /// string of 15 bytes or fewer inside the value, with no memory of its own: as 32 hex digits,
    /// each of the 100,000 fingerprints a build after one edit reads back from the entries'
    /// records and the site's record (four an entry, several a page) was an allocation, a copy
    /// and a release. 90 bits still tell any two inputs of a page apart but once in 10^27.
    /// The digest is read in place (walked as a generic sequence, it cost 3,000 instructions).
    static func code(_ digest: Fingerprinter.Digest) -> String {
        digest.withUnsafeBytes { bytes in
            String(unsafeUninitializedCapacity: 15) { out in
                // 15 characters of 6 bits from the first 12 bytes (96 bits; the last 6 unused).
                for group in 0..<4 {
                    let at = group * 3
                    let word = UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
                    for digit in 0..<4 where group * 4 + digit < 15 {
                        out[group * 4 + digit] = codeDigits[Int(word >> (18 - 6 * UInt32(digit)) & 63)]
                    }
                }
                return 15
            }
        }
    }

    private static let codeDigits: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func hex(bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: 2 * bytes.count) { out in
            var at = 0
            for byte in bytes {
                out[at] = hexDigits[Int(byte >> 4)]
                out[at + 1] = hexDigits[Int(byte & 15)]
                at += 2
            }
            return at
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Each entry's text: its rendered body, excerpt, summary and word count. The fingerprint
    /// from loading stands for the text the site model places images in: placing follows from
    /// the entry and the settings, which the journal fingerprint covers.
    static func texts(of entries: [Entry]) -> [String] {
        parallelMap(Array(entries.indices)) { index in
            entries[index].loadedTextFingerprint.isEmpty ? text(of: entries[index].body) : entries[index].loadedTextFingerprint
        }
    }

    /// What each entry's cards and rows show of its text (`card(of:)`), as loading made it.
    static func cards(of entries: [Entry]) -> [String] {
        parallelMap(Array(entries.indices)) { index in
            entries[index].loadedCardFingerprint.isEmpty ? card(of: entries[index].body) : entries[index].loadedCardFingerprint
        }
    }

    /// The part of a text that lists show: the excerpt, the summary (search shards), whether
    /// there is more and the reading time. Not the word count, which only the entry's page shows.
    /// Fed part by part (made at loading for every entry of a first build).
    static func card(of body: RenderedBody) -> String {
        var hasher = Fingerprinter()
        feed(body.excerptHTML, into: &hasher)
        feed(body.summary, into: &hasher)
        withUnsafeBytes(of: (body.hasMore ? 1 : 0, body.readingMinutes)) { hasher.update(bufferPointer: $0) }
        return code(hasher.finalize())
    }

    /// Every entry's task items, as the tasks pages list them: a page that shows them reads this
    /// (`BodyReads.noteTasks`) instead of all 10,000 texts, so editing a body without tasks keeps it.
    static func tasks(of entries: [Entry]) -> String {
        var hasher = Fingerprinter()
        for index in entries.indices where !entries[index].body.tasks.isEmpty {
            let own = entries[index].loadedTasksFingerprint.isEmpty ? tasks(of: entries[index].body.tasks) : entries[index].loadedTasksFingerprint
            // By name: an entry added before it does not change the line ("path own\n", fed in
            // parts rather than put together for each entry).
            entries[index].relativePath.withUTF8Bytes { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            hasher.update(data: space)
            own.withUTF8Bytes { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            hasher.update(data: newline)
        }
        return code(hasher.finalize())
    }

    /// One entry's task items, as the tasks pages show them.
    static func tasks(of items: [TaskItem]) -> String {
        guard !items.isEmpty else { return "" }
        // The same bytes as fed field by field (each text ends with a 0), hashed at once: five
        // updates and two small arrays a task cost more than the hashing (the empty-cache build's
        // largest extra, 40 ms of CPU at 10k entries).
        let bytes = CompactSink(capacity: items.count * 96)
        func add(_ text: String) {
            bytes.utf8(text)
            bytes.byte(0)
        }
        for index in items.indices {
            add(items[index].text)
            bytes.byte(items[index].isDone ? 1 : 0)
            bytes.byte(items[index].isImportant ? 1 : 0)
            add(items[index].due?.description ?? "")
            add(items[index].assignee ?? "")
            add(items[index].anchor)
            add(items[index].parent ?? "")
        }
        return code(Fingerprinter.hash(data: bytes))
    }

    static func text(of body: RenderedBody) -> String {
        fingerprint(of: [body.html, body.excerptHTML, body.summary, body.firstHeading ?? "\u{0}",
                         "\(body.wordCount) \(body.hasMore) \(body.hasGalleryMarker)"] + body.images.flatMap({ [$0.source, $0.alt, "\($0.line):\($0.column)"] })
                    + body.tasks.map({ "\($0.text) \($0.isDone) \($0.isImportant) \($0.due?.description ?? "") \($0.assignee ?? "") \($0.line):\($0.column) \($0.anchor) \($0.parent ?? "")" })
                    + body.links.map({ "\($0.target) \($0.isWiki) \($0.line):\($0.column)" }) + [body.anchors.joined(separator: " ")])
    }

    /// The build's inputs in words (`extra`: options, day, stylesheet address...), the journal's
    /// files besides entries and media (`files`), and what loading made of `entries` and `more`
    /// (their front matter, addresses and titles): the site record leaves the entries to `list`
    /// and the own pages; the private part's memo takes them all.
    static func journal(entries: [Entry], more: [Entry] = [], extra: [String], files: [String]) -> String {
        var hasher = Fingerprinter()
        for part in extra + [JournalgenVersion.current, BinaryIdentity.current] { feed(part, into: &hasher) }
        for file in files {
            hasher.update(data: Data((EntryCache.Stamp(path: file).line + "\n").utf8))
        }
        // What the site model adds to a loaded entry follows from the entry, the settings and its
        // address: the fingerprint from loading, the address and the title it gets suffice.
        // Fields read where they are: taking the entry into a local copied it whole. Hashed by
        // runs of entries on all cores, each part fed as it is (no line put together first).
        // Field by field: an array of the three for each entry was most of this.
        @Sendable func feedEntry(_ list: [Entry], _ i: Int, into part: inout Fingerprinter) {
            feed(list[i].loadedFingerprint.isEmpty ? SiteFingerprint.meta(of: list[i]) : list[i].loadedFingerprint, into: &part)
            feed(list[i].sitePath, into: &part)
            feed(list[i].title, into: &part)
        }
        let total = entries.count + more.count, run = 256
        let runs: [[UInt8]] = parallelMap(Array(stride(from: 0, to: total, by: run))) { start in
            var part = Fingerprinter()
            for index in start..<min(start + run, total) {
                if index < entries.count { feedEntry(entries, index, into: &part) } else { feedEntry(more, index - entries.count, into: &part) }
            }
            return Array(part.finalize())
        }
        for digest in runs { hasher.update(data: digest) }
        return code(hasher.finalize())
    }

    /// The parts of the fingerprints made of the model alone: each entry's digest and page
    /// fingerprint, the groups' and the tasks'.
    struct ModelParts: Sendable {
        var entries: (ids: [String], list: String, pages: [String], own: [UInt8])
        var groups: (names: [String], pages: [String])
        var tasks: String

        /// The model's, made once for it (see SiteModel.fingerprintParts).
        static func of(_ model: SiteModel) -> ModelParts {
            if let made = model.fingerprintParts.withLock({ $0 }) { return made }
            let entries = SiteFingerprint.entries(of: model)
            let made = ModelParts(entries: entries, groups: SiteFingerprint.groups(of: model, own: entries.own),
                                  tasks: SiteFingerprint.tasks(of: model.entries))
            model.fingerprintParts.withLock { $0 = made }
            return made
        }
    }

    /// Each entry's id (its file, relative to entries/); what every list shows of the entries:
    /// each one's front matter, address and title, in order; and by entry, what its own page
    /// shows of the others: that of its older and newer neighbours and of the entries that link
    /// to it (the links themselves are in the journal's fingerprint, see `linkDigest`).
    /// `own`: each entry's digest, one after the other, for `groups(of:own:)`.
    static func entries(of model: SiteModel) -> (ids: [String], list: String, pages: [String], own: [UInt8]) {
        let entries = model.entries, backlinks = model.backlinks
        let count = entries.count, size = Fingerprinter.byteCount
        // By runs of entries on all cores, each with one buffer for the bytes it hashes: an array
        // for each entry's parts and digest was most of the work.
        let runs = Array(stride(from: 0, to: count, by: 256))
        // Each entry's own digest, one after the other: its file, what loading made of it (its
        // front matter), its address and its title, each part ending with a 0. Fields read where
        // they are: taking an entry into a local copies it whole.
        let own: [UInt8] = Array(parallelMap(runs) { start in
            var digests: [UInt8] = [], bytes: [UInt8] = []
            digests.reserveCapacity(256 * size)
            bytes.reserveCapacity(512)
            func add(_ part: String) {
                bytes.append(contentsOf: part.utf8)
                bytes.append(0)
            }
            for index in start..<min(start + 256, count) {
                bytes.removeAll(keepingCapacity: true)
                add(entries[index].relativePath)
                add(entries[index].loadedFingerprint.isEmpty ? meta(of: entries[index]) : entries[index].loadedFingerprint)
                add(entries[index].sitePath)
                add(entries[index].title)
                Fingerprinter.hash(data: bytes).withUnsafeBytes { digests.append(contentsOf: $0) }
            }
            return digests
        }.joined())
        // An entry's page: its own digest, its older and newer neighbours' (zeros for none), those
        // of the entries linking to it.
        let pages: [String] = Array(parallelMap(runs) { start in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(8 * size)
            func add(_ index: Int) {
                if index >= 0 && index < count {
                    bytes.append(contentsOf: own[index * size..<(index + 1) * size])
                } else {
                    bytes.append(contentsOf: repeatElement(0, count: size))
                }
            }
            return (start..<min(start + 256, count)).map { index in
                bytes.removeAll(keepingCapacity: true)
                for place in [index, index + 1, index - 1] + backlinks[index] { add(place) }
                return code(Fingerprinter.hash(data: bytes))
            }
        }.joined())
        return (entries.indices.map { entries[$0].relativePath }, code(Fingerprinter.hash(data: own)), pages, own)
    }

    /// A year's group: its pages' and its search file's.
    static func yearGroup(_ year: Int) -> String { "year \(year)" }

    /// The part of the journal a page of `job` shows by itself, if it is one: the pages of a
    /// trip, of a year and its months (which show the year's months and counts), of a tag, the
    /// tasks pages, the photos pages (the entries with photos or videos), the themes' pages
    /// (the entries with a theme: each page lists every theme), the places page (the entries
    /// with a place), the List of Glory's and the revisits' pages (the entries with `glory:`,
    /// with `revisit:`). Any other page shows the list of entries.
    static func group(of job: PageJob, in model: SiteModel) -> String? {
        switch job {
        case .trip(let i): return "trip " + model.views.trips.trips[i].id
        case .year(let y), .month(let y, _): return yearGroup(model.years[y].year)
        case .tag(let t, _): return "tag " + model.tags[t].slug
        case .tasks, .doneTasks: return "tasks"
        case .photos: return "photos"
        case .theme: return "themes"
        // The home page shows the newest entries and what is new (not a group); an older page,
        // its own (SiteModel.homeEntries), under a number that stays its own.
        case .home(let page) where page > 1: return "home \(model.homeBlock(page))"
        // A year's moods: its timeline and its year in pixels are made of its own days.
        case .moodYear(let y): return "mood year \(model.views.moodYears[y])"
        // The mood log's lines come from its files, which the journal's fingerprint covers, and
        // from no entry.
        case .moodLog: return "mood log"
        // The places: the entries with a place it lists (PlaceIndex).
        case .places: return "places"
        // The List of Glory and the entries to read again: their own entries (which of them are
        // due or realised by the build day, the pages note that they read the day).
        case .glory: return "glory"
        case .revisit: return "revisit"
        default: return nil
        }
    }

    /// Each group's name, and what its pages show of the entries: those of its entries, in its
    /// order (a trip's days, places, tracks and photos come from them, and its description from its
    /// file, which the journal's fingerprint covers; the task items are one more text).
    /// `own`: as `entries(of:)` gives it.
    static func groups(of model: SiteModel, own: [UInt8]) -> (names: [String], pages: [String]) {
        let size = Fingerprinter.byteCount
        var groups = model.views.trips.trips.map { ("trip " + $0.id, $0.entries) }
        let years = model.years.map { year in (year.year, year.months.flatMap(\.entries)) }
        groups += years.map { (yearGroup($0.0), $0.1) }
        groups += model.tags.map { ("tag " + $0.slug, $0.entries) }
        let entries = model.entries
        groups.append(("tasks", entries.indices.filter { !entries[$0].body.tasks.isEmpty }))
        groups.append(("photos", entries.indices.filter { entries[$0].media.hasPicture }))
        groups.append(("themes", entries.indices.filter { entries[$0].theme != nil }))
        groups.append(("places", entries.indices.filter { entries[$0].place.flatMap(PlaceIndex.name(of:)) != nil }))
        groups.append(("glory", entries.indices.filter { entries[$0].glory != nil }))
        groups.append(("revisit", entries.indices.filter { entries[$0].revisit != nil }))
        groups.append((ReminderCalendar.group, entries.indices.filter { entries[$0].revisit != nil || !entries[$0].body.tasks.isEmpty }))
        // The files beside the pages that show a part of the journal (SiteDocument.group): each
        // month's "On this day" (the entries of that month, every year), the feeds' entries.
        var months = Array(repeating: [Int](), count: 12)
        for index in entries.indices { months[entries[index].date.day.month - 1].append(index) }
        groups += months.enumerated().map { (SearchIndex.monthGroup($0 + 1), $1) }
        groups.append((AtomFeed.group(path: "feed.xml"), AtomFeed(model: model).entries))
        for i in model.views.authors.listed {
            groups.append((AtomFeed.group(path: AtomFeed.path(author: model.views.authors.people[i].author)), AtomFeed(model: model, author: i).entries))
        }
        // The older home pages. The newest of them links the home page as the newer one, the
        // others the page after theirs: marked, it changes when a page comes after it.
        for page in 2..<(model.homePageCount + 1) {
            groups.append(("home \(model.homeBlock(page))", Array(model.homeEntries(page))))
        }
        // Each year's entries, as its year page's (the mood history's days come from them and
        // from the mood log, a file of the journal's fingerprint); every year's page links the
        // others. A year of the mood log alone has no entries.
        var marks: [String: String] = [:]
        if model.views.hasMoods {
            let byYear = Dictionary(years, uniquingKeysWith: { a, _ in a })
            let linked = model.views.moodYears.map(String.init).joined(separator: " ")
            for year in model.views.moodYears {
                groups.append(("mood year \(year)", byYear[year] ?? []))
                marks["mood year \(year)"] = linked
            }
        }
        groups.append(("mood log", []))
        if model.config.reminders != nil { marks[ReminderCalendar.group] = ReminderCalendar.firstDay(of: model)?.description ?? "" }
        if model.homePageCount > 1 { marks["home \(model.homeBlock(2))"] = "newest" }
        let pages = groups.map { name, entries in
            var bytes = Array(name.utf8) + [0]
            if let mark = marks[name] { bytes += Array(mark.utf8) + [0] }
            bytes.reserveCapacity(bytes.count + entries.count * size)
            for entry in entries { bytes.append(contentsOf: own[entry * size..<(entry + 1) * size]) }
            return code(Fingerprinter.hash(data: bytes))
        }
        return (groups.map(\.0), pages)
    }

    /// What an entry's own page shows of the journal's views: its trip's title and address, its
    /// mood's page, its authors' names, pages and photos. A change there (the first entry of a
    /// new trip or mood) renders every page again.
    static func views(of model: SiteModel) -> String {
        let views = model.views
        var parts = views.trips.trips.map { "trip \($0.id) \($0.title) \($0.sitePath)" }
        parts += views.moodGroups.map { "mood \($0.value) \($0.sitePath)" }
        parts.append("authors \(views.authors.isEmpty)")
        for id in views.authors.byID.keys.sorted() {
            guard let author = AuthorLinkView.make(id, model: model) else { continue }
            parts.append((["author", id] + ["name", "url", "colour", "photo"].map { author.value($0)?.renderedText ?? "-" }).joined(separator: " "))
        }
        return fingerprint(of: parts)
    }

    /// Everything loading made of an entry but its text.
    static func meta(of entry: Entry) -> String {
        let sink = CompactSink(capacity: 2048)
        entry.write(compact: sink, text: false)
        return code(Fingerprinter.hash(data: sink))
    }

    /// The journal's files other than entries and media that pages are made from.
    static func inputFiles(journal: String) -> [String] {
        var files = [journal + "/" + JournalConfig.fileName, journal + "/moods.log"]
        for folder in ["templates", "themes", "i18n", "trips", "moods", "static"] {
            files += FileIO.listFiles(below: journal + "/" + folder) { _ in true }.sorted().map { journal + "/" + folder + "/" + $0 }
        }
        return files
    }
}

/// One build's fingerprints, and the manifest of the site in place (the last build's), whose
/// pages are kept where their inputs are the same.
final class SiteFingerprints: Sendable {
    let journalPath: String
    /// This build's inputs, as the manifest it saves will list them (with no pages yet).
    var now: SiteManifest { compared.manifest }
    private let compared: SiteManifest.Now
    let previous: SiteManifest?
    let previousIndex: [String: Int]
    let session: BuildSession?

    /// `session`: serve's, which keeps the manifests it saved, so a save does not read back and
    /// decode tens of thousands of pages' records it wrote a moment ago.
    /// `loaded`: the site in place's manifest, read ahead by the caller (see SiteInPlaceRecords).
    /// `templates`: the build's, whose fingerprints follow the texts, the task items and the day
    /// (pages name the templates they were made with by those places); their files are then left
    /// out of `journal`. `day`: the build day, which pages that show something of it read.
    /// `siteValues`: the site-wide values as text (SiteView.valueTexts), after the templates.
    /// `pages`: the site's pages' paths, in order (what the sitemap lists).
    init(model: SiteModel, journal: String, siteInPlace previousID: String?, extra: [String], day: String, pages: [String], templates: TemplateSet? = nil,
         siteValues: [String] = [], session: BuildSession? = nil, loaded: (id: String, manifest: SiteManifest)? = nil) {
        journalPath = journal
        self.session = session
        var files = SiteFingerprint.inputFiles(journal: journal)
        if templates != nil { files.removeAll { TemplateSet.isTemplateFile(String($0.dropFirst(journal.count + 1))) } }
        let parts = SiteFingerprint.ModelParts.of(model)
        let entries = parts.entries
        let fingerprint = SiteFingerprint.journal(entries: [], extra: extra + [(templates?.names ?? []).joined(separator: " "), SiteFingerprint.views(of: model)],
                                                  files: files)
        // The entries' texts and what their cards show of them; then three more "texts": all their
        // task items, which the tasks pages show, the build day, and the list of pages; then each
        // template's, which the pages made with it list among their reads, and each site-wide
        // value's (which pages read as one number, `siteValuesRead`).
        let texts = SiteFingerprint.texts(of: model.entries) + SiteFingerprint.cards(of: model.entries)
            + [parts.tasks, day, SiteFingerprint.fingerprint(of: pages)] + (templates?.fingerprints ?? [])
            // Fingerprinted: a value can be long (the moods' style sheet), and every page compares the ones it shows.
            + siteValues.map { SiteFingerprint.fingerprint(of: [$0]) }
        let groups = parts.groups
        let now = SiteManifest(journal: fingerprint, ids: entries.ids, list: entries.list, groups: groups.names, ownPages: entries.pages + groups.pages,
                               texts: texts, pages: [], reads: [], files: [])
        let previous = previousID.flatMap { id in
            session?.manifest(id: id) ?? (loaded?.id == id ? loaded?.manifest : nil) ?? SiteManifest.load(journal: journal, id: id)
        }
        self.previous = previous
        previousIndex = previousID.flatMap { session?.pageIndex(id: $0) } ?? previous?.pageIndex ?? [:]
        // The site-wide values are the last texts.
        var changedValues: UInt64 = 0
        if let previous {
            let old = previous.texts.count - siteValues.count, new = texts.count - siteValues.count
            for bit in siteValues.indices where old < 0 || previous.texts[old + bit] != texts[new + bit] { changedValues |= 1 << UInt64(bit) }
        }
        // None when the same list (or the same ids) names the same entries in the same order.
        var places: [Int]?
        if let previous, previous.list != entries.list, previous.ids != entries.ids {
            let index = Dictionary(entries.ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            places = previous.ids.map { index[$0] ?? -1 }
        }
        let groupIndex = Dictionary(groups.names.enumerated().map { ($1, entries.ids.count + $0) }, uniquingKeysWith: { a, _ in a })
        compared = SiteManifest.Now(
            manifest: now, places: places, groupIndex: groupIndex, groupPlaces: previous?.groups.map { groupIndex[$0] ?? -1 } ?? [],
            sameTexts: previous?.texts == texts, changedValues: changedValues)
    }

    /// The own page (by its place among `now`'s) that a page of `job` reads instead of the whole
    /// list: an entry's, or its group's (SiteFingerprint.group); nil for a page that shows every entry.
    func ownPage(of job: PageJob, in model: SiteModel) -> Int? {
        if case .entry(let i) = job { return i }
        return SiteFingerprint.group(of: job, in: model).flatMap(ownPage(ofGroup:))
    }

    /// The own page of a group by its name (a SiteDocument's), by its place among `now`'s.
    func ownPage(ofGroup name: String) -> Int? { compared.groupIndex[name] }

    /// The page's reads, in this build's numbering, if the site in place has it as this build
    /// would write it (it is then kept); nil when it must be rendered.
    func keep(_ path: String, in output: StagedOutput) -> [Int]? {
        guard let reads = unchangedReads(of: path), output.keep(path) else { return nil }
        return reads
    }

    /// The page's reads, in this build's numbering, if the site in place has it as this build
    /// would write it; nothing is asked of the folder (a whole twin holds it: `keepWholeTwin`).
    func unchangedReads(of path: String) -> [Int]? {
        guard let previous, let page = previousIndex[path] else { return nil }
        return previous.currentReads(of: page, now: compared)
    }

    /// The files of the site in place, when its manifest says: the reused folder holds no others
    /// (a spare keeps only files it shares with the site in place).
    var siteInPlaceFiles: Set<String>? { previous.map { Set($0.files) } }

    /// What the site in place, refreshed where it stands (InPlaceRefresh), was built from, as
    /// saved (`SiteManifest.save`): its files and their sources are the ones its manifest lists
    /// already. Nil without that manifest.
    func encodedInPlace(pages: [String], reads: [[Int]]) -> CompactSink? {
        previous.map { now.with(pages: pages, reads: reads, files: $0.files, copySources: $0.copySources, savedFiles: $0.savedFiles).encoded() }
    }

    /// Records what the new site was built from, under the id of its marker.
    /// `files`: every file of the folder; `sources`: for each of them, as SiteManifest.copySources
    /// holds them (or empty).
    func save(pages: [String], reads: [[Int]], files: [String], copySources sources: [Int], output: StagedOutput) {
        let manifest = now.with(pages: pages, reads: reads, files: files, copySources: sources)
        // serve's next build reads the manifest from memory; the copy on disk, for the next
        // process, is written when the journal is quiet (BuildSession.writeManifest).
        if let session {
            session.remember(manifest, id: output.id, journal: journalPath, consumed: output.consumedID)
            return
        }
        manifest.save(journal: journalPath, id: output.id)
        if let old = output.consumedID { SiteManifest.remove(journal: journalPath, id: old) }
        SiteManifest.pruneRecords(journal: journalPath, keeping: [output.id] + (output.targetID.map { [$0] } ?? []))
    }
}
