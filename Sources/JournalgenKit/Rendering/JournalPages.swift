/// The journal's own pages: moods, mood log, mood and theme pages, List of Glory, revisits,
/// trips, places and the filter page. Each is rendered like any other page, from its template.
extension PageRenderer {
    var journalPageJobs: [PageJob] {
        let views = model.views, pages = model.listPages
        func paged(_ split: PageSplit) -> ClosedRange<Int> { 1...split.count }
        var jobs: [PageJob] = [.moods]
        // A year's charts need moods; a journal without any has only the moods page saying so.
        if views.hasMoods { jobs += views.moodYears.indices.map { .moodYear($0) } }
        jobs += paged(pages.moodLogPages).map { .moodLog(page: $0) }
        for (i, split) in pages.moodGroups.enumerated() { jobs += paged(split).map { .moodLevel(i, page: $0) } }
        for (i, split) in pages.themeGroups.enumerated() { jobs += paged(split).map { .theme(i, page: $0) } }
        jobs += paged(pages.gloryPages).map { .glory(page: $0) }
        jobs += paged(pages.revisitPages).map { .revisit(page: $0) }
        jobs.append(.trips)
        jobs += views.trips.trips.indices.map { .trip($0) }
        jobs += [.places, .filter]
        jobs += paged(pages.photoPages).map { .photos(page: $0) }
        if !views.taskSummary.isEmpty {
            jobs += paged(pages.openTaskPages).map { .tasks(page: $0) }
            if !views.taskSummary.doneEntries.isEmpty { jobs += paged(pages.doneTaskPages).map { .doneTasks(page: $0) } }
        }
        if !views.authors.isEmpty {
            jobs.append(.authors)
            for i in views.authors.listed { jobs += paged(pages.authors[i]).map { .author(i, page: $0) } }
        }
        return jobs
    }

    func journalPagePath(_ job: PageJob) -> String {
        let views = model.views
        switch job {
        case .moods: return "moods/index.html"
        case .moodYear(let y): return MoodsView.yearPath(views.moodYears[y]) + "index.html"
        case .moodLog(let page): return PageSplit.path("mood-log/", page: page) + "index.html"
        case .moodLevel(let i, let page): return PageSplit.path(views.moodGroups[i].sitePath, page: page) + "index.html"
        case .theme(let i, let page): return PageSplit.path(views.themeGroups[i].sitePath, page: page) + "index.html"
        case .glory(let page): return PageSplit.path("glory/", page: page) + "index.html"
        case .revisit(let page): return PageSplit.path("revisit/", page: page) + "index.html"
        case .trips: return "trips/index.html"
        case .trip(let i): return views.trips.trips[i].sitePath + "index.html"
        case .places: return "places/index.html"
        case .filter: return "filter/index.html"
        case .photos(let page): return PageSplit.path("photos/", page: page) + "index.html"
        case .tasks(let page): return PageSplit.path(TaskPages.openPath, page: page) + "index.html"
        case .doneTasks(let page): return PageSplit.path(TaskPages.donePath, page: page) + "index.html"
        case .authors: return "authors/index.html"
        case .author(let i, let page): return PageSplit.path(views.authors.people[i].author.sitePath, page: page) + "index.html"
        default: preconditionFailure("not a journal page: \(job)")
        }
    }

    func renderJournalPage(_ job: PageJob) -> [UInt8] {
        let views = model.views
        switch job {
        case .moods:
            return templates.page("moods", context(page(text("moods"), "moods/", kind: "moods"), ["moods": .object(MoodsView(model: model))]))
        case .moodYear(let y):
            let year = views.moodYears[y]
            return templates.page("mood-year", context(page("\(text("moods")) \(year)", MoodsView.yearPath(year), kind: "moodYear"), [
                "moods": .object(MoodsView(model: model, currentYear: year)),
                "year": .object(MoodsView(model: model).year(year)),
            ]))
        case .moodLog(let number):
            let split = model.listPages.moodLogPages
            return templates.page("mood-log", listPageContext(text("moodLog"), base: "mood-log/", number: number, split: split, kind: "moodLog", [
                "moods": .object(MoodsView(model: model, logPart: split.parts[number - 1])),
            ]))
        case .moodLevel(let i, let number):
            let group = views.moodGroups[i], split = model.listPages.moodGroups[i]
            return templates.page("mood-level", listPageContext("\(text("mood")): \(group.title)", base: group.sitePath, number: number, split: split, kind: "moodLevel", [
                "group": .object(EntryGroupView(group: group, model: model, mood: model.config.moods.level(group.value), part: split.parts[number - 1])),
                "moods": .object(MoodsView(model: model)),
            ]))
        case .theme(let i, let number):
            let group = views.themeGroups[i], split = model.listPages.themeGroups[i]
            let variant = theme.variants.contains(group.value) ? group.value : nil
            return templates.page("theme", listPageContext("\(text("theme")): \(group.title)", base: group.sitePath, number: number, split: split, kind: "theme", variant: variant, [
                "group": .object(EntryGroupView(group: group, model: model, part: split.parts[number - 1])),
                "themes": .objects(views.themeGroups.map { EntryGroupView(group: $0, model: model) }),
            ]))
        case .glory(let number):
            let split = model.listPages.gloryPages, part = split.parts[number - 1]
            return templates.page("glory", listPageContext(text("listOfGlory"), base: "glory/", number: number, split: split, kind: "glory",
                                                             description: "Ideas and goals made real.", [
                "realised": .objects(views.glory.realised[part].map { GloryItemView(item: $0, model: model) }),
                "start": .number(part.lowerBound + 1),
                // Goals still ahead stand below the first page only.
                "ahead": .objects(number == 1 ? views.glory.ahead.map { GloryItemView(item: $0, model: model) } : []),
                "count": .number(views.glory.realised.count),
                "hasAhead": .bool(number == 1 && !views.glory.ahead.isEmpty),
                "today": .object(DayView(day: views.today, localization: model.localization)),
            ]))
        case .revisit(let number):
            let split = model.listPages.revisitPages
            return templates.page("revisit", listPageContext(text("revisit"), base: "revisit/", number: number, split: split, kind: "revisit", [
                "due": .objects(views.revisits.due[split.parts[number - 1]].map { RevisitItemView(item: $0, model: model) }),
                // What comes due in the next weeks stands on the first page only.
                "upcoming": .objects(number == 1 ? views.revisits.upcoming.map { RevisitItemView(item: $0, model: model) } : []),
                "isFirst": .bool(number == 1),
                "dueCount": .number(views.revisits.due.count),
                "window": .number(RevisitSchedule.window),
                "today": .object(DayView(day: views.today, localization: model.localization)),
            ]))
        case .trips:
            return templates.page("trips", context(page(text("trips"), "trips/", kind: "trips"), [
                "trips": .objects(views.trips.trips.map { TripView(trip: $0, model: model) }),
            ]))
        case .trip(let i):
            let trip = views.trips.trips[i]
            return templates.page("trip", context(page(trip.title, trip.sitePath, kind: "trip", description: trip.info?.summary), [
                "trip": .object(TripView(trip: trip, model: model, full: true)),
            ]))
        case .places:
            let numbered = views.places.places.enumerated().map { (number: $0 + 1, visit: $1) }
            let markers = numbered.filter { $0.visit.place.hasCoordinates }.map { item in
                PlaceMap.Marker(latitude: item.visit.place.latitude!, longitude: item.visit.place.longitude!,
                                label: "\(item.visit.name), \(model.localization.counted("entries", item.visit.entries.count) ?? "")",
                                url: "#place-\(item.number)", number: item.number)
            }
            return templates.page("places", context(page(text("placesTitle"), "places/", kind: "places"), [
                "places": .objects(numbered.map { PlaceVisitView(number: $0.number, visit: $0.visit, model: model) }),
                "maps": .objects(Self.regionMaps(markers, localization: model.localization, interactive: model.config.interactiveMap != nil)),
            ]))
        case .photos(let number):
            let split = model.listPages.photoPages
            return templates.page("photos", listPageContext(text("photosAndVideos"), base: "photos/", number: number, split: split, kind: "photos", [
                "months": .objects(PhotoMonthView.months(model: model, part: split.parts[number - 1])),
            ]))
        case .tasks, .doneTasks:
            return renderTaskPage(job)
        case .authors, .author:
            return renderAuthorPage(job)
        case .filter:
            return templates.page("filter", context(page(text("findEntries"), "filter/", kind: "filter"), [
                "filters": .object(FilterOptionsView(model: model)),
            ]))
        default:
            preconditionFailure("not a journal page: \(job)")
        }
    }
}

extension PageRenderer {
    /// One map per region of the journal, largest first, each titled after its places.
    static func regionMaps(_ markers: [PlaceMap.Marker], localization: Localization = .english, interactive: Bool = false) -> [LinkView] {
        let regions: [[PlaceMap.Marker]] = PlaceMap.regions(markers)
        var maps: [LinkView] = []
        for (index, region) in regions.enumerated() {
            let title = regionTitle(region, single: regions.count == 1, localization: localization)
            var map = PlaceMap(markers: region, joinMarkers: false, title: title, id: "map-\(index + 1)")
            map.localization = localization
            map.interactive = interactive
            if let svg = map.render() { maps.append(LinkView(title: title, url: "", extra: ["map": .text(svg)])) }
        }
        return maps
    }

    /// "Map of every place in the journal" when there is one region; otherwise the region's first
    /// places by name ("Leipzig, Markkleeberg and 3 more"), so a reader can tell the maps apart.
    static func regionTitle(_ region: [PlaceMap.Marker], single: Bool, localization: Localization = .english) -> String {
        func t(_ key: String) -> String { localization.label(key) ?? key }
        if single { return t("mapOfJournal") }
        let names: [String] = region.map { (marker: PlaceMap.Marker) -> String in
            String(marker.label.split(separator: ",").first ?? Substring(marker.label))
        }
        if names.count <= 2 { return t("mapOf") + " " + names.joined(separator: " \(t("and")) ") }
        return "\(t("mapOf")) \(names[0]), \(names[1]) \(t("and")) \(names.count - 2) \(t("more"))"
    }
}

/// The choices of the filter page, and the static pages that stand in for it without script.
struct FilterOptionsView: TemplateObject {
    var model: SiteModel

    func value(_ key: String) -> TemplateValue? {
        let l = model.links, views = model.views
        func option(_ value: String, _ label: String, _ url: String, _ count: Int) -> LinkView {
            LinkView(title: label, url: url, extra: ["value": .text(value), "count": .number(count)])
        }
        switch key {
        case "moods": return .objects(views.moodGroups.map { option($0.value, $0.title, l.href($0.sitePath), $0.entries.count) })
        case "themes": return .objects(views.themeGroups.map { option($0.value, $0.title, l.href($0.sitePath), $0.entries.count) })
        case "tags": return .objects(model.tags.map { option($0.name, "#" + $0.name, l.href($0.sitePath), $0.entries.count) })
        case "trips": return .objects(views.trips.trips.map { option($0.id, $0.title, l.href($0.sitePath), $0.entries.count) })
        case "years": return .objects(model.years.map { option(String($0.year), String($0.year), l.href($0.sitePath), $0.entryCount) })
        case "hasAuthors": return .bool(!views.authors.isEmpty)
        // Private authors have no page, but their entries can be found.
        case "authors": return .objects(views.authors.people.map { option($0.author.id, $0.author.name, $0.hasPage ? l.href($0.author.sitePath) : l.href("filter/") + "?author=" + $0.author.id, $0.entries.count) })
        default: return nil
        }
    }
}

/// The home page's welcome: a greeting the script fits to the reader's time of day and the
/// author's birthday, and "On this day" as of the build (the script recomputes it on view).
struct WelcomeView: TemplateObject {
    var model: SiteModel

    func value(_ key: String) -> TemplateValue? {
        let config = model.config, today = model.views.today
        switch key {
        case "author": return .optional(config.author)
        case "birthday": return .optional(config.birthday.map { "\(pad($0.month, 2))-\(pad($0.day, 2))" })
        case "isBirthday": return .bool(config.birthday.map { $0.month == today.month && $0.day == today.day } ?? false)
        case "today": return .object(DayView(day: today, localization: model.localization))
        case "onThisDay":
            return .objects(model.views.onThisDay.map { index in
                let years = today.year - model.entries[index].date.day.year
                return LinkView(title: model.entries[index].title, url: model.links.href(model.entries[index].sitePath), extra: [
                    "yearsAgo": .text(model.localization.counted("yearsAgo", years) ?? "\(years)"),
                    "date": .object(DateView(date: model.entries[index].date, showZone: false, localization: model.localization)),
                ])
            })
        default: return nil
        }
    }
}

/// The photos and videos of one month on the journal's media page, newest first, each with its entry.
struct PhotoMonthView: TemplateObject {
    var title: String
    var items: [(entry: Int, item: MediaItem)]
    var model: SiteModel

    /// The photos of one page of the media page, grouped by the month of their entry.
    static func months(model: SiteModel, part: Range<Int>) -> [PhotoMonthView] {
        var months: [PhotoMonthView] = []
        for photo in model.listPages.photos[part] {
            let day = model.entries[photo.entry].date.day
            let title = model.localization.monthAndYear(year: day.year, month: day.month)
            if months.last?.title != title { months.append(PhotoMonthView(title: title, items: [], model: model)) }
            months[months.count - 1].items.append((photo.entry, model.entries[photo.entry].media[photo.item]))
        }
        return months
    }

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "title": return .text(title)
        case "count": return .number(items.count)
        case "media":
            return .objects(items.map { pair in
                LinkView(title: model.entries[pair.entry].title, url: model.links.href(model.entries[pair.entry].sitePath),
                         extra: ["item": .object(MediaView(item: pair.item, links: model.links, localization: model.localization))])
            })
        default: return nil
        }
    }
}
