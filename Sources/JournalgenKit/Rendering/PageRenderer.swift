/// One page of the site to render.
public enum PageJob: Sendable, Hashable {
    case entry(Int)
    case home(page: Int)
    case archive
    case year(Int)
    case month(year: Int, month: Int)
    case tags
    case tag(Int, page: Int)
    case notFound
    // The journal's own pages (JournalPages.swift).
    case moods
    case moodYear(Int)
    case moodLog(page: Int)
    case moodLevel(Int, page: Int)
    case theme(Int, page: Int)
    case glory(page: Int)
    case revisit(page: Int)
    case trips
    case trip(Int)
    case places
    case filter
    case photos(page: Int)
    case tasks(page: Int)
    case doneTasks(page: Int)
    case authors
    case author(Int, page: Int)
    /// A private page's lock screen (LockedPages.swift).
    case locked(Int)
}

/// Fills the templates for each page of the site. Stateless: pages render on any thread.
public struct PageRenderer: Sendable {
    public let model: SiteModel
    public let templates: TemplateSet
    public let theme: Theme
    public let stylesheet: String
    public let script: String
    /// `site`, made once: its values are the same on every page.
    let site: SiteView
    /// The lock screens of private pages, and what they need to open them.
    var lock = LockScreens()

    public init(model: SiteModel, templates: TemplateSet, theme: Theme, stylesheet: String, script: String) {
        self.model = model
        self.templates = templates
        self.theme = theme
        self.stylesheet = stylesheet
        self.script = script
        site = SiteView(model: model, stylesheet: stylesheet, script: script, once: true)
    }

    /// Lets list pages include each entry's `entry-card` and `entry-row` templates as `{{{card}}}`
    /// and `{{{row}}}`, each rendered once, when a page first needs it.
    public func prepareFragments() {
        let page = PageView(title: "", description: nil, canonical: "", variant: theme.defaultVariant, kind: "fragment")
        let templates = self.templates, stylesheet = self.stylesheet, script = self.script
        // Unowned: the model owns its fragments, and a strong reference back would keep every
        // model `serve` ever built alive (a journal's worth of memory per save).
        model.fragments.setMaker(count: model.entries.count) { [unowned model] index, kind in
            let site = SiteView(model: model, stylesheet: stylesheet, script: script)
            let context = PageContext(site: site, page: page, values: [:])
            let fragment = TemplateValue.object(FragmentContext(outer: context, entry: EntryView(model: model, index: index)))
            // Kept for the whole build: made from the rendered bytes, it has no spare room.
            return templates.render(kind.template, fragment)
        }
    }

    /// Every page, in a fixed order, with the file each is written to (`outputPath`): made
    /// together, since leaving out public pages a locked one stands in for names every page.
    func jobsAndPaths() -> (jobs: [PageJob], paths: [String]) {
        var jobs: [PageJob] = model.entries.indices.map { .entry($0) }
        jobs += (1...model.homePageCount).map { .home(page: $0) }
        jobs.append(.archive)
        for (y, year) in model.years.enumerated() {
            jobs.append(.year(y))
            for (m, _) in year.months.enumerated() { jobs.append(.month(year: y, month: m)) }
        }
        jobs.append(.tags)
        for (t, split) in model.listPages.tags.enumerated() { jobs += (1...split.count).map { .tag(t, page: $0) } }
        jobs.append(.notFound)
        jobs += journalPageJobs
        jobs += lock.pages.indices.map { .locked($0) }
        let renderer = self, all = jobs
        let paths: [String] = parallelMap(all) { renderer.outputPath($0) }
        // A locked page may stand in for a public one (the home page of an all-private journal).
        let lockedPaths = Set(lock.pages.map { $0.sitePath + "index.html" })
        let kept = lockedPaths.isEmpty ? nil : all.indices.filter { index in
            if case .locked = all[index] { return true }
            return !lockedPaths.contains(paths[index])
        }
        guard let kept, kept.count < all.count else { return (all, paths) }
        return (kept.map { all[$0] }, kept.map { paths[$0] })
    }

    /// The file the page is written to, relative to the site root.
    public func outputPath(_ job: PageJob) -> String {
        switch job {
        case .entry(let i): return model.entries[i].sitePath + "index.html"
        case .home(let page): return model.homePagePath(page) + "index.html"
        case .archive: return "archive/index.html"
        case .year(let y): return model.years[y].sitePath + "index.html"
        case .month(let y, let m): return model.years[y].months[m].sitePath + "index.html"
        case .tags: return "tags/index.html"
        case .tag(let t, let page): return PageSplit.path(model.tags[t].sitePath, page: page) + "index.html"
        case .notFound: return "404.html"
        case .locked(let i): return lock.pages[i].sitePath + "index.html"
        default: return journalPagePath(job)
        }
    }

    func page(_ title: String, _ path: String, kind: String, description: String? = nil, variant: String? = nil) -> PageView {
        PageView(title: title, description: description, canonical: model.links.absolute(path),
                 variant: variant ?? theme.defaultVariant, kind: kind)
    }

    /// The context of page `number` of a list that `split` cuts, whose first page is at `base`:
    /// later pages get their number in the title ("#hike · Page 2"), and `pager` links them all.
    func listPageContext(_ title: String, base: String, number: Int, split: PageSplit, kind: String, description: String? = nil,
                         variant: String? = nil, _ values: [String: TemplateValue], onRequest: [String: @Sendable () -> TemplateValue] = [:]) -> TemplateValue {
        var values = values
        values["pager"] = .object(PaginationView(split: split, page: number, base: base, model: model))
        let title = number <= 1 ? title : "\(title) · \(text("pageLabel")) \(number)"
        return context(page(title, PageSplit.path(base, page: number), kind: kind, description: description, variant: variant), values, onRequest: onRequest)
    }

    /// A label in the journal's language, for page titles.
    func text(_ key: String) -> String { model.localization.label(key) ?? key }

    func context(_ view: PageView, _ values: [String: TemplateValue], onRequest: [String: @Sendable () -> TemplateValue] = [:]) -> TemplateValue {
        .object(PageContext(site: site, page: view, values: values, onRequest: onRequest))
    }

    public func render(_ job: PageJob) -> [UInt8] {
        let links = model.links
        switch job {
        case .entry(let i):
            // Field by field: a copy of the entry is a few dozen references, on each of its pages.
            let variant = model.entries[i].theme.flatMap { theme.variants.contains($0) ? $0 : nil }
            let view = EntryView(model: model, index: i, withNeighbours: true)
            return templates.page("entry", context(page(model.entries[i].title, model.entries[i].sitePath, kind: "entry",
                                                          description: model.entries[i].body.summary, variant: variant), ["entry": .object(view)]))
        case .home(let number):
            let pagination = PaginationView(home: number, model: model)
            // The older pages by the months they hold ("Mia's journal, Mar 2013 – Feb 2013").
            let title = number == 1 ? model.config.title : "\(model.config.title), \(pagination.ownLabel ?? "\(model.homeBlock(number))")"
            return templates.page("home", context(page(title, model.homePagePath(number), kind: "home"), [
                "entries": .objects(model.homeEntries(number).map { EntryView(model: model, index: $0) }),
                "isFirstPage": .bool(number == 1),
                "welcome": .object(WelcomeView(model: model)),
                "pagination": .object(pagination),
            ]))
        case .archive:
            return templates.page("archive", context(page(text("archive"), "archive/", kind: "archive"), [
                "years": .objects(model.years.map { YearView(year: $0, model: model) }),
                // Every title fits on one page up to a list page's worth; beyond, the months and their counts.
                "listsEntries": .bool(model.entries.count <= model.config.paging.lists),
            ]))
        case .year(let y):
            let year = model.years[y]
            return templates.page("year", context(page(String(year.year), year.sitePath, kind: "year"), [
                "year": .object(YearView(year: year, model: model)),
            ]))
        case .month(let y, let m):
            let month = model.years[y].months[m]
            let view = MonthView(month: month, model: model)
            return templates.page("month", context(page(model.localization.monthAndYear(year: month.year, month: month.month), month.sitePath, kind: "month"), [
                "month": .object(view), "year": .object(YearView(year: model.years[y], model: model)),
            ]))
        case .tags:
            return templates.page("tags", context(page(text("tags"), "tags/", kind: "tags"), [
                "tags": .objects(model.tags.map { TagView(tag: $0, model: model) }),
            ]))
        case .tag(let t, let number):
            let tag = model.tags[t], split = model.listPages.tags[t]
            return templates.page("tag", listPageContext("#\(tag.name)", base: tag.sitePath, number: number, split: split, kind: "tag", [
                "tag": .object(TagView(tag: tag, model: model, part: split.parts[number - 1])),
            ]))
        case .notFound:
            return templates.page("404", context(page(text("notFound"), "404.html", kind: "notFound"), [:]))
        case .locked(let i):
            return renderLockScreen(lock.pages[i])
        default:
            return renderJournalPage(job)
        }
    }
}

/// Renders a partial with an entry on top of the page context, as `{{#entries}}{{>entry-card}}` would.
struct FragmentContext: TemplateObject {
    var outer: PageContext
    var entry: EntryView

    func value(_ key: String) -> TemplateValue? { entry.value(key) ?? outer.value(key) }
    func value(_ key: TemplateKey) -> TemplateValue? { entry.value(key) ?? outer.value(key) }
}
