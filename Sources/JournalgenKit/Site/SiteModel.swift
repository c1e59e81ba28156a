import Synchronization
import Foundation

/// The journal as the site shows it: published entries, newest first, and the groupings the
/// pages are made of. Built once; every page reads from it.
public final class SiteModel: Sendable {
    public struct Tag: Sendable {
        public var name: String
        public var slug: String
        /// Indexes into `entries`, newest first.
        public var entries: [Int]
        public var sitePath: String { "tags/\(slug)/" }
    }

    public struct Month: Sendable {
        public var year: Int
        public var month: Int
        public var entries: [Int]
        public var sitePath: String { "\(pad(year, 4))/\(pad(month, 2))/" }
    }

    public struct Year: Sendable {
        public var year: Int
        /// Newest month first.
        public var months: [Month]
        public var entryCount: Int { months.reduce(0) { $0 + $1.entries.count } }
        public var sitePath: String { "\(pad(year, 4))/" }
    }

    public let config: JournalConfig
    /// The mood levels' CSS, in every page's head: made once, not per page.
    let moodStyle: String
    /// Newest first.
    public let entries: [Entry]
    public let years: [Year]
    /// By name, case-insensitively.
    public let tags: [Tag]
    public let links: SiteLinks
    /// Moods, glory, revisits, trips, places: the journal's own views.
    public let views: JournalViews
    /// How the long lists (tags, moods, themes, photos, mood log) are cut into pages.
    public let listPages: ListPages
    /// The `moods.log` lines published, as given (the loader's are by time); `listPages.moodLog`
    /// names them newest first.
    public let moodLog: [MoodLogLine]
    /// Each entry's card and row HTML, rendered once and reused by every list that shows it.
    public let fragments = EntryFragments()
    /// What the page fingerprints take from the model alone (SiteFingerprint.ModelParts), made
    /// once and handed on by `reusing`: a save that changes only texts need not hash 50,000
    /// entries again (a tenth of a second of CPU at 50,000 entries).
    let fingerprintParts = Mutex<SiteFingerprint.ModelParts?>(nil)
    /// Each entry's place in `entries` by its file (relative to entries/), made once and handed
    /// on by `reusing` (its entries keep their places): a save finds its entries without reading
    /// 50,000 others (`serve` makes it between saves).
    private let positions = Mutex<[String: Int]?>(nil)

    func entryPositions() -> [String: Int] {
        positions.withLock { known in
            if let known { return known }
            var made: [String: Int] = [:]
            made.reserveCapacity(entries.count)
            for index in entries.indices { made[entries[index].relativePath] = index }
            known = made
            return made
        }
    }
    /// The locked page that lists the private entries ("private/"), when the journal has any.
    public let privateIndexPath: String?
    /// Labels, dates and numbers in the journal's language.
    public let localization: Localization
    /// "Lena’s journal", once for every page's footer.
    public let journalTitle: String?
    /// For each entry, the entries that link to it ("Linked from"), newest first.
    public let backlinks: [[Int]]
    /// Links of the entries that lead nowhere (errors) or to a draft (warnings).
    let linkProblems: [LinkResolver.Problem]
    /// What the tasks pages show of each entry with tasks (`TaskEntryTexts`), made when the
    /// first task is shown.
    let taskEntryTexts: SideWork<[TaskEntryTexts?]>
    /// Every resolved link, for the page fingerprints: a link added anywhere changes backlinks.
    let linkDigest: String

    /// Models alive now: `serve` builds one per save, and each must be freed when its build ends
    /// (a test holds it to zero after builds; a reference cycle once kept them all).
    static let alive = Atomic<Int>(0)

    deinit { Self.alive.wrappingSubtract(1, ordering: .relaxed) }

    /// `today` is the build day: streaks, revisits and "On this day" are as of it.
    /// `unsorted`: taken over; a caller that hands over its only reference saves a copy of
    /// every entry (the model changes them: addresses, media sizes, resolved links).
    /// `eagerViews`: whether the views that only their own pages show (moods, tasks, places) are
    /// begun on another core at once, as a first build wants, or made when first read, as a build
    /// after an edit wants: it renders those pages only when what they show changed.
    /// `onlyLockedMedia`: only the private entries' media are placed (the private part's model,
    /// whose pages show no other entry's photos: at 10k entries placing them all was 30 ms of CPU
    /// in a first build, beside the public model placing the same ones).
    public init(config: JournalConfig, entries unsorted: consuming [Entry], moodLog: [MoodLogLine] = [], trips: [String: TripInfo] = [:], today: CalendarDay? = nil,
                privateIndexPath: String? = nil, localization: Localization = .english, authorPhotos: [String: MediaItem] = [:],
                elsewhere: [String: LinkResolver.Elsewhere] = [:], eagerViews: Bool = true, onlyLockedMedia: Bool = false) {
        Self.alive.wrappingAdd(1, ordering: .relaxed)
        self.config = config
        moodStyle = MoodTables.levelStyle(config.moods)
        self.localization = localization
        self.journalTitle = config.author.map(localization.journalOf)
        self.privateIndexPath = privateIndexPath
        var entries = consume unsorted
        for index in entries.indices where entries[index].titleIsDate {
            entries[index].title = localization.longDate(entries[index].date.day)
        }
        let order = Permalinks.oldestFirst(entries)
        // The mood history, the largest view, begins now on another core (when eager): it takes
        // each entry's date, mood and tags in the order the entries take below, which the steps
        // before the views leave as they are. Begun with the views, it was the last of them to end.
        let count = entries.count, day = today ?? config.timeZone.today()
        let history = MoodHistory.Pending(scale: config.moods, moods: (0..<count).map { place in
            let index = order[count - 1 - place]
            return MoodHistory.EntryMood(date: entries[index].date, mood: entries[index].mood, tags: entries[index].tags)
        }, log: moodLog, today: day, offered: eagerViews)
        Permalinks.assign(&entries, order: order)
        let media = config.media
        parallelUpdate(&entries) { if !onlyLockedMedia || $0.lockToken != nil { Self.placeMedia(of: &$0, settings: media) } }
        // Newest first, each entry moved once (a sort moves these large values many times).
        entries.permute(to: order.reversed())
        let links = SiteLinks(config: config)
        for index in entries.indices where !entries[index].bodyImages.isEmpty && (!onlyLockedMedia || entries[index].lockToken != nil) {
            entries[index].body = BodyImages.place(entries[index].bodyImages, in: entries[index].body, links: links)
        }
        var trips = trips
        let resolved = LinkResolver.resolve(&entries, trips: &trips, elsewhere: elsewhere, links: links)
        backlinks = resolved.backlinks
        linkProblems = resolved.problems
        linkDigest = resolved.digest
        self.entries = entries
        self.links = links

        // Years and tags on another core while the views are made on this one.
        let placed = entries
        let grouped = SideWork { (years: Self.years(of: placed), tags: Self.tags(of: placed)) }
        // Beside the author's page, whichever folder it came from.
        var photos = authorPhotos
        for (id, var photo) in authorPhotos {
            photo.sitePath = "authors/\(id)/" + (photo.source as NSString).lastPathComponent
            if let info = photo.photo { photo.sizes = ImageSize.sizes(of: info, sitePath: photo.sitePath, settings: config.media) }
            photos[id] = photo
        }
        views = JournalViews(config: config, entries: entries, moodLog: moodLog, trips: trips, today: day,
                             authorPhotos: photos, history: history, eager: eagerViews)
        (years, tags) = grouped.value
        self.moodLog = moodLog
        listPages = ListPages(entries: entries, tags: tags, views: views, moodLog: moodLog, paging: config.paging)
        taskEntryTexts = TaskEntryTexts.pending(entries: entries, links: links, localization: localization)
    }

    /// By each entry's own day: in time order, an entry written just after midnight in Tokyo
    /// comes before one written the evening before in New York, and the two months (or years)
    /// interleave around the turn.
    private static func years(of entries: [Entry]) -> [Year] {
        var byMonth: [Int: [Int]] = [:]
        for index in entries.indices {
            let day = entries[index].date.day
            byMonth[day.year * 100 + day.month, default: []].append(index)
        }
        var years: [Year] = []
        for key in byMonth.keys.sorted(by: >) {
            let year = key / 100
            if years.last?.year != year { years.append(Year(year: year, months: [])) }
            years[years.count - 1].months.append(Month(year: year, month: key % 100, entries: byMonth[key]!))
        }
        return years
    }

    private static func tags(of entries: [Entry]) -> [Tag] {
        var tags: [Tag] = [], numbers = TagNumbers()
        for index in entries.indices {
            for name in entries[index].tags {
                let (tag, newSlug) = numbers(name)
                if let newSlug { tags.append(Tag(name: name, slug: newSlug, entries: [])) }
                if tags[tag].entries.last != index { tags[tag].entries.append(index) }
            }
        }
        return tags.sorted { ($0.name.lowercased(), $0.slug) < ($1.name.lowercased(), $1.slug) }
    }

    /// This model with other entries in the same places: `SiteModel.reusing` decides when that
    /// is the model the entries would make.
    private init(_ model: SiteModel, entries: [Entry]) {
        Self.alive.wrappingAdd(1, ordering: .relaxed)
        config = model.config
        moodStyle = model.moodStyle
        self.entries = entries
        years = model.years
        tags = model.tags
        links = model.links
        views = model.views
        listPages = model.listPages
        moodLog = model.moodLog
        privateIndexPath = model.privateIndexPath
        localization = model.localization
        journalTitle = model.journalTitle
        backlinks = model.backlinks
        linkProblems = model.linkProblems
        linkDigest = model.linkDigest
        taskEntryTexts = TaskEntryTexts.pending(entries: entries, links: model.links, localization: model.localization)
    }

    /// The model the loaded entries would make, from `model`, which was made of the same journal
    /// but for the texts of the entries `reload` loaded again: nil unless each edit left
    /// everything the model derives from an entry as it was. What the model takes from a text:
    /// its tasks (the tasks pages), its links and anchors (links between entries and "Linked
    /// from"), and its photos' places in the body. Anything else of the text shows only on
    /// pages, which the page fingerprints re-render.
    /// An entry loaded again with the front matter and media it had (its loaded fingerprint)
    /// is published, or left out, as before: the model has it in the same place or not at all,
    /// and the others are the last load's. `publishedCount`: the entries this build publishes,
    /// which must be the model's.
    /// `spare`: a copy of the model's entries that no one else holds, taken and patched in place.
    static func reusing(_ model: SiteModel, publishedCount: Int, reload: LoadedJournal.Reload, entries spare: inout [Entry]?) -> SiteModel? {
        guard publishedCount == model.entries.count, !reload.files.isEmpty, reload.onlyTexts else { return nil }
        let positions = model.entryPositions()
        var changes: [(Int, Entry)] = []
        for (file, loaded) in zip(reload.files, reload.entries) {
            guard let entry = loaded else { return nil }
            // One the model does not have (private, a draft, dated after the build day) is left
            // out again: it kept its front matter, and the key the model was kept under names the
            // entries left out or locked (a private text sealed again keeps the public model).
            guard let index = positions[file] else { continue }
            let old = model.entries[index]
            guard entry.loadedFingerprint == old.loadedFingerprint, entry.loadedTasksFingerprint == old.loadedTasksFingerprint,
                  entry.body.links.isEmpty, old.body.links.isEmpty, entry.body.anchors == old.body.anchors else { return nil }
            changes.append((index, entry))
        }
        var entries = spare.take() ?? model.entries
        for (index, entry) in changes {
            let placed = entries[index].bodyImages
            entries[index].body = placed.isEmpty ? entry.body : BodyImages.place(placed, in: entry.body, links: model.links)
            entries[index].loadedTextFingerprint = entry.loadedTextFingerprint
            entries[index].loadedCardFingerprint = entry.loadedCardFingerprint
        }
        let reused = SiteModel(model, entries: entries)
        // Only these entries changed, and only in their texts; templates and theme did not (the
        // model is not reused otherwise): every other entry's card and row are as they were.
        reused.fragments.inherit(from: model.fragments, except: Set(changes.map(\.0)))
        // The fingerprints' parts too: made of what the edits left as it was (each entry's
        // front matter, address, title and links; the groupings; the tasks, which the guard
        // above compares by the fingerprint loading gives every entry with its front matter's).
        let parts = model.fingerprintParts.withLock { $0 }
        reused.fingerprintParts.withLock { $0 = parts }
        reused.positions.withLock { $0 = positions }
        return reused
    }

    /// "Hike" and "hike" share one tag page.
    static func tagSlug(_ name: String) -> String {
        let slug = Slug.make(name)
        return slug.isEmpty ? "tag" : slug
    }

    /// Tags numbered in the order they first appear, names with the same slug ("Hike", "hike")
    /// one tag. A name seen before is one look-up: by slug each time, it was three (the name's
    /// slug, then the tag twice), 57,000 at 10k entries.
    struct TagNumbers {
        private var byName: [String: Int] = [:], bySlug: [String: Int] = [:]

        /// The tag's number, and its slug when it is a new tag (the caller adds it, as number
        /// `bySlug.count - 1`).
        mutating func callAsFunction(_ name: String) -> (number: Int, newSlug: String?) {
            if let known = byName[name] { return (known, nil) }
            let slug = SiteModel.tagSlug(name)
            let known = bySlug[slug]
            let number = known ?? bySlug.count
            if known == nil { bySlug[slug] = number }
            byName[name] = number
            return (number, known == nil ? slug : nil)
        }
    }

    /// Bundle files sit beside the entry's page (`2026/04/03/kyoto/torii.jpg`), shared ones under `media/`.
    static func placeMedia(of entry: inout Entry, settings: ImageSettings) {
        placeMedia(&entry.media, owner: entry.filePath, page: entry.sitePath, settings: settings, lockToken: entry.lockToken)
        guard !entry.bodyImages.isEmpty else { return }
        placeMedia(&entry.bodyImages, owner: entry.filePath, page: entry.sitePath, settings: settings, lockToken: entry.lockToken)
    }

    /// Files of a bundle folder go beside `page`; files from media/ keep their media/ path.
    /// A private page's files all go beside it, under names that say nothing of the originals.
    static func placeMedia(_ media: inout [MediaItem], owner filePath: String, page: String, settings: ImageSettings, lockToken: String? = nil) {
        let bundle = MediaResolver.bundleFolder(of: filePath) + "/"
        func sitePath(_ file: String?, _ name: String) -> String? {
            guard let path = file else { return nil }
            if let lockToken { return page + LockedNames.fileName(token: lockToken, path: path) }
            return path.hasPrefix(bundle) ? page + String(path.utf8.dropFirst(bundle.utf8.count))! : "media/" + (name.hasPrefix("./") ? String(name.dropFirst(2)) : name)
        }
        for i in media.indices {
            media[i].sitePath = sitePath(media[i].filePath, media[i].source) ?? ""
            media[i].posterSitePath = media[i].poster.flatMap { sitePath(media[i].posterPath, $0) }
            if let photo = media[i].photo {
                media[i].sizes = ImageSize.sizes(of: photo, sitePath: media[i].sitePath, settings: settings)
            }
            if let poster = media[i].posterPhoto {
                // A frame taken from the video is named after it: "walk.mp4" gives "walk-poster-960.jpg".
                let video = media[i].sitePath
                let stem = video.lastIndex(ofByte: 0x2E).map { String(video[..<$0]) } ?? video
                let path = media[i].posterFrame == nil ? media[i].posterSitePath ?? "" : stem + "-poster.jpg"
                media[i].posterSizes = ImageSize.sizes(of: poster, sitePath: path, settings: settings)
            }
            if let lockToken {
                // Not even the width in a private file's name.
                media[i].sizes = LockedNames.hidingWidths(media[i].sizes, token: lockToken, page: page)
                media[i].posterSizes = LockedNames.hidingWidths(media[i].posterSizes, token: lockToken, page: page)
            }
        }
    }

    /// The id of an entry's card or row in lists, "e-2026-04-03-kyoto": month pages can be
    /// linked at a given day.
    public static func anchor(_ entry: Entry) -> String { anchor(sitePath: entry.sitePath) }

    static func anchor(sitePath: String) -> String {
        // Byte by byte (the path's parts joined by "-", empty ones left out): splitting into
        // substrings and joining them was a tenth of the entry cards' rendering, once per list
        // item of every list page.
        // The path's bytes read in place: through the UTF-8 view's iterator, 2,000
        // instructions an anchor.
        return sitePath.withUTF8Bytes { bytes in
            var anchor: [UInt8] = [UInt8(ascii: "e"), UInt8(ascii: "-")]
            anchor.reserveCapacity(bytes.count + 2)
            var atStart = true, dashPending = false
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == UInt8(ascii: "/") {
                    dashPending = !atStart
                    continue
                }
                if dashPending { anchor.append(UInt8(ascii: "-")) }
                anchor.append(byte)
                atStart = false
                dashPending = false
            }
            return String(decoding: anchor, as: UTF8.self)
        }
    }

    // MARK: Home pages
    //
    // The home page shows the newest entries; the older ones are cut into pages of `paging.home`
    // counted from the journal's first entry: `page/1/` holds the oldest, and a page keeps its
    // address and its entries as the journal grows. Numbered from the newest, as most blogs do,
    // every page moved by one entry each day a writer added one: at 10,000 entries the build
    // after a new entry rendered all 952 pages again (and a deploy uploaded them), where now it
    // renders the home page, and a new page once every `paging.home` entries. The home page
    // holds what is left over besides: between one and two pages' worth.
    //
    // Pages are numbered 1 (the home page) to `homePageCount` (the oldest) for the renderer.

    /// The home page and the pages of older entries.
    public var homePageCount: Int { 1 + homeOlderPages }

    /// Full pages of `paging.home` entries below the home page.
    private var homeOlderPages: Int { max(0, entries.count / max(1, config.paging.home) - 1) }

    /// The address of page `page`: `""` for the home page, `page/N/` for the others, N counted
    /// from the oldest (`homeBlock`).
    public func homePagePath(_ page: Int) -> String { page <= 1 ? "" : "page/\(homeBlock(page))/" }

    /// Page `page`'s number among the older pages, 1 for the oldest (page `homePageCount`).
    public func homeBlock(_ page: Int) -> Int { homePageCount - page + 1 }

    /// The entries of page `page` (positions in `entries`, newest first).
    public func homeEntries(_ page: Int) -> Range<Int> {
        let size = max(1, config.paging.home)
        let onHome = entries.count - homeOlderPages * size
        if page <= 1 { return 0..<onHome }
        let start = min(entries.count, onHome + (page - 2) * size)
        return start..<min(entries.count, start + size)
    }
}

/// An entry appears on up to five list pages (home, month, year, archive, tags); rendering its
/// card and row once instead of each time halves the template work of a large journal. Each is
/// rendered the first time a page asks for it, so a build that renders ten pages renders only
/// their cards.
public final class EntryFragments: @unchecked Sendable {
    public enum Kind: Sendable {
        case card, row

        /// The template it is rendered with.
        public var template: String { self == .card ? "entry-card" : "entry-row" }
    }

    /// Set once before pages render, read-only after.
    private var maker: (@Sendable (Int, Kind) -> String)?
    /// Two slots per entry (card, row), written once each under the entry's lock.
    private var slots = UnsafeMutableBufferPointer<Fragment?>(start: nil, count: 0)

    /// A card or row, the texts it shows (its entry's card text, or with a template of the
    /// journal's, more), whether it shows something of the build day and which site-wide values
    /// it shows: every page that shows it then does (BodyReads), whichever page made it.
    struct Fragment: Sendable {
        var html: String
        var texts: Set<Int>
        var readsDay: Bool
        var siteValues: UInt64
    }
    /// Striped by entry: two threads rarely want the same lock.
    private let locks = (0..<64).map { _ in NSLock() }

    deinit { release() }

    private func release() {
        guard let base = slots.baseAddress else { return }
        base.deinitialize(count: slots.count)
        slots.deallocate()
    }

    /// The last build's fragments, until the maker is set (see `SiteModel.reusing`).
    private var inherited: [Fragment?]?

    /// Set by `PageRenderer.prepareFragments()` before any page renders.
    func setMaker(count: Int, _ make: @escaping @Sendable (Int, Kind) -> String) {
        release()
        slots = .allocate(capacity: 2 * count)
        if let inherited, inherited.count == 2 * count {
            _ = slots.initialize(from: inherited)
        } else {
            slots.initialize(repeating: nil)
        }
        inherited = nil
        maker = make
    }

    /// Takes the fragments `old` made, except those of the entries `changed` (by index).
    func inherit(from old: EntryFragments, except changed: Set<Int>) {
        guard old.slots.count > 0 else { return }
        var kept = Array(old.slots)
        for index in changed where 2 * index + 1 < kept.count {
            kept[2 * index] = nil
            kept[2 * index + 1] = nil
        }
        inherited = kept
    }

    func fragment(_ index: Int, _ kind: Kind) -> String? {
        guard let maker, index >= 0, 2 * index < slots.count else { return nil }
        // The page shows the fragment, made with its template, whichever page made it.
        BodyReads.noteTemplate(kind.template)
        let slot = 2 * index + (kind == .card ? 0 : 1)
        let lock = locks[index & 63]
        lock.lock()
        let known = slots[slot]
        lock.unlock()
        if let known {
            BodyReads.note(texts: known.texts)
            if known.readsDay { BodyReads.noteDay() }
            BodyReads.noteSiteValues(known.siteValues)
            return known.html
        }
        let (html, noted) = BodyReads.trackingAll { maker(index, kind) }
        BodyReads.note(all: noted)
        lock.lock()
        slots[slot] = Fragment(html: html, texts: noted.indices, readsDay: noted.readsDay, siteValues: noted.siteValues)
        lock.unlock()
        return html
    }
}
