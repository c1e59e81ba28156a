import Foundation
import Testing
@testable import JournalgenKit

/// Builds the example journal end to end and reads the pages back through libxml2.
@Suite(.serialized) struct ExampleJournalTests {
    static let site: URL = {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("journalgen-example-\(UUID().uuidString)")
        var options = BuildOptions(journal: packageRoot.appendingPathComponent("example-journal"))
        options.output = output
        options.today = CalendarDay(year: 2026, month: 11, day: 22)
        options.strict = true
        options.passphrase = { _ in ExampleJournalTests.passphrase }
        let report = BuildPipeline(options: options).run()
        precondition(report.succeeded, "example-journal does not build: \(report.diagnostics)")
        return output
    }()

    /// The demo's passphrase, which the private entry and the README give.
    static let passphrase = "lindenstrasse 14"

    @Test func buildsWithoutWarnings() throws {
        var options = BuildOptions(journal: packageRoot.appendingPathComponent("example-journal"))
        options.writeOutput = false
        options.passphrase = { _ in Self.passphrase }
        options.today = CalendarDay(year: 2026, month: 11, day: 22)
        let report = BuildPipeline(options: options).run()
        #expect(report.succeeded)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.entries == 37)
        #expect(report.revisitsDue == 6)
    }

    @Test func everyPageParsesWithoutErrors() throws {
        let pages = snapshot(Self.site).filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 50)
        for (path, data) in pages {
            let document = try #require(MarkupDocument(data: data), "\(path)")
            #expect(document.problems.isEmpty, "\(path): \(document.problems)")
            #expect(document.count("/html/head/title") == 1, "\(path)")
        }
    }

    @Test func entryPage() throws {
        let doc = try page(Self.site, "2026/04/01/kyoto-gates/index.html")
        #expect(doc.string("//h1") == "Up the mountain of ten thousand gates")
        #expect(doc.string("//title") == "Up the mountain of ten thousand gates · Small Hours")
        #expect(doc.string("//article//time/@datetime") == "2026-04-01T18:20:00+09:00")
        #expect(doc.string("//article//time") == "Wednesday, 1 April 2026, 18:20")
        #expect(doc.string("//span[@class='zone']") == "UTC+09:00", "written abroad: the zone is shown")
        #expect(doc.string("//span[contains(@class,'mood-amazing')]//span[@class='mood-label']") == "Amazing")
        #expect(doc.string("//li[@class='place']/a/@href") == "https://www.openstreetmap.org/?mlat=34.9671&mlon=135.7727#map=15/34.9671/135.7727")
        #expect(doc.strings("//ul[@class='tags']//a") == ["#japan", "#travel", "#hike"])
        #expect(doc.string("//ul[@class='tags']//a/@href") == "/tags/japan/")
        #expect(doc.strings("//ul[@class='gallery']//img/@src") == ["/media/kyoto-gates-640.jpg", "/2026/04/01/kyoto-gates/torii-detail-640.jpg"])
        #expect(doc.strings("//ul[@class='gallery']//source/@srcset").first == "/media/kyoto-gates-480.webp 480w, /media/kyoto-gates-640.webp 640w")
        #expect(doc.strings("//ul[@class='gallery']//a[@data-view='image']/@href").first == "/media/kyoto-gates-640.jpg")
        #expect(doc.strings("//ul[@class='gallery']//img/@width") == ["640", "640"])
        #expect(doc.strings("//ul[@class='gallery']//img/@loading") == ["lazy", "lazy"])
        #expect(doc.string("//figcaption") == "The gates thin out after the first hour")
        #expect(doc.string("//a[@rel='prev']/@href") == "/2026/03/29/tokyo-jet-lag/")
        #expect(doc.string("//a[@rel='next']/@href") == "/2026/04/03/nara-deer/")
        #expect(doc.string("//body/@class") == "variant-forest page-entry")
        #expect(doc.string("//link[@rel='canonical']/@href") == "https://small-hours.example.org/2026/04/01/kyoto-gates/")
        #expect(FileManager.default.fileExists(atPath: Self.site.appendingPathComponent("2026/04/01/kyoto-gates/torii-detail-480.webp").path))
        #expect(!FileManager.default.fileExists(atPath: Self.site.appendingPathComponent("2026/04/01/kyoto-gates/torii-detail.png").path),
                "originals are not published unless media.originals is true")
    }

    @Test func markdownFeatures() throws {
        let doc = try page(Self.site, "2025/03/15/spring-cleaning-of-the-mind/index.html")
        #expect(doc.strings("//div[@class='entry-body']/h2/@id") == ["this-month", "never"])
        #expect(doc.count("//input[@type='checkbox' and @checked]") == 2)
        #expect(doc.count("//strong[@class='important']") == 1)
        #expect(doc.count("//del") == 1)
        let bread = try page(Self.site, "2025/02/08/first-bread-that-rose/index.html")
        #expect(bread.count("//table//tr") == 4)
        let home = try page(Self.site, "2026/04/20/home-again/index.html")
        #expect(home.count("//section[contains(@class,'footnotes')]//li") == 1)
        let toml = try page(Self.site, "2025/11/11/booked/index.html")
        #expect(toml.string("//h1") == "Booked it")
        #expect(toml.string("//li[@class='glory']") == "★ On the List of Glory, came true 11 November 2025")
        let headingTitle = try page(Self.site, "2025/07/30/heat/index.html")
        #expect(headingTitle.string("//h1") == "Thirty-seven degrees")
    }

    @Test func homeArchiveAndLists() throws {
        let home = try page(Self.site, "index.html")
        // 37 entries, 8 a page, counted from the oldest: pages 1 to 3 hold 24, the home page the 13 newest.
        #expect(home.count("//article[contains(@class,'card')]") == 13)
        #expect(home.string("//article[contains(@class,'card')][1]//h2") == "Fog")
        #expect(home.string("//nav[@class='pagination']//a[@rel='next']/@href") == "/page/3/")
        let last = try page(Self.site, "page/1/index.html")
        #expect(last.count("//article[contains(@class,'card')]") == 8)
        #expect(last.count("//nav[@class='pagination']//a[@rel='next']") == 0)
        #expect(last.string("//nav[@class='pagination']//a[@rel='prev']/@href") == "/page/2/")
        #expect(!FileManager.default.fileExists(atPath: Self.site.appendingPathComponent("page/4/index.html").path))
        let archive = try page(Self.site, "archive/index.html")
        #expect(archive.strings("//section[@class='archive-year']/h2/a") == ["2026", "2025"])
        #expect(archive.count("//ul[@class='rows']/li") == 37)
        let month = try page(Self.site, "2026/04/index.html")
        #expect(month.count("//article[contains(@class,'card')]") == 5)
        let tag = try page(Self.site, "tags/japan/index.html")
        #expect(tag.count("//ul[@class='rows']/li") == 8)
        #expect(FileManager.default.fileExists(atPath: Self.site.appendingPathComponent("404.html").path))
        #expect(FileManager.default.fileExists(atPath: Self.site.appendingPathComponent("style.css").path))
    }

    @Test func journalPages() throws {
        let moods = try page(Self.site, "moods/index.html")
        // Two people write the journal: each has their own streaks and charts, no shared average.
        #expect(moods.strings("//section[@class='mood-person']/h2").map { $0.trimmingCharacters(in: .whitespaces) } == ["Lena", "Jonas"])
        #expect(moods.strings("//section[@class='mood-person']//dl[@class='stats']/div[position()>1]/dd/text()[1]").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["34 days", "34 days", "none", "5 days"], "Lena's daily moods from 20 October to 22 November; Jonas's last on 20 November")
        #expect(moods.count("//section[@class='mood-summary']") == 0)
        #expect(Set(moods.strings("//*[local-name()='svg']/*[local-name()='title']/@id")).count == moods.count("//*[local-name()='svg']/*[local-name()='title']"),
                "two people's charts on one page keep their ids apart")
        // The moods page draws the latest year (each person's) and links every year's own page.
        for (path, year, people) in [("moods/index.html", "2026", 2), ("moods/years/2026/index.html", "2026", 1), ("moods/years/2025/index.html", "2025", 1)] {
            let doc = try page(Self.site, path)
            #expect(doc.count("//*[local-name()='svg'][contains(@class,'timeline')][contains(@class,'desktop-only')]") == people, "one timeline a person in \(path)")
            #expect(doc.count("//*[local-name()='svg'][contains(@class,'timeline')][contains(@class,'phone-only')]") == people, "and one drawn for a phone")
            #expect(doc.count("//table[contains(@class,'pixels')]") == 2 * people, "a year in pixels for a desktop and for a phone")
            #expect(doc.string("//section[@class='mood-pixels']/h2") == "Year in pixels \(year)")
        }
        #expect(moods.strings("//nav[@aria-label='Moods by year']/a/@href") == ["/moods/years/2026/", "/moods/years/2025/"])
        #expect(try page(Self.site, "moods/years/2025/index.html").string("//nav[@aria-label='Moods by year']/a[@aria-current='page']") == "2025")

        let trip = try page(Self.site, "trips/malerweg-2026/index.html")
        #expect(trip.string("//h1") == "The Painters' Way")
        #expect(trip.strings("//ol[@class='stop-list']/li/strong") == ["Pirna old town", "Bastei", "Hohnstein", "Schmilka"])
        #expect(trip.string("//section[@class='tracks']//li/span") == "13.0 km")
        #expect(trip.count("//*[local-name()='path'][@class='track']") == 1)
        #expect(trip.count("//*[local-name()='path'][@class='land']") == 1, "the map has land")
        #expect(trip.count("//*[local-name()='path'][@class='border']") == 1, "and the German–Czech border")
        #expect(trip.strings("//section[@class='trip-photos']//a[@data-view='image']/@href")
                == ["/2026/09/05/bastei/bastei-bridge-1600.jpg", "/2026/09/05/bastei/elbe-from-above-1600.jpg"])
        #expect(trip.count("//div[@class='cover']//img[@loading='eager']") == 1)
        let schmilka = try page(Self.site, "2026/09/07/schmilka/index.html")
        #expect(schmilka.string("//div[@class='entry-body']//picture//img/@width") == "960")
        #expect(schmilka.string("//div[@class='entry-body']//picture//img/@height") == "640")
        let photos = try page(Self.site, "photos/index.html")
        #expect(photos.count("//a[@data-view='image']") == 10 - 1, "every listed photo; the one in Schmilka's text is not under media")
        let trips = try page(Self.site, "trips/index.html")
        #expect(trips.count("//a[@href='/trips/japan-2026/']") >= 1)

        let glory = try page(Self.site, "glory/index.html")
        #expect(glory.count("//ol[@class='glory-list']/li") == 5)
        #expect(glory.strings("//section[@class='glory-ahead']//a") == ["Signed up for the spring half"])
        let revisit = try page(Self.site, "revisit/index.html")
        #expect(revisit.count("//section[@class='revisit-due']//li") == 6)
        #expect(revisit.string("//header//a[contains(@href,'/revisit/')]//*[@class='badge']") == "6")

        let places = try page(Self.site, "places/index.html")
        #expect(places.count("//figure[@class='map-figure']") == 2, "Saxony and Japan get a map each")
        let feed = try #require(MarkupDocument(data: Data(contentsOf: Self.site.appendingPathComponent("feed.xml")), kind: .xml))
        #expect(feed.problems.isEmpty)
        #expect(feed.count("//*[local-name()='entry']") == 20)
        #expect(feed.string("//*[local-name()='entry'][1]/*[local-name()='title']") == "Fog")
    }

    @Test func draftAndPrivateEntriesAreNowhere() throws {
        for (path, data) in snapshot(Self.site) {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("The thing I did not say") && !path.contains("the-thing-i-did-not-say"), "private entry in \(path)")
            #expect(!text.contains("dark months") && !text.contains("tell-oma"), "private task in \(path)")
            #expect(!text.contains("A quiet week") && !path.contains("a-quiet-week"), "draft in \(path)")
        }
    }

    @Test func privateEntryOpensWithTheDemoPassphrase() throws {
        let index = try String(contentsOf: Self.site.appendingPathComponent("private/index.html"), encoding: .utf8)
        let doc = try page(Self.site, "private/index.html")
        #expect(doc.string("//title") == "Private entries · Small Hours")
        #expect(doc.string("//p[@class='lock-hint']") == "Hint: the street of the first flat, and its number")
        #expect(doc.string("//nav//a[.='Private']/@href") == "/private/")
        let list = try LockedPageOpener.open(page: index, at: "private/", passphrase: Self.passphrase).get()
        let listed = try #require(MarkupDocument(data: Data(list.html.utf8)))
        let link = try #require(listed.string("//ul[@class='rows']//a/@href"))
        // Its tasks are listed here, sealed, and nowhere in clear.
        #expect(listed.strings("//ul[@class='task-list']//a[@class='task-text']").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["! Important:tell Oma about the dark months, at the next Sunday lunch"])
        #expect(link.hasPrefix("/private/") && link.count == "/private/".count + 17)
        let entry = try LockedPageOpener.open(file: Self.site.appendingPathComponent(link + "index.html").path, passphrase: Self.passphrase).get()
        #expect(entry.title == "The thing I did not say · Small Hours")
        #expect(entry.variant == "night")
        #expect(entry.html.contains("less in winter"))
        #expect(LockedPageOpener.open(page: index, at: "private/", passphrase: "lindenstrasse 15") == .failure(.wrongPassphrase))
    }
}
