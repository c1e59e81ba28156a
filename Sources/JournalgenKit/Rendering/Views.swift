import Foundation

/// The site-wide values every page gets as `site`.
struct SiteView: TemplateView {
    var model: SiteModel
    var stylesheet: String

    func value(_ key: String) -> Any? {
        let c = model.config
        let l = model.links
        switch key {
        case "title": return c.title
        case "author": return some(c.author)
        case "language": return c.language
        case "homeURL": return l.href("")
        case "archiveURL": return l.href("archive/")
        case "tagsURL": return l.href("tags/")
        case "stylesheet": return stylesheet
        case "hasTags": return !model.tags.isEmpty
        case "entryCount": return model.entries.count
        case "extra": return MetaView(node: c.extra)
        case "generator": return "journalgen \(JournalgenVersion.current)"
        default: return nil
        }
    }
}

/// The page being rendered as `page`: its title, description, canonical URL and colour variant.
struct PageView: TemplateView {
    var title: String
    var description: String?
    var canonical: String
    var variant: String
    var kind: String

    func value(_ key: String) -> Any? {
        switch key {
        case "title": return title
        case "description": return some(description)
        case "canonical": return canonical
        case "variant": return variant
        case "kind": return kind
        case "is\(kind.prefix(1).uppercased() + kind.dropFirst())": return true
        default: return nil
        }
    }
}

struct DateView: TemplateView {
    var date: EntryDate
    var showZone: Bool

    func value(_ key: String) -> Any? {
        switch key {
        case "iso": return date.hasTime ? date.rfc3339 : date.day.description
        case "day": return date.day.description
        case "full": return DateText.full(date.day)
        case "long": return DateText.long(date.day)
        case "short": return DateText.short(date.day)
        case "time": return date.hasTime ? DateText.time(date) : Absent()
        case "hasTime": return date.hasTime
        // The writer's zone, shown only when it is not the journal's (a trip abroad).
        case "zone": return showZone ? DateText.offset(date.utcOffset) : Absent()
        case "year": return date.day.year
        case "month": return DateText.monthName(date.day.month)
        case "dayOfMonth": return date.day.day
        default: return nil
        }
    }
}

struct MoodView: TemplateView {
    var level: MoodLevel

    func value(_ key: String) -> Any? {
        switch key {
        case "value": return level.value
        case "label": return level.label
        case "emoji": return level.emoji
        case "colour", "color": return level.colour
        case "score": return level.score
        default: return nil
        }
    }
}

struct PlaceView: TemplateView {
    var place: Place

    func value(_ key: String) -> Any? {
        switch key {
        case "name": return some(place.name)
        case "hasCoordinates": return place.hasCoordinates
        case "lat": return some(place.latitude.map(Self.coordinate))
        case "lon": return some(place.longitude.map(Self.coordinate))
        case "mapURL":
            guard let lat = place.latitude, let lon = place.longitude else { return Absent() }
            let a = Self.coordinate(lat), o = Self.coordinate(lon)
            return "https://www.openstreetmap.org/?mlat=\(a)&mlon=\(o)#map=15/\(a)/\(o)"
        case "coordinates":
            guard let lat = place.latitude, let lon = place.longitude else { return Absent() }
            return "\(Self.coordinate(abs(lat)))° \(lat < 0 ? "S" : "N"), \(Self.coordinate(abs(lon)))° \(lon < 0 ? "W" : "E")"
        default: return nil
        }
    }

    static func coordinate(_ value: Double) -> String {
        var s = String(format: "%.5f", value)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}

struct LinkView: TemplateView {
    var title: String
    var url: String
    var extra: [String: Any] = [:]

    func value(_ key: String) -> Any? {
        switch key {
        case "title", "name": return title
        case "url": return url
        default: return extra[key]
        }
    }
}

struct MediaView: TemplateView {
    var item: MediaItem
    var links: SiteLinks

    func value(_ key: String) -> Any? {
        switch key {
        case "url": return links.href(item.sitePath)
        case "name": return (item.source as NSString).lastPathComponent
        case "caption": return some(item.caption)
        case "alt": return item.caption ?? ""
        case "isImage": return item.isImage
        case "isVideo": return item.isVideo
        case "isFile": return !item.isImage && !item.isVideo
        case "posterURL": return some(item.posterSitePath.map(links.href))
        default: return nil
        }
    }
}

/// One entry as templates see it, on its page (`entry`) or in lists (`entries`).
/// Holds the model and an index, not a copy of the entry: thousands of these are made per build.
struct EntryView: TemplateView {
    var model: SiteModel
    var index: Int
    /// On the entry's own page: older and newer neighbours are linked.
    var withNeighbours = false

    func value(_ key: String) -> Any? {
        let l = model.links
        switch key {
        case "title": return model.entries[index].title
        case "url": return l.href(model.entries[index].sitePath)
        case "permalink": return l.absolute(model.entries[index].sitePath)
        case "date": return DateView(date: model.entries[index].date, showZone: model.entries[index].showsZone)
        case "mood": return some(model.entries[index].mood.map(MoodView.init))
        case "variant": return some(model.entries[index].theme)
        case "place": return some(model.entries[index].place.map(PlaceView.init))
        case "trip": return some(model.entries[index].trip)
        case "tags":
            return model.entries[index].tags.map { name in
                var slug = Slug.make(name)
                if slug.isEmpty { slug = "tag" }
                return LinkView(title: name, url: l.href("tags/\(slug)/"))
            }
        case "hasTags": return !model.entries[index].tags.isEmpty
        case "glory":
            switch model.entries[index].glory {
            case .realised(let day)?: return LinkView(title: DateText.long(day), url: "", extra: ["day": day.description, "dated": true])
            case .undated?: return LinkView(title: "", url: "", extra: ["dated": false])
            case nil: return Absent()
            }
        case "revisit": return some(model.entries[index].revisit.map { $0.description })
        case "revisitOn":
            let entry = model.entries[index]
            return some(entry.revisit.map { DateText.long($0.after(entry.date.day)) })
        case "body": return model.entries[index].body.html
        case "excerpt": return model.entries[index].body.excerptHTML
        case "summary": return model.entries[index].body.summary
        case "hasMore": return model.entries[index].body.hasMore
        case "wordCount": return model.entries[index].body.wordCount
        case "readingMinutes": return max(1, (model.entries[index].body.wordCount + 199) / 200)
        case "media": return model.entries[index].media.map { MediaView(item: $0, links: l) }
        case "hasMedia": return !model.entries[index].media.isEmpty
        case "isDraft": return model.entries[index].isDraft
        case "previous":
            guard withNeighbours, index + 1 < model.entries.count else { return Absent() }
            return LinkView(title: model.entries[index + 1].title, url: l.href(model.entries[index + 1].sitePath))
        case "next":
            guard withNeighbours, index > 0 else { return Absent() }
            return LinkView(title: model.entries[index - 1].title, url: l.href(model.entries[index - 1].sitePath))
        case "extra": return MetaView(node: model.entries[index].extra)
        case "card": return index < model.fragments.cards.count ? model.fragments.cards[index] : Absent()
        case "row": return index < model.fragments.rows.count ? model.fragments.rows[index] : Absent()
        default: return nil
        }
    }
}

struct PaginationView: TemplateView {
    var page: Int
    var count: Int
    var href: (Int) -> String

    func value(_ key: String) -> Any? {
        switch key {
        case "page": return page
        case "count": return count
        case "isPaged": return count > 1
        case "newerURL": return page > 1 ? href(page - 1) : Absent()
        case "olderURL": return page < count ? href(page + 1) : Absent()
        default: return nil
        }
    }
}

/// A month of entries, for the archive and the year and month pages.
struct MonthView: TemplateView {
    var month: SiteModel.Month
    var model: SiteModel

    func value(_ key: String) -> Any? {
        switch key {
        case "name": return "\(DateText.monthName(month.month)) \(month.year)"
        case "monthName": return DateText.monthName(month.month)
        case "url": return model.links.href(month.sitePath)
        case "count": return month.entries.count
        case "entries": return month.entries.map { EntryView(model: model, index: $0) }
        default: return nil
        }
    }
}

struct YearView: TemplateView {
    var year: SiteModel.Year
    var model: SiteModel

    func value(_ key: String) -> Any? {
        switch key {
        case "year": return year.year
        case "url": return model.links.href(year.sitePath)
        case "count": return year.entryCount
        case "months": return year.months.map { MonthView(month: $0, model: model) }
        default: return nil
        }
    }
}

struct TagView: TemplateView {
    var tag: SiteModel.Tag
    var model: SiteModel

    func value(_ key: String) -> Any? {
        switch key {
        case "name": return tag.name
        case "url": return model.links.href(tag.sitePath)
        case "count": return tag.entries.count
        case "entries": return tag.entries.map { EntryView(model: model, index: $0) }
        default: return nil
        }
    }
}

/// The whole context of one page: `site`, `page`, and what the page is about.
struct PageContext: TemplateView {
    var site: SiteView
    var page: PageView
    var values: [String: Any]

    func value(_ key: String) -> Any? {
        switch key {
        case "site": return site
        case "page": return page
        default: return values[key]
        }
    }
}
