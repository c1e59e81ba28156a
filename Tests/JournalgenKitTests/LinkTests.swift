import Foundation
import Testing
@testable import JournalgenKit

/// Links by file path and wiki links between entries, "Linked from", and every link of the
/// example site leading to a file the build wrote.
@Suite struct LinkTests {
    /// Coordinates as places and map links show them: five decimals at most, no trailing zeros,
    /// the hemisphere as a letter (written as bytes, not through String(format:)).
    @Test func coordinatesAreWrittenShortAndExact() {
        #expect(["-0.1278", "51.05", "3", "0", "0", "12", "-12.5", "-179.99999", "1.00001"] ==
                [-0.1278, 51.05, 3.0, -0.000001, 0.000004, 12.000001, -12.5, -179.99999, 1.00001].map(PlaceView.coordinate))
        let sydney = Place(name: "Sydney", latitude: -33.8688, longitude: 151.2093)
        #expect(PlaceView.coordinateText(sydney) == "33.8688° S, 151.2093° E")
        #expect(PlaceView.mapURL(sydney) == "https://www.openstreetmap.org/?mlat=-33.8688&mlon=151.2093#map=15/-33.8688/151.2093")
        #expect(PlaceView.coordinateText(Place(name: nil, latitude: 40.7128, longitude: -74.006)) == "40.7128° N, 74.006° W")
        #expect(PlaceView.coordinateText(Place(name: "Nowhere", latitude: nil, longitude: 3)) == nil)
    }

    @Test func brokenLinksAreErrorsWithTheirPlace() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026/2026-04-01-a.md", "---\ntitle: A\n---\n\n## Packing\n\nText.\n")
        try journal.write("entries/2026/2026-04-02-b.md", "---\ntitle: B\ndraft: true\n---\nDraft.\n")
        try journal.write("entries/2026/2026-12-24-c.md", "---\ntitle: C\n---\nLater.\n")
        try journal.write("entries/2025/2025-04-01-a.md", "---\ntitle: Also A\n---\nText.\n")
        try journal.write("entries/2026/2026-05-01-links.md", """
            ---
            title: Links
            ---
            Fine: [a](2026-04-01-a.md#packing), [[2026-04-01-a]], [up](../2025/2025-04-01-a.md).
            [missing](2026-04-09-nothing.md) and [anchor](2026-04-01-a.md#unpacking)
            [draft](2026-04-02-b.md) [future](2026-12-24-c.md) [out](../../../etc/passwd)
            [[nobody]] and [[a]]
            """)
        let m = journal.build().diagnostics.map(\.description)
        let file = "entries/2026/2026-05-01-links.md"
        #expect(m.contains("\(file):5:1: error: the link '2026-04-09-nothing.md' finds no file; looked for entries/2026/2026-04-09-nothing.md"), "\(m)")
        #expect(m.contains { $0.hasPrefix("\(file):5:") && $0.contains("names the anchor '#unpacking', which 'entries/2026/2026-04-01-a.md' does not have; expected one of its headings, footnotes or task items: packing") }, "\(m)")
        #expect(m.contains { $0.hasPrefix("\(file):6:") && $0.contains("'2026-04-02-b.md' leads to 'entries/2026/2026-04-02-b.md', which is a draft") }, "\(m)")
        #expect(m.contains { $0.hasPrefix("\(file):6:") && $0.contains("which is dated after the build day") }, "\(m)")
        #expect(m.contains { $0.hasPrefix("\(file):6:") && $0.contains("points outside the journal") }, "\(m)")
        #expect(m.contains("\(file):7:1: error: the wiki link [[nobody]] matches no entry; expected a file name (such as 2025-03-15-spring-cleaning) or an entry's title"), "\(m)")
        #expect(m.contains("\(file):7:1: error: the wiki link [[a]] matches 2 entries: entries/2025/2025-04-01-a.md, entries/2026/2026-04-01-a.md; expected one: write more of the file name"), "\(m)")
        #expect(m.filter { $0.contains("error:") }.count == 7, "the fine links are fine: \(m)")

        let drafts = journal.build { $0.includeDrafts = true; $0.includeFuture = true }
        #expect(drafts.diagnostics.contains { $0.severity == .warning && $0.message.hasPrefix("the link '2026-04-02-b.md' leads to a draft") })
    }

    @Test func linksBecomeAddressesAndBacklinks() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026/2026-04-01-kyoto.md", "---\ntitle: Kyoto\nmedia: [gate.jpg]\n---\n\n## Packing list\n\nThe <list>.\n")
        try journal.write("entries/2026/2026-04-01-kyoto/gate.jpg", TestImages.jpeg)
        try journal.write("entries/2026/2026-04-02-secret.md", "---\ntitle: Secret title\nslug: secret-slug\nprivate: true\n---\nHidden.\n")
        try journal.write("entries/2026/2026-04-03-back.md", """
            ---
            title: Back home
            ---
            See [the list](2026-04-01-kyoto.md#packing-list), [[Kyoto|that day]], the [gate](2026-04-01-kyoto/gate.jpg)
            and [the other one](2026-04-02-secret.md#hidden-words).
            """)
        let report = journal.build { $0.passphrase = { _ in TestPassphrase.value } }
        #expect(report.succeeded, "\(report.diagnostics)")
        let back = try page(journal.output, "2026/04/03/back/index.html")
        let hrefs = back.strings("//div[@class='entry-body']//a/@href")
        #expect(hrefs.count == 4 && hrefs[0] == "/j/2026/04/01/kyoto/#packing-list" && hrefs[1] == "/j/2026/04/01/kyoto/", "\(hrefs)")
        #expect(hrefs[2].hasPrefix("/j/2026/04/01/kyoto/gate-") && hrefs[2].hasSuffix(".jpg"), "the photo's largest size: \(hrefs)")
        #expect(hrefs[3] == (try privatePath(journal)), "a private entry's lock screen, without its anchor")
        #expect(back.strings("//div[@class='entry-body']//a") == ["the list", "that day", "gate", "the other one"], "the writer's own words stay")
        let kyoto = try page(journal.output, "2026/04/01/kyoto/index.html")
        #expect(kyoto.strings("//section[@class='linked-from']//a") == ["Back home"])
        for (path, data) in snapshot(journal.output) where !path.hasPrefix("private/") {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("Secret title") && !text.contains("secret-slug") && !text.contains("hidden-words"), "private words in \(path)")
        }
    }

    @Test func tripTextsLinkToo() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026/2026-04-01-kyoto.md", "---\ntitle: Kyoto\ntrip: japan\n---\n\n## Packing list\n\nText.\n")
        try journal.write("trips/japan.md", "---\ntitle: Japan\n---\nStart with [the list](../entries/2026/2026-04-01-kyoto.md#packing-list)\nor [[kyoto]].\n")
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let trip = try page(journal.output, "trips/japan/index.html")
        let hrefs = trip.strings("//a[.='the list' or .='kyoto']/@href")
        #expect(hrefs == ["/j/2026/04/01/kyoto/#packing-list", "/j/2026/04/01/kyoto/"], "\(hrefs)")

        try journal.write("trips/japan.md", "---\ntitle: Japan\n---\nStart with [the list](../entries/2026/2026-04-01-kyoto.md#unpacking).\n")
        let m = journal.build().diagnostics.map(\.description)
        #expect(m.contains { $0.hasPrefix("trips/japan.md:4:12: error: the link '../entries/2026/2026-04-01-kyoto.md#unpacking' names the anchor '#unpacking'") }, "\(m)")
    }

    func privatePath(_ journal: TemporaryJournal) throws -> String {
        let folders = try FileManager.default.contentsOfDirectory(atPath: journal.output.appendingPathComponent("private").path).filter { $0.count == 16 }
        return "/j/private/\(try #require(folders.first))/"
    }

    /// Every address a page of the example site links to or loads is a file the build wrote.
    @Test func everyLinkOfTheExampleSiteLeadsSomewhere() throws {
        let site = ExampleJournalTests.site
        var checked = 0
        for (path, data) in snapshot(site) where path.hasSuffix(".html") {
            let document = try #require(MarkupDocument(data: data))
            for target in document.strings("//@href | //@src") where target.hasPrefix("/") && !target.hasPrefix("//") {
                var file = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                file = String(file.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
                file = file.removingPercentEncoding ?? file
                if file.hasSuffix("/") { file += "index.html" }
                #expect(FileManager.default.fileExists(atPath: site.path + file), "\(path) links to \(target), which the build did not write")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }
}

/// `journalgen check`: what it adds to a build's errors.
@Suite struct CheckTests {
    @Test func checkFindsBrokenSiteLinksUnusedFilesCopiesAndFutureEntries() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let text = "---\ntitle: A\n---\nThe same words, long enough to be taken for a copy of the other entry.\n"
        try journal.write("entries/2026/2026-04-01-a.md", text)
        try journal.write("entries/2026/2026-04-01-copy.md", text)
        try journal.write("entries/2030/2030-01-01-later.md", "---\ntitle: Later\nmedia: [later.jpg]\n---\nLater.\n")
        try journal.write("entries/2030/2030-01-01-later/later.jpg", TestImages.jpeg)
        try journal.write("media/unused.jpg", TestImages.jpeg)
        // A template of the journal's own with a link to nowhere.
        let layout = try String(contentsOf: packageRoot.appendingPathComponent("templates/404.mustache"), encoding: .utf8)
        try journal.write("templates/404.mustache", layout.replacingOccurrences(of: "{{/content}}", with: "<a href=\"/j/nowhere/\">x</a>{{/content}}"))
        let report = journal.build { $0.writeOutput = false }
        let m = report.diagnostics.map(\.description)
        #expect(m.contains("404.html:1:1: error: the page 404.html links to /j/nowhere/, which the build does not write; expected a page or file of the site (a template's link?)"), "\(m)")
        #expect(m.contains { $0.hasPrefix("media/unused.jpg:1:1: warning: 1 photo, ") && $0.contains("not used by any entry: media/unused.jpg") }, "the future entry's photo is used: \(m)")
        #expect(m.contains("entries/2026/2026-04-01-copy.md:1:1: warning: this entry has the same day and title as entries/2026/2026-04-01-a.md; expected one entry (a copy?)"), "\(m)")
        #expect(m.contains { $0.hasPrefix("entries/2030/2030-01-01-later.md:1:1: warning: the entry is dated after the build day") }, "\(m)")
        #expect(!report.succeeded)
        #expect(report.errors == 1, "every other link of the site leads to a file it writes: \(m)")
    }

    @Test func checkPrintsJSON() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nSee [gone](2026-04-02-gone.md).\n")
        let result = try CommandLineTests().run(["check", "--format", "json", "--today", "2026-11-22"], in: journal.root)
        #expect(result.status == 1)
        let items = try #require(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["file"] as? String == "entries/2026-04-01-a.md" && items.first?["line"] as? Int == 4 && items.first?["column"] as? Int == 5)
        #expect(items.first?["severity"] as? String == "error" && (items.first?["message"] as? String)?.hasPrefix("the link '2026-04-02-gone.md' finds no file") == true)
    }
}
