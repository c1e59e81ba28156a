import Foundation

/// The site-wide values every page gets as `site`.
struct SiteView: TemplateObject {
    let model: SiteModel
    let stylesheet: String
    let script: String
    /// Every name's value, worked out once: each page asks for a dozen of them, and each was a
    /// link built again (or a count taken again) on each of the site's 11,000 pages.
    /// By the number of the name's TemplateKey: a dictionary hashed the name at each look.
    private var known = KeyNumberTable<(bit: Int, value: TemplateValue?)>([])
    /// The values worked out once that depend on the build day (the revisits due), as
    /// "name=value": pages show them without noting the day, so they go into every page's
    /// fingerprint instead (SiteManifest).
    private(set) var dayValues: [String] = []

    /// `once`: the view serves many pages, whose values are then worked out here, each once.
    init(model: SiteModel, stylesheet: String, script: String, once: Bool = false) {
        self.model = model
        self.stylesheet = stylesheet
        self.script = script
        guard once else { return }
        let view = self
        var known: [(key: TemplateKey, value: (bit: Int, value: TemplateValue?))] = []
        for (bit, name) in Self.names.enumerated() {
            let (value, noted) = BodyReads.trackingAll { view.compute(name) }
            known.append((Self.keys[bit], (bit, value)))
            guard noted.readsDay else { continue }
            switch value {
            case .text, .number, .bool, .null, nil: dayValues.append("\(name)=\(value?.renderedText ?? "")")
            // Not text: the day itself, which every page then reads.
            case .list, .boxed: dayValues.append("\(name)=\(model.views.today)")
            }
        }
        self.known = KeyNumberTable(known)
    }

    /// At most 64: a page notes the ones it showed as bits.
    private static let names = ["script", "moodStyle", "moodsURL", "moodLogURL", "tripsURL", "placesURL", "gloryURL", "revisitURL", "filterURL", "tasksURL", "authorsURL", "hasTasks", "openTasks", "hasAuthors", "searchURL", "feedURL", "calendarURL", "privateURL", "hasMoods", "hasTrips", "hasPlaces", "hasGlory", "hasRevisits", "revisitsDue", "title", "author", "language", "direction", "homeURL", "archiveURL", "tagsURL", "stylesheet", "faviconURL", "interactiveMap", "journalOf", "hasTags", "entryCount", "extra", "generator"]

    private static let keys = names.map(TemplateKey.init)
    private static let bits = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })

    func value(_ key: String) -> TemplateValue? { value(TemplateKey(key)) }

    /// Notes the value as read by the page being rendered (BodyReads.noteSiteValue).
    func value(_ key: TemplateKey) -> TemplateValue? {
        if let found = known[key] {
            BodyReads.noteSiteValue(found.bit)
            return found.value
        }
        if let bit = Self.bits[key.name] { BodyReads.noteSiteValue(bit) }
        return compute(key.name)
    }

    /// Each of the values in turn as text, for the fingerprints of the pages that show them (see
    /// SiteManifest). Lists and objects (the map's settings, journal.yaml's `extra`) come from
    /// journal.yaml, which every page's fingerprint covers already.
    var valueTexts: [String] {
        Self.names.indices.map { bit in
            switch known[Self.keys[bit]]?.value ?? compute(Self.names[bit]) {
            case .text(let text)?: return "text " + text
            case .number(let number)?: return "number \(number)"
            case .bool(let flag)?: return "bool \(flag)"
            case .null?, nil: return "null"
            case .list?, .boxed?: return "journal.yaml"
            }
        }
    }

    private func compute(_ key: String) -> TemplateValue? {
        let l = model.links
        let views = model.views
        switch key {
        case "script": return .text(script)
        case "moodStyle": return .text(model.moodStyle)
        case "moodsURL": return .text(l.href("moods/"))
        case "moodLogURL": return .text(l.href("mood-log/"))
        case "tripsURL": return .text(l.href("trips/"))
        case "placesURL": return .text(l.href("places/"))
        case "gloryURL": return .text(l.href("glory/"))
        case "revisitURL": return .text(l.href("revisit/"))
        case "filterURL": return .text(l.href("filter/"))
        case "tasksURL": return .text(l.href(TaskPages.openPath))
        case "authorsURL": return .text(l.href("authors/"))
        case "hasTasks": return .bool(!views.taskSummary.isEmpty)
        case "openTasks": return .number(views.taskSummary.open)
        case "hasAuthors": return .bool(!views.authors.listed.isEmpty)
        case "searchURL": return .text(l.href(SearchIndex.folder))
        // Without a host in base_url there is no feed or calendar (they need absolute links).
        case "feedURL": return model.config.absoluteBase.isEmpty ? .null : .text(l.href("feed.xml"))
        case "calendarURL": return model.config.absoluteBase.isEmpty ? .null : .text(l.href("reminders.ics"))
        case "privateURL": return model.privateIndexPath.map { .text(l.href($0)) } ?? .null
        case "hasMoods": return .bool(views.hasMoods)
        case "hasTrips": return .bool(!views.trips.trips.isEmpty)
        case "hasPlaces": return .bool(views.hasPlaces)
        case "hasGlory": return .bool(!views.glory.isEmpty)
        case "hasRevisits": return .bool(!views.revisits.all.isEmpty)
        case "revisitsDue": return .number(views.revisits.due.count)
        case "title": return .text(model.config.title)
        case "author": return .optional(model.config.author)
        case "language": return .text(model.config.language)
        case "direction": return .text(model.localization.direction)
        case "homeURL": return .text(l.href(""))
        case "archiveURL": return .text(l.href("archive/"))
        case "tagsURL": return .text(l.href("tags/"))
        case "stylesheet": return .text(stylesheet)
        case "faviconURL": return .text(l.href("favicon.svg"))
        case "interactiveMap":
            guard let map = model.config.interactiveMap else { return .null }
            return .object(ValueTable(values: [
                "css": .text(l.href("leaflet/leaflet.css")), "js": .text(l.href("leaflet/leaflet.js")),
                "tiles": .text(map.tiles), "attribution": .text(map.attribution),
            ]))
        case "journalOf": return .optional(model.journalTitle)
        case "hasTags": return .bool(!model.tags.isEmpty)
        case "entryCount": return .number(model.entries.count)
        case "extra": return .object(MetaView(node: model.config.extra))
        case "generator": return .text("journalgen \(JournalgenVersion.current)")
        default: return nil
        }
    }
}

/// The page being rendered as `page`: its title, description, canonical URL and colour variant.
struct PageView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case title, description, canonical, variant, kind }
    static let keys = KeyNumberTable<Key>.names()

    var title: String
    var description: String?
    var canonical: String
    var variant: String
    var kind: String

    func value(_ key: Key) -> TemplateValue? {
        switch key {
        case .title: return .text(title)
        case .description: return .optional(description)
        case .canonical: return .text(canonical)
        case .variant: return .text(variant)
        case .kind: return .text(kind)
        }
    }
}

struct DateView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case iso, day, full, long, short, time, hasTime, zone, year, month, dayOfMonth }
    static let keys = KeyNumberTable<Key>.names()

    var date: EntryDate
    var showZone: Bool
    var localization: Localization

    func value(_ key: Key) -> TemplateValue? {
        switch key {
        case .iso: return .text(date.hasTime ? date.rfc3339 : date.day.description)
        case .day: return .text(date.day.description)
        case .full: return .text(localization.fullDate(date.day))
        case .long: return .text(localization.longDate(date.day))
        case .short: return .text(localization.shortDate(date.day))
        case .time: return date.hasTime ? .text(localization.time(hour: date.hour, minute: date.minute)) : .null
        case .hasTime: return .bool(date.hasTime)
        // The writer's zone, shown only when it is not the journal's (a trip abroad).
        case .zone: return showZone ? .text(DateText.offset(date.utcOffset)) : .null
        case .year: return .number(date.day.year)
        case .month: return .text(localization.monthName(date.day.month))
        case .dayOfMonth: return .number(date.day.day)
        }
    }
}

struct MoodView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case value, label, emoji, colour, color, score }
    static let keys = KeyNumberTable<Key>.names()

    var level: MoodLevel

    func value(_ key: Key) -> TemplateValue? {
        switch key {
        case .value: return .text(level.value)
        case .label: return .text(level.label)
        case .emoji: return .text(level.emoji)
        case .colour, .color: return .text(level.colour)
        case .score: return .number(level.score)
        }
    }
}

struct PlaceView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case name, hasCoordinates, lat, lon, mapURL, coordinates }
    static let keys = KeyNumberTable<Key>.names()

    var place: Place

    func value(_ key: Key) -> TemplateValue? {
        switch key {
        case .name: return .optional(place.name)
        case .hasCoordinates: return .bool(place.hasCoordinates)
        case .lat: return .optional(place.latitude.map(Self.coordinate))
        case .lon: return .optional(place.longitude.map(Self.coordinate))
        case .mapURL: return .optional(Self.mapURL(place))
        case .coordinates: return .optional(Self.coordinateText(place))
        }
    }

    /// "34.9671° N, 135.7727° E".
    static func coordinateText(_ place: Place) -> String? {
        guard let lat = place.latitude, let lon = place.longitude else { return nil }
        return ASCIIText.make(capacity: 48) { out in
            appendCoordinate(abs(lat), to: &out)
            out.append(utf8Of: lat < 0 ? "° S, " : "° N, ")
            appendCoordinate(abs(lon), to: &out)
            out.append(utf8Of: lon < 0 ? "° W" : "° E")
        }
    }

    static func mapURL(_ place: Place) -> String? {
        guard let lat = place.latitude, let lon = place.longitude else { return nil }
        return ASCIIText.make(capacity: 112) { out in
            out.append(utf8Of: "https://www.openstreetmap.org/?mlat=")
            appendCoordinate(lat, to: &out)
            out.append(utf8Of: "&mlon=")
            appendCoordinate(lon, to: &out)
            out.append(utf8Of: "#map=15/")
            appendCoordinate(lat, to: &out)
            out.append(UInt8(ascii: "/"))
            appendCoordinate(lon, to: &out)
        }
    }

    /// Five decimals (about a metre), without trailing zeros: "51.05", "-0.1278". Integer
    /// arithmetic: `String(format:)` was a percent of a 10k build's time.
    static func coordinate(_ value: Double) -> String {
        ASCIIText.make(capacity: 24) { appendCoordinate(value, to: &$0) }
    }

    /// `coordinate(value)`'s bytes, written where they go: made as Strings and joined by an
    /// interpolation, a place's coordinates and map link cost 16,000 instructions, 0.5 % of a
    /// 10k first build's.
    static func appendCoordinate(_ value: Double, to out: inout [UInt8]) {
        let scaled = Int((value * 100_000).rounded())
        if scaled < 0 { out.append(UInt8(ascii: "-")) }
        ASCIIText.appendDigits(of: scaled.magnitude / 100_000, to: &out)
        var fraction = scaled.magnitude % 100_000
        guard fraction != 0 else { return }
        var digits = 5
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        out.append(UInt8(ascii: "."))
        ASCIIText.appendDigits(of: fraction, width: digits, to: &out)
    }
}

/// A title and a link, with optional extra values.
struct LinkView: TemplateObject {
    var title: String
    var url: String
    var extra: [String: TemplateValue] = [:]

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "title", "name": return .text(title)
        case "url": return .text(url)
        default: return extra[key]
        }
    }
}

struct MediaView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case url, name, caption, alt, isImage, isVideo, isFile, kind, ratio, track, picture, widePicture, viewURL, width, height, size, type, posterURL }
    static let keys = KeyNumberTable<Key>.names()

    var item: MediaItem
    var links: SiteLinks
    var localization: Localization

    /// "malerweg-day-1.gpx" → "malerweg day 1": a name for a file the writer did not caption.
    /// Byte by byte: by characters, it cost 15,000 instructions a name, 1.3 % of a 10k build
    /// (21,000 names). "/", ".", "-" and "_" are ASCII, never part of another character's bytes.
    static func readableName(_ source: String) -> String {
        var bytes = Array(source.utf8)
        // The last component that is not empty, as `split(separator: "/").last` gives it.
        while bytes.last == 0x2F { bytes.removeLast() }
        guard !bytes.isEmpty else { return source }
        if let slash = bytes.lastIndex(of: 0x2F) { bytes.removeSubrange(...slash) }
        if let dot = bytes.lastIndex(of: 0x2E), dot != 0 { bytes.removeSubrange(dot...) }
        for i in bytes.indices where bytes[i] == 0x2D || bytes[i] == 0x5F { bytes[i] = 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let videoTypes = ["mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "mov": "video/quicktime"]

    func value(_ key: Key) -> TemplateValue? {
        switch key {
        case .url: return .text(links.href(item.sitePath))
        case .name: return .text(item.isImage ? Self.readableName(item.source) : (item.source as NSString).lastPathComponent)
        case .caption: return .optional(item.caption)
        case .alt: return .text(item.caption ?? item.alt ?? "")
        case .isImage: return .bool(item.isImage)
        case .isVideo: return .bool(item.isVideo)
        case .isFile: return .bool(!item.isImage && !item.isVideo && item.track == nil)
        case .kind: return .text(item.isImage ? "photo" : item.isVideo ? "video" : item.track != nil ? "track" : "file")
        // The photo's own shape, for the gallery's justified rows.
        case .ratio:
            if let photo = item.photo ?? item.posterPhoto, photo.width > 0, photo.height > 0 {
                let tenThousandths = Int((Double(photo.width) / Double(photo.height) * 10_000).rounded())
                return .text("\(tenThousandths / 10_000).\(pad(tenThousandths % 10_000, 4))")
            }
            return item.isVideo ? .text("1.7778") : .null
        case .track:
            guard let track = item.track else { return .null }
            return .object(TrackCardView(track: track, title: item.caption ?? Self.readableName(item.source), url: links.href(item.sitePath), localization: localization))
        case .picture: return .text(PictureMarkup.html(item, alt: item.caption ?? item.alt ?? "", links: links, sizes: PictureMarkup.gallerySizes))
        case .widePicture: return .text(PictureMarkup.html(item, alt: item.caption ?? item.alt ?? "", links: links, sizes: PictureMarkup.textSizes, eager: true))
        case .viewURL: return .text(item.isVideo ? links.href(item.sitePath) : PictureMarkup.largest(item, links: links))
        case .width: return item.photo.map { .number($0.width) } ?? .null
        case .height: return item.photo.map { .number($0.height) } ?? .null
        case .size: return .optional(item.byteCount.map(MediaInspector.sizeText))
        case .type: return .optional(Self.videoTypes[item.fileExtension])
        case .posterURL:
            // The poster's middle size, the poster as given, or the theme's neutral poster.
            if let size = item.posterSizes.last(where: { $0.width <= 960 }) ?? item.posterSizes.first { return .text(links.href(size.fallback)) }
            if let path = item.posterSitePath { return .text(links.href(path)) }
            return item.isVideo ? .text(links.href("video-poster.svg")) : .null
        }
    }
}

/// One entry as templates see it, on its page (`entry`) or in lists (`entries`).
/// Holds the model and an index, not a copy of the entry: thousands of these are made per build.
struct EntryView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case title, url, permalink, anchor, date, mood, variant, place, trip, moodURL, gloryURL, tags, hasTags, glory, revisit, revisitOn, body, bodyBeforeGallery, bodyAfterGallery, galleryInBody, excerpt, summary, hasMore, thumbnail, wordCount, readingMinutes, media, hasMedia, isDraft, linkedFrom, hasLinkedFrom, authors, hasAuthors, previous, next, extra, card, row }
    static let keys = KeyNumberTable<Key>.names()

    var model: SiteModel
    var index: Int
    /// On the entry's own page: older and newer neighbours are linked.
    var withNeighbours = false

    func value(_ key: Key) -> TemplateValue? {
        let l = model.links
        switch key {
        case .title: return .text(model.entries[index].title)
        case .url: return .text(l.href(model.entries[index].sitePath))
        case .permalink: return .text(l.absolute(model.entries[index].sitePath))
        case .anchor: return .text(SiteModel.anchor(sitePath: model.entries[index].sitePath))
        case .date: return .object(DateView(date: model.entries[index].date, showZone: model.entries[index].showsZone, localization: model.localization))
        case .mood: return .optional(model.entries[index].mood.map(MoodView.init))
        case .variant: return .optional(model.entries[index].theme)
        case .place: return .optional(model.entries[index].place.map(PlaceView.init))
        case .trip:
            guard let id = model.entries[index].trip, let t = model.views.trips.byID[id] else { return .null }
            let trip = model.views.trips.trips[t]
            return .object(LinkView(title: trip.title, url: l.href(trip.sitePath), extra: ["id": .text(id)]))
        case .moodURL:
            guard let mood = model.entries[index].mood, let group = model.views.moodGroups.first(where: { $0.value == mood.value }) else { return .null }
            return .text(l.href(group.sitePath))
        case .gloryURL: return model.entries[index].glory == nil ? .null : .text(l.href("glory/"))
        case .tags:
            return .objects(model.entries[index].tags.map { LinkView(title: $0, url: l.href("tags/\(SiteModel.tagSlug($0))/")) })
        case .hasTags: return .bool(!model.entries[index].tags.isEmpty)
        case .glory:
            switch model.entries[index].glory {
            case .realised(let day)?: return .object(LinkView(title: model.localization.longDate(day), url: "", extra: ["day": .text(day.description), "dated": .bool(true)]))
            case .undated?: return .object(LinkView(title: "", url: "", extra: ["dated": .bool(false)]))
            case nil: return .null
            }
        case .revisit: return .optional(model.entries[index].revisit.map { $0.description })
        case .revisitOn:
            let day = model.entries[index].date.day
            return .optional(model.entries[index].revisit.map { model.localization.longDate($0.after(day)) })
        case .body, .bodyBeforeGallery, .bodyAfterGallery, .galleryInBody:
            BodyReads.note(index)
            return Self.bodyParts(html: model.entries[index].body.html, hasGalleryMarker: model.entries[index].body.hasGalleryMarker,
                                  hasMedia: !model.entries[index].media.isEmpty, key.rawValue)
        case .excerpt: BodyReads.noteCard(index, entryCount: model.entries.count); return .text(model.entries[index].body.excerptHTML)
        case .summary: BodyReads.noteCard(index, entryCount: model.entries.count); return .text(model.entries[index].body.summary)
        case .hasMore: BodyReads.noteCard(index, entryCount: model.entries.count); return .bool(model.entries[index].body.hasMore)
        // The first photo, small, for the entry's card.
        case .thumbnail:
            guard let photo = model.entries[index].media.first(where: { !$0.sizes.isEmpty && $0.isImage }) else { return .null }
            return .text(PictureMarkup.html(photo, alt: "", links: l, sizes: PictureMarkup.thumbnailSizes))
        case .wordCount: BodyReads.note(index); return .number(model.entries[index].body.wordCount)
        case .readingMinutes: BodyReads.noteCard(index, entryCount: model.entries.count); return .number(model.entries[index].body.readingMinutes)
        case .media: return .objects(model.entries[index].media.map { MediaView(item: $0, links: l, localization: model.localization) })
        case .hasMedia: return .bool(!model.entries[index].media.isEmpty)
        case .isDraft: return .bool(model.entries[index].isDraft)
        // Entries that link to this one, on its page.
        case .linkedFrom:
            guard withNeighbours else { return .null }
            return .objects(model.backlinks[index].map { source in
                LinkView(title: model.entries[source].title, url: l.href(model.entries[source].sitePath), extra: [
                    "date": .object(DateView(date: model.entries[source].date, showZone: false, localization: model.localization)),
                ])
            })
        case .hasLinkedFrom: return .bool(withNeighbours && !model.backlinks[index].isEmpty)
        // The byline, in a journal written together.
        case .authors: return .objects(model.entries[index].authors.compactMap { AuthorLinkView.make($0, model: model) })
        case .hasAuthors: return .bool(!model.views.authors.isEmpty && !model.entries[index].authors.isEmpty)
        case .previous:
            guard withNeighbours, index + 1 < model.entries.count else { return .null }
            return .object(LinkView(title: model.entries[index + 1].title, url: l.href(model.entries[index + 1].sitePath)))
        case .next:
            guard withNeighbours, index > 0 else { return .null }
            return .object(LinkView(title: model.entries[index - 1].title, url: l.href(model.entries[index - 1].sitePath)))
        case .extra: return .object(MetaView(node: model.entries[index].extra))
        // The texts a card or row shows are noted as it is made, and with it on every page that shows it.
        case .card: return .optional(model.fragments.fragment(index, .card))
        case .row: return .optional(model.fragments.fragment(index, .row))
        }
    }
}

struct PaginationView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case page, count, isPaged, newerURL, olderURL, label, parts }
    static let keys = KeyNumberTable<Key>.names()

    var page: Int
    var count: Int
    var href: @Sendable (Int) -> String
    /// What each page holds ("Nov 2026 – Aug 2026"), for lists cut by months; empty for the home page.
    var labels: [String] = []
    /// What this page holds, where `labels` does not name every page (the home pages).
    var ownLabel: String?

    func value(_ key: Key) -> TemplateValue? {
        switch key {
        case .page: return .number(page)
        case .count: return .number(count)
        case .isPaged: return .bool(count > 1)
        case .newerURL: return page > 1 ? .text(href(page - 1)) : .null
        case .olderURL: return page < count ? .text(href(page + 1)) : .null
        case .label: return labels.indices.contains(page - 1) ? .text(labels[page - 1]) : .optional(ownLabel)
        case .parts:
            guard labels.count == count, count > 1 else { return .null }
            return .objects(labels.enumerated().map { offset, label in
                LinkView(title: label, url: href(offset + 1), extra: ["number": .number(offset + 1), "current": .bool(offset + 1 == page)])
            })
        }
    }
}

extension PaginationView {
    /// Page `page` of a list cut by `split`, whose first page is at `base`.
    init(split: PageSplit, page: Int, base: String, model: SiteModel) {
        let links = model.links, localization = model.localization
        self.init(page: page, count: split.count, href: { links.href(PageSplit.path(base, page: $0)) },
                  // A list on one page needs no labels (and an empty list has no months to name).
                  labels: split.count < 2 ? [] : split.spans.map { Self.label($0.first, $0.last, localization) })
    }

    /// Page `page` of the home pages (SiteModel.homeEntries), named by the months of its entries:
    /// its number changes as the journal grows, what it holds does not.
    init(home page: Int, model: SiteModel) {
        let links = model.links, entries = model.homeEntries(page)
        var label: String?
        if model.homePageCount > 1, !entries.isEmpty {
            label = Self.label(PageSplit.YearMonth(model.entries[entries.lowerBound].date.day),
                               PageSplit.YearMonth(model.entries[entries.upperBound - 1].date.day), model.localization)
        }
        self.init(page: page, count: model.homePageCount, href: { links.href(model.homePagePath($0)) }, ownLabel: label)
    }

    /// "Nov 2026", or "Nov 2026 – Aug 2026" from the newest month to the oldest.
    static func label(_ first: PageSplit.YearMonth, _ last: PageSplit.YearMonth, _ localization: Localization) -> String {
        func month(_ m: PageSplit.YearMonth) -> String { "\(localization.shortMonthName(m.month)) \(m.year)" }
        return first == last ? month(first) : "\(month(first)) – \(month(last))"
    }
}

/// A month of entries, for the archive and the year and month pages.
struct MonthView: TemplateObject {
    var month: SiteModel.Month
    var model: SiteModel

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "name": return .text(model.localization.monthAndYear(year: month.year, month: month.month))
        case "monthName": return .text(model.localization.monthName(month.month))
        case "url": return .text(model.links.href(month.sitePath))
        case "count": return .number(month.entries.count)
        case "entries": return .objects(month.entries.map { EntryView(model: model, index: $0) })
        default: return nil
        }
    }
}

struct YearView: TemplateObject {
    var year: SiteModel.Year
    var model: SiteModel

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "year": return .number(year.year)
        case "url": return .text(model.links.href(year.sitePath))
        case "count": return .number(year.entryCount)
        case "months": return .objects(year.months.map { MonthView(month: $0, model: model) })
        default: return nil
        }
    }
}

struct TagView: TemplateObject {
    var tag: SiteModel.Tag
    var model: SiteModel
    /// The entries this page shows, when the tag's list is cut into pages.
    var part: Range<Int>?

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "name": return .text(tag.name)
        case "url": return .text(model.links.href(tag.sitePath))
        case "count": return .number(tag.entries.count)
        case "entries": return .objects(tag.entries[part ?? tag.entries.indices].map { EntryView(model: model, index: $0) })
        default: return nil
        }
    }
}

/// The whole context of one page: `site`, `page`, and what the page is about.
struct PageContext: TemplateObject {
    let site: SiteView
    let page: PageView
    var values: [String: TemplateValue]
    /// Values worked out only if the template asks: those of the build day, which a page that
    /// does not show them then does not depend on (BodyReads.noteDay).
    var onRequest: [String: @Sendable () -> TemplateValue]
    /// Boxed once a page, not at each `{{site.…}}` and `{{page.…}}` (two allocations each).
    private let siteValue: TemplateValue
    private let pageValue: TemplateValue

    init(site: SiteView, page: PageView, values: [String: TemplateValue], onRequest: [String: @Sendable () -> TemplateValue] = [:]) {
        self.site = site
        self.page = page
        self.values = values
        self.onRequest = onRequest
        siteValue = .object(site)
        pageValue = .object(page)
    }

    func value(_ key: String) -> TemplateValue? { value(TemplateKey(key)) }

    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key.number {
        case Self.site.number: return siteValue
        case Self.page.number: return pageValue
        case Self.labels.number: return .object(LabelsView(localization: site.model.localization))
        default: return values[key.name] ?? onRequest[key.name]?()
        }
    }

    private static let site = TemplateKey("site"), page = TemplateKey("page"), labels = TemplateKey("t")
}

extension EntryView {
    /// The body whole, or split at its `<!-- gallery -->` line; only a text with the marker is
    /// searched for it.
    /// The fields it needs, not the entry: a copy of an entry (a few dozen references) for each
    /// of four keys on each of 10,000 pages.
    static func bodyParts(html: String, hasGalleryMarker: Bool, hasMedia: Bool, _ key: String) -> TemplateValue {
        guard hasGalleryMarker, let split = BodyImages.splitAtGallery(html) else {
            switch key {
            case "galleryInBody": return .bool(false)
            case "bodyAfterGallery": return .text("")
            default: return .text(html)
            }
        }
        switch key {
        case "galleryInBody": return .bool(hasMedia)
        case "bodyBeforeGallery": return .text(split.before)
        case "bodyAfterGallery": return .text(split.after)
        default: return .text(split.before + split.after)
        }
    }
}
