import Foundation

/// The files beside the pages: feed.xml, sitemap.xml, robots.txt, reminders.ics and the search index.
/// Feeds, sitemaps and calendars need absolute URLs: without a host in base_url they are left
/// out, with a warning that says why.
enum SiteDocuments {
    typealias Document = (path: String, render: @Sendable () -> Data)

    static func documents(model: SiteModel, pages: [(job: PageJob, path: String)], configLocation: SourceLocation,
                          diagnostics: DiagnosticsEngine, feedsLeftOut: inout Bool) -> [Document] {
        let absolute = !model.config.absoluteBase.isEmpty
        var documents: [Document] = SearchIndex(model: model).documents()
        documents.append(("robots.txt", { @Sendable in RobotsFile(model: model, hasSitemap: absolute).render() }))
        if absolute {
            documents += [
                ("feed.xml", { @Sendable in AtomFeed(model: model).render() }),
                ("reminders.ics", { @Sendable in ReminderCalendar(model: model).render() }),
            ]
            documents += Sitemap(model: model, pages: pages).documents()
            for i in model.views.authors.listed {
                documents.append((AtomFeed.path(author: model.views.authors.people[i].author), { @Sendable in AtomFeed(model: model, author: i).render() }))
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
