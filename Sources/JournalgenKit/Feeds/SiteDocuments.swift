import Foundation

/// One file beside the pages: where it goes, which entries' texts it shows, and how to make it.
struct SiteDocument: Sendable {
    var path: String
    /// The entries whose texts (bodies) the file shows; nil for every entry's and the task lists
    /// (as a feed or the calendar). A body edit makes again only the files that read it.
    var reads: [Int]?
    /// The part of the journal the file shows by itself, if it is one (a group of
    /// SiteFingerprint.groups): it is then made again when an entry of that part comes, goes or
    /// changes, not whenever any entry does (a year's search file when an entry of another year
    /// is added). Nil: the file shows the list of every entry.
    var group: String?
    var render: @Sendable () -> Data

    init(_ path: String, reads: [Int]? = nil, group: String? = nil, render: @escaping @Sendable () -> Data) {
        self.path = path
        self.reads = reads
        self.group = group
        self.render = render
    }
}

/// The files beside the pages: feed.xml, sitemap.xml, robots.txt, reminders.ics and the search index.
/// Feeds, sitemaps and calendars need absolute URLs: without a host in base_url they are left
/// out, with a warning that says why.
enum SiteDocuments {
    static func documents(model: SiteModel, pages: [(job: PageJob, path: String)], configLocation: SourceLocation,
                          diagnostics: DiagnosticsEngine, feedsLeftOut: inout Bool) -> [SiteDocument] {
        let absolute = !model.config.absoluteBase.isEmpty
        var documents = SearchIndex(model: model).documents()
        documents.append(SiteDocument("robots.txt", reads: []) { RobotsFile(model: model, hasSitemap: absolute).render() })
        if absolute {
            documents += [
                SiteDocument("feed.xml", reads: AtomFeed(model: model).entries.sorted(), group: AtomFeed.group(path: "feed.xml")) { AtomFeed(model: model).render() },
                SiteDocument("reminders.ics", reads: ReminderCalendar(model: model).reads, group: ReminderCalendar.group) { ReminderCalendar(model: model).render() },
            ]
            documents += Sitemap(model: model, pages: pages).documents()
            for i in model.views.authors.listed {
                let feed = AtomFeed(model: model, author: i)
                let path = AtomFeed.path(author: model.views.authors.people[i].author)
                documents.append(SiteDocument(path, reads: feed.entries.sorted(), group: AtomFeed.group(path: path)) { feed.render() })
            }
        } else if model.config.baseURL == "/" {
            // The default, fine for browsing a site locally (and what `init` writes): a note in
            // the summary, not a warning on every build.
            feedsLeftOut = true
        } else {
            diagnostics.warning("base_url '\(model.config.baseURL)' has no scheme and host, so feed.xml, sitemap.xml and reminders.ics are left out (they need absolute URLs); expected an address such as https://example.org/journal/, or --base-url",
                                at: configLocation)
        }
        return documents
    }
}
