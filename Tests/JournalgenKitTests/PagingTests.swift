import Foundation
import Testing
@testable import JournalgenKit

/// Long lists are cut into pages that stay small however long the journal grows.
@Suite struct PagingTests {
    typealias YM = PageSplit.YearMonth

    @Test func pagesEndBetweenMonthsAndNeverPassTheLimit() {
        func months(_ counts: [Int]) -> [YM] {
            counts.enumerated().flatMap { i, n in Array(repeating: YM(year: 2026, month: 12 - i), count: n) }
        }
        // Months of 2, 2, 3, 1: with a limit of 4, [2 2] [3 1].
        #expect(PageSplit(months: months([2, 2, 3, 1]), limit: 4).parts == [0..<4, 4..<8])
        // A month larger than the limit is the only one cut, and whole months stay whole around it.
        #expect(PageSplit(months: months([1, 7, 2]), limit: 3).parts == [0..<1, 1..<4, 4..<7, 7..<10], "the rest of a cut month shares a page with the next")
        #expect(PageSplit(months: [], limit: 3).parts == [0..<0], "an empty list still has its one page")
        let split = PageSplit(months: months([2, 2, 3, 1]), limit: 4)
        #expect(split.spans.map { [$0.first.month, $0.last.month] } == [[12, 11], [10, 9]])
        #expect(PageSplit.path("tags/hike/", page: 1) == "tags/hike/")
        #expect(PageSplit.path("tags/hike/", page: 3) == "tags/hike/page/3/")
    }

    @Test func everyLongListIsCutIntoLinkedPagesHoldingEachItemOnce() throws {
        let journal = try TemporaryJournal(config: """
            title: Paged
            timezone: Europe/Berlin
            base_url: https://example.org/j/
            paginate: {home: 4, lists: 3, photos: 2, mood_log: 4, glory: 3}
            """)
        defer { journal.remove() }
        let png = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../example-journal/media/lake-evening.png").standardizedFileURL)
        try journal.write("media/p.png", png)
        for day in 1...8 {
            let month = day <= 4 ? 3 : 4
            try journal.write("entries/2026-0\(month)-0\(day)-e\(day).md",
                              "---\ntitle: E\(day)\ndate: 2026-0\(month)-0\(day)\ntags: [walk]\nmood: good\nmedia: [p.png]\nglory: true\nrevisit: 2 weeks\n---\nDay \(day).\n")
        }
        try journal.write("moods.log", (1...9).map { "2026-05-0\($0) 10:00 good line \($0)" }.joined(separator: "\n") + "\n")
        let report = journal.build { $0.strict = true }
        #expect(report.succeeded, "\(report.diagnostics)")

        /// Follows "older" links from the first page, collecting what each page lists.
        func walk(_ base: String, _ items: String) throws -> [[String]] {
            var pages: [[String]] = [], path: String? = base
            while let current = path {
                let doc = try page(journal.output, current + "index.html")
                pages.append(doc.strings(items))
                #expect(doc.strings("//nav[@class='pagination']//a[@rel='prev']/@href").count == (pages.count == 1 ? 0 : 1))
                path = doc.string("//nav[@class='pagination']//a[@rel='next']/@href").map { String($0.dropFirst("/j/".count)) }
                #expect(pages.count < 20)
            }
            return pages
        }
        // Eight entries, four in each month, three a page: months cannot stay whole, no page holds more than three.
        let tagPages = try walk("tags/walk/", "//ul[@class='rows']/li//a[starts-with(@href, '/j/2026/')][1]")
        #expect(tagPages.map(\.count) == [3, 1, 3, 1])
        #expect(tagPages.flatMap { $0 } == (1...8).reversed().map { "E\($0)" })
        let second = try page(journal.output, "tags/walk/page/2/index.html")
        #expect(second.string("//title")?.hasPrefix("#walk · Page 2") == true)
        #expect(second.strings("//details[@class='pager-parts']//a") == ["Apr 2026", "Apr 2026", "Mar 2026", "Mar 2026"])
        #expect(second.string("//details[@class='pager-parts']//a[@aria-current='page']/@href") == "/j/tags/walk/page/2/")
        #expect(try walk("moods/good/", "//ul[@class='rows']/li//a[starts-with(@href, '/j/2026/')][1]").flatMap { $0 }.count == 8)
        let photoPages = try walk("photos/", "//ul[@class='gallery']/li//figcaption/a")
        #expect(photoPages.map(\.count) == [2, 2, 2, 2])
        #expect(photoPages.flatMap { $0 } == (1...8).reversed().map { "E\($0)" })
        let gloryPages = try walk("glory/", "//ol[@class='glory-list']/li//h2/a")
        #expect(gloryPages.map(\.count) == [3, 1, 3, 1])
        #expect(gloryPages.flatMap { $0 } == (1...8).reversed().map { "E\($0)" })
        #expect(try page(journal.output, "glory/page/2/index.html").string("//ol[@class='glory-list']/@start") == "4", "numbered on from the page before")
        let revisitPages = try walk("revisit/", "//section[@class='revisit-due']//ul[@class='rows']/li/a")
        #expect(revisitPages.map(\.count) == [3, 1, 3, 1])
        #expect(revisitPages.flatMap { $0 } == (1...8).map { "E\($0)" }, "the longest due first")
        // The home page and the pages of older entries, four a page, counted from the oldest.
        let homePages = try walk("", "//article[contains(@class,'card')]//h2")
        #expect(homePages.map(\.count) == [4, 4])
        #expect(homePages.flatMap { $0 } == (1...8).reversed().map { "E\($0)" })
        let logPages = try walk("mood-log/", "//ol[@class='log']/li/span[@class='note']")
        #expect(logPages.map(\.count) == [4, 4, 1])
        #expect(logPages.flatMap { $0 } == (1...9).reversed().map { "line \($0)" })

        // More entries than a list page holds: the archive names months, and the year pages list them.
        let archive = try page(journal.output, "archive/index.html")
        #expect(archive.strings("//ul[@class='rows']/li").isEmpty)
        #expect(archive.strings("//section[@class='archive-year']//nav//a/@href") == ["/j/2026/04/", "/j/2026/03/"])
        // A year of moods per page.
        let moods = try page(journal.output, "moods/index.html")
        #expect(moods.strings("//section[@class='mood-timeline']//h2") == ["Timeline 2026"])
        #expect(FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("moods/years/2026/index.html").path))
        // The search index in one small file a year, and one a month for "On this day".
        #expect(!FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("index.json").path))
        let sitemap = try journal.read("_site/sitemap.xml")
        #expect(sitemap.contains("https://example.org/j/photos/page/4/") && sitemap.contains("https://example.org/j/tags/walk/page/4/"))
    }

    /// A writer adds an entry a day: the pages of older entries keep their addresses and what
    /// they hold, and only the home page changes (numbered from the newest, every page moved).
    @Test func olderHomePagesStayAsTheyAreWhenANewDayIsAdded() throws {
        let journal = try TemporaryJournal(config: "title: Grows\ntimezone: Europe/Berlin\nbase_url: https://example.org/j/\npaginate: {home: 4}\n")
        defer { journal.remove() }
        func add(_ day: Int) throws {
            let month = day <= 5 ? 3 : 4
            try journal.write("entries/2026-0\(month)-\(day < 10 ? "0" : "")\(day)-e.md", "---\ntitle: E\(day)\n---\nDay \(day).\n")
        }
        for day in 1...9 { try add(day) }
        #expect(journal.build().succeeded)
        // Nine entries, four a page: the oldest four on page 1, the five newest on the home page.
        let oldest = try page(journal.output, "page/1/index.html")
        #expect(oldest.strings("//article[contains(@class,'card')]//h2") == ["E4", "E3", "E2", "E1"])
        #expect(oldest.string("//h1/small") == "Mar 2026", "named by the months it holds")
        #expect(oldest.string("//title") == "Grows, Mar 2026")
        #expect(oldest.string("//nav[@class='pagination']//a[@rel='prev']/@href") == "/j/")
        #expect(oldest.count("//nav[@class='pagination']//a[@rel='next']") == 0)
        let home = try page(journal.output, "index.html")
        #expect(home.count("//article[contains(@class,'card')]") == 5)
        #expect(home.string("//nav[@class='pagination']//a[@rel='next']/@href") == "/j/page/1/")
        #expect(home.count("//h1/small") == 0)
        #expect(home.string("//nav[@class='pagination']/span[@class='where']") == "Apr 2026 – Mar 2026")
        let before = try journal.read("_site/page/1/index.html")

        // Three new days: the fourth fills a page of its own (page 2), below the home page.
        for day in 10...12 {
            try add(day)
            let report = journal.build()
            #expect(report.succeeded)
            #expect(try journal.read("_site/page/1/index.html") == before || day == 12, "page 1 as it was")
            #expect(!report.pagesMade.contains("page/1/index.html") || day == 12, "not even rendered again after day \(day)")
        }
        let second = try page(journal.output, "page/2/index.html")
        #expect(second.strings("//article[contains(@class,'card')]//h2") == ["E8", "E7", "E6", "E5"])
        #expect(try page(journal.output, "index.html").strings("//article[contains(@class,'card')]//h2") == ["E12", "E11", "E10", "E9"])
        // Page 1's newer page is now page 2, not the home page: that link is all that changed.
        let after = try page(journal.output, "page/1/index.html")
        #expect(after.string("//nav[@class='pagination']//a[@rel='prev']/@href") == "/j/page/2/")
        #expect(after.strings("//article[contains(@class,'card')]//h2") == ["E4", "E3", "E2", "E1"])
    }

    /// A year's mood charts are made of its own days: a new day this year leaves the pages of
    /// other years as they are, unless a year is added to the links between them.
    @Test func aNewDayRedrawsTheMoodsOfItsYearOnly() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2025-06-01-a.md", "---\nmood: good\n---\nA.\n")
        try journal.write("entries/2026-03-01-b.md", "---\nmood: bad\n---\nB.\n")
        #expect(journal.build().succeeded)
        try journal.write("entries/2026-03-02-c.md", "---\nmood: good\n---\nC.\n")
        var report = journal.build()
        #expect(report.succeeded)
        #expect(report.pagesMade.contains("moods/years/2026/index.html"))
        #expect(!report.pagesMade.contains("moods/years/2025/index.html"), "2025 has no new day")
        #expect(!report.pagesMade.contains("mood-log/index.html"), "the mood log lists its own lines, no entry's")
        // A first day in a new year: every year's page links it.
        try journal.write("entries/2024-02-01-d.md", "---\nmood: bad\n---\nD.\n")
        report = journal.build()
        #expect(report.pagesMade.contains("moods/years/2025/index.html"))
        #expect(try page(journal.output, "moods/years/2025/index.html").strings("//nav[@class='month-index']/a") == ["2026", "2025", "2024"])
        // A line of the mood log: its page, and the charts of its year.
        try journal.write("moods.log", "2025-07-01 09:00 good a line of the log\n")
        report = journal.build()
        #expect(report.pagesMade.contains("mood-log/index.html") && report.pagesMade.contains("moods/years/2025/index.html"))
        #expect(try page(journal.output, "mood-log/index.html").strings("//ol[@class='log']/li/span[@class='note']") == ["a line of the log"])
    }

    @Test func aPlaceListsItsNewestEntriesAndFindsTheRest() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        for day in 1...9 {
            try journal.write("entries/2026-04-0\(day)-e.md", "---\ntitle: E\(day)\nlocation: {name: Leipzig, lat: 51.34, lon: 12.37}\n---\nText.\n")
        }
        try journal.write("entries/2026-03-01-e.md", "---\ntitle: E0\nlocation: {name: Leipzig, lat: 51.34, lon: 12.37}\n---\nText.\n")
        try journal.write("entries/2026-03-02-e.md", "---\ntitle: Ex\nlocation: {name: Leipzig, lat: 51.34, lon: 12.37}\n---\nText.\n")
        #expect(journal.build().succeeded)
        let places = try page(journal.output, "places/index.html")
        #expect(places.strings("//ol[@class='place-list']/li//ul[@class='rows']/li").count == PlaceVisitView.shown)
        #expect(places.string("//ol[@class='place-list']/li//p[@class='more']/a/@href") == "/j/filter/?q=Leipzig")
        #expect(places.string("//ol[@class='place-list']/li//p[@class='more']/a")?.hasSuffix("(1) →") == true)
    }

    @Test func paginateSettingsAreCheckedWhereTheyAreWritten() throws {
        let journal = try TemporaryJournal(config: "title: T\ntimezone: Europe/Berlin\npaginate: {lists: 0, pages: 3}\n")
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nText.\n")
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains { $0.message.contains("paginate.lists is '0'; expected a whole number of items per page up to 10000, such as 300") && $0.location.line == 3 })
        #expect(report.diagnostics.contains { $0.message.contains("paginate.pages is not a list journalgen paginates") })
    }
}
