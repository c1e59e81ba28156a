import Foundation

/// Template views of the journal's own pages: moods, glory, revisits, trips and places.
/// Like `EntryView`, they hold the model and indexes, and compute values on demand.

struct DayView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case iso, day, long, full, short, year }
    static let keys = KeyNumberTable<Key>.names()

    var day: CalendarDay
    var localization: Localization

    func value(_ key: Key) -> TemplateValue? {
        switch key {
        case .iso, .day: return .text(day.description)
        case .long: return .text(localization.longDate(day))
        case .full: return .text(localization.fullDate(day))
        case .short: return .text(localization.shortDate(day))
        case .year: return .number(day.year)
        }
    }
}

/// A mood point: a `moods.log` line or an entry's mood.
struct MoodPointView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case date, mood, note, entry, isLog, author }
    static let keys = KeyNumberTable<Key>.names()

    var point: MoodPoint
    var model: SiteModel

    func value(_ key: Key) -> TemplateValue? {
        switch key {
        case .date: return .object(DateView(date: point.date, showZone: point.date.utcOffset != model.config.offsets.offset(forLocal: point.date), localization: model.localization))
        case .mood: return .object(MoodView(level: point.level))
        case .note: return .optional(point.note)
        case .entry: return .optional(point.entry.map { EntryView(model: model, index: $0) })
        case .isLog: return .bool(point.entry == nil)
        case .author:
            guard let id = point.author ?? point.entry.flatMap({ model.entries[$0].authors.first }) else { return .null }
            return .optional(AuthorLinkView.make(id, model: model))
        }
    }
}

struct StreakView: TemplateObject {
    var streak: MoodHistory.Streak
    var localization: Localization

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "days": return .number(streak.days)
        case "isOneDay": return .bool(streak.days == 1)
        case "start": return .object(DayView(day: streak.start, localization: localization))
        case "end": return .object(DayView(day: streak.end, localization: localization))
        default: return nil
        }
    }
}

/// The moods page: charts per year, distribution, streaks, mood by tag, the latest logs and a tip.
struct MoodsView: TemplateObject {
    var model: SiteModel
    /// One author's moods instead of the journal's, on their page or in their part of the moods page.
    var history: MoodHistory? = nil
    /// Prefix of the charts' ids, so that two people's charts can share a page.
    var chartPrefix = ""
    static let recentLogCount = 10

    init(model: SiteModel, history: MoodHistory? = nil, chartPrefix: String = "", logPart: Range<Int>? = nil, currentYear: Int? = nil) {
        self.model = model
        self.history = history
        self.chartPrefix = chartPrefix
        self.logPart = logPart
        self.currentYear = currentYear
    }

    func value(_ key: String) -> TemplateValue? {
        let history = self.history ?? model.views.moods
        switch key {
        case "hasMoods": return .bool(!history.points.isEmpty)
        case "count": return .number(history.points.count)
        case "average": return .optional(history.average.map { model.localization.decimal($0) })
        case "averageMood":
            return .optional(history.average.map { LinkView(title: model.localization.decimal($0), url: "", extra: ["mood": .object(MoodView(level: history.level(forAverage: $0)))]) })
        case "years": return .objects(history.years.map(year))
        case "latestYear": return .optional(history.years.first.map(year))
        case "yearLinks":
            return .objects(history.years.map { LinkView(title: String($0), url: model.links.href(Self.yearPath($0)), extra: ["current": .bool($0 == currentYear)]) })
        case "hasEarlierYears": return .bool(history.years.count > 1)
        case "distribution": return .text(MoodTables(history: history, links: model.links, localization: model.localization).distribution())
        case "byTag": return .text(MoodTables(history: history, links: model.links, localization: model.localization).byTag())
        case "hasByTag": return .bool(!history.byTag.isEmpty)
        case "currentStreak": return .optional(history.currentStreak.map { StreakView(streak: $0, localization: model.localization) })
        case "longestStreak": return .optional(history.longestStreak.map { StreakView(streak: $0, localization: model.localization) })
        case "recentLog": return log(model.listPages.moodLog.prefix(Self.recentLogCount))
        case "log": return log(model.listPages.moodLog[logPart ?? model.listPages.moodLog.indices])
        case "logCount": return .number(model.listPages.moodLog.count)
        case "hasMoreLog": return .bool(model.listPages.moodLog.count > Self.recentLogCount)
        case "levels":
            return .objects(model.config.moods.levels.map { level in
                let group = model.views.moodGroups.first { $0.value == level.value }
                return LinkView(title: level.label, url: group.map { model.links.href($0.sitePath) } ?? "", extra: [
                    "mood": .object(MoodView(level: level)), "count": .number(group?.entries.count ?? 0),
                ])
            })
        case "tips":
            return .list((model.config.tips ?? model.localization.list("tips") ?? []).enumerated().map { i, tip in
                .object(LinkView(title: tip, url: "", extra: ["first": .bool(i == 0), "text": .text(tip)]))
            })
        case "today": return .object(DayView(day: model.views.today, localization: model.localization))
        // Two people's moods averaged mean nothing: a journal written together shows each.
        case "hasPeople": return .bool(self.history == nil && !model.views.authors.isEmpty)
        case "people": return .objects(model.views.authors.people.map { AuthorView(person: $0, model: model) })
        default: return nil
        }
    }

    /// The lines of the mood log this page shows, when the log is cut into pages.
    var logPart: Range<Int>? = nil
    /// The year whose page this is, marked in the list of years.
    var currentYear: Int? = nil

    /// Each year's page of charts: `moods/years/2025/`.
    static func yearPath(_ year: Int) -> String { "moods/years/\(year)/" }

    private func log(_ positions: ArraySlice<Int>) -> TemplateValue {
        let lines = model.moodLog
        return .objects(positions.map { MoodPointView(point: MoodPoint(line: lines[$0]), model: model) })
    }

    /// One year's timeline, its data as a table, and its year in pixels.
    func year(_ year: Int) -> LinkView {
        let history = self.history ?? model.views.moods
        var chart = MoodTimelineChart(history: history, year: year, localization: model.localization)
        chart.idPrefix = chartPrefix
        let moods = chart.yearPositions
        return LinkView(title: String(year), url: model.links.href(Self.yearPath(year)), extra: [
            "year": .number(year),
            "timeline": .text(chart.render(moods: moods)),
            "timelineTable": .text(chart.table(moods: moods)),
            "pixels": .text(YearInPixels(history: history, year: year, links: model.links, entries: model.entries, localization: model.localization).render()),
        ])
    }
}

/// A group of entries sharing a mood level or a theme.
struct EntryGroupView: TemplateObject {
    var group: EntryGroup
    var model: SiteModel
    var mood: MoodLevel?
    /// The entries this page shows, when the group's list is cut into pages.
    var part: Range<Int>? = nil

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "title", "name": return .text(group.title)
        case "value": return .text(group.value)
        case "url": return .text(model.links.href(group.sitePath))
        case "count": return .number(group.entries.count)
        case "mood": return .optional(mood.map(MoodView.init))
        case "entries": return .objects(group.entries[part ?? group.entries.indices].map { EntryView(model: model, index: $0) })
        default: return nil
        }
    }
}

struct GloryItemView: TemplateObject {
    var item: GloryList.Item
    var model: SiteModel

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "entry": return .object(EntryView(model: model, index: item.entry))
        case "realised": return .object(DayView(day: item.realised, localization: model.localization))
        case "written": return .object(DayView(day: item.written, localization: model.localization))
        case "dated": return .bool(item.dated)
        case "daysTaken": return .number(item.daysTaken)
        case "took": return .text(GloryList.durationText(days: item.daysTaken, model.localization))
        case "sameDay": return .bool(item.daysTaken == 0)
        case "image":
            let entry = model.entries[item.entry]
            return .optional(entry.media.first { $0.isImage && !$0.sitePath.isEmpty }.map { MediaView(item: $0, links: model.links, localization: model.localization) })
        default: return nil
        }
    }
}

struct RevisitItemView: TemplateObject {
    var item: RevisitSchedule.Item
    var model: SiteModel

    func value(_ key: String) -> TemplateValue? {
        let days = item.due.daysSinceEpoch - model.views.today.daysSinceEpoch
        switch key {
        case "entry": return .object(EntryView(model: model, index: item.entry))
        case "due": return .object(DayView(day: item.due, localization: model.localization))
        case "interval": return .optional(model.entries[item.entry].revisit.map(model.localization.interval))
        case "when":
            let l = model.localization
            switch days {
            case 0: return .text(l.text("today"))
            case 1: return .text(l.text("tomorrow"))
            case -1: return .text(l.text("yesterday"))
            case ..<0: return .text(l.duration(days: -days, .ago))
            default: return .text(l.duration(days: days, .ahead))
            }
        default: return nil
        }
    }
}

/// One stop of a trip, numbered as on its map.
struct StopView: TemplateObject {
    var number: Int
    var stop: TripIndex.Stop
    var model: SiteModel

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "number": return .number(number)
        case "place": return .object(PlaceView(place: stop.place))
        case "entry": return .object(EntryView(model: model, index: stop.entry))
        default: return nil
        }
    }
}

struct TripView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case id, title, name, url, summary, body, cover, start, end, days, count, entries, stops, hasStops, placeCount, tracks, hasTracks, photoGallery, hasPhotos, distance, map }
    static let keys = KeyNumberTable<Key>.names()

    var trip: TripIndex.Trip
    var model: SiteModel
    /// On the trip's own page: the map and the full list of entries.
    var full = false

    func value(_ key: Key) -> TemplateValue? {
        let l = model.links
        switch key {
        case .id: return .text(trip.id)
        case .title, .name: return .text(trip.title)
        case .url: return .text(l.href(trip.sitePath))
        case .summary: return .optional(trip.info?.summary)
        case .body: return .optional(trip.info?.bodyHTML)
        case .cover: return .optional(trip.cover.map { MediaView(item: $0, links: l, localization: model.localization) })
        case .start: return .object(DayView(day: trip.start, localization: model.localization))
        case .end: return .object(DayView(day: trip.end, localization: model.localization))
        case .days: return .number(trip.days)
        case .count: return .number(trip.entries.count)
        case .entries: return .objects(trip.entries.map { EntryView(model: model, index: $0) })
        case .stops: return .objects(trip.stops.enumerated().map { StopView(number: $0 + 1, stop: $1, model: model) })
        case .hasStops: return .bool(!trip.stops.isEmpty)
        case .placeCount: return .number(Set(trip.stops.map { $0.place.name ?? "" }).count)
        case .tracks:
            return .objects(trip.tracks.map { track in
                let item = model.entries[track.entry].media[track.media]
                return LinkView(title: (item.source as NSString).lastPathComponent, url: l.href(item.sitePath), extra: [
                    "distance": .text(GeoMath.distanceText(track.track.distanceMetres, model.localization)),
                    "entry": .object(EntryView(model: model, index: track.entry)),
                ])
            })
        case .hasTracks: return .bool(!trip.tracks.isEmpty)
        case .photoGallery, .hasPhotos:
            let media = trip.entries.flatMap { model.entries[$0].media.filter { $0.isImage || $0.isVideo } }
            if key == .hasPhotos { return .bool(!media.isEmpty) }
            return .object(LinkView(title: trip.title, url: l.href(trip.sitePath), extra: ["media": .objects(media.map { MediaView(item: $0, links: l, localization: model.localization) })]))
        case .distance: return trip.tracks.isEmpty ? .null : .text(GeoMath.distanceText(trip.distanceMetres, model.localization))
        case .map:
            guard full else { return .null }
            let markers = trip.stops.map { stop in
                PlaceMap.Marker(latitude: stop.place.latitude!, longitude: stop.place.longitude!,
                                label: "\(stop.place.name ?? model.entries[stop.entry].title), \(model.localization.longDate(model.entries[stop.entry].date.day))",
                                url: l.href(model.entries[stop.entry].sitePath))
            }
            var map = PlaceMap(markers: markers, tracks: trip.tracks.flatMap { $0.track.segments }, title: "\(model.localization.label("mapOf") ?? "Map of") \(trip.title)")
            map.localization = model.localization
            map.interactive = model.config.interactiveMap != nil
            return .optional(map.render())
        }
    }
}

struct PlaceVisitView: TemplateObject {
    /// The newest entries listed under a place; the rest are a search away, so that the places
    /// page of a lifetime journal stays one small page.
    static let shown = 10
    var number: Int
    var visit: PlaceIndex.Visit
    var model: SiteModel

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "number": return .number(number)
        case "name": return .text(visit.name)
        case "anchor": return .text("place-\(number)")
        case "place": return .object(PlaceView(place: visit.place))
        case "count": return .number(visit.entries.count)
        case "once": return .bool(visit.entries.count == 1)
        case "first": return .object(DayView(day: visit.first, localization: model.localization))
        case "last": return .object(DayView(day: visit.last, localization: model.localization))
        case "sameDay": return .bool(visit.first == visit.last)
        case "entries": return .objects(visit.entries.prefix(Self.shown).map { EntryView(model: model, index: $0) })
        case "more": return visit.entries.count > Self.shown ? .number(visit.entries.count - Self.shown) : .null
        case "findURL": return .text(model.links.href("filter/") + "?q=" + (visit.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        default: return nil
        }
    }
}
