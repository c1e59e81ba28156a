import Foundation
import Testing
@testable import JournalgenKit

/// The journal's own views: the mood log, streaks, glory, revisits, trips and places, and the
/// files beside the pages (feed, sitemap, calendar, search index).
@Suite struct JournalViewTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    // MARK: The mood log

    @Test func moodLogLinesInBothDateForms() throws {
        let reader = MoodLogReader(scale: .standard, zone: berlin)
        let diagnostics = DiagnosticsEngine()
        let lines = reader.parse("""
            # mornings
            2026-04-03T08:10:00+09:00 good coffee with Ana

            2026-04-03 21:40 so-so  tired after the train
            2026-04-04 amazing
            """, displayPath: "moods.log", diagnostics: diagnostics)
        #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.diagnostics)")
        #expect(lines.count == 3)
        #expect(lines[0].level.value == "good")
        #expect(lines[0].note == "coffee with Ana")
        #expect(lines[0].date.utcOffset == 9 * 3600)
        #expect(lines[1].level.value == "so-so")
        #expect(lines[1].note == "tired after the train")
        #expect(lines[1].date.day == CalendarDay(year: 2026, month: 4, day: 3))
        #expect(lines[1].date.utcOffset == 2 * 3600, "no zone: the journal's, summer time in April")
        #expect(lines[2].note == nil)
    }

    @Test func moodLogErrorsPointAtTheWord() {
        let reader = MoodLogReader(scale: .standard, zone: berlin)
        let diagnostics = DiagnosticsEngine()
        _ = reader.parse("2026-04-03 21:40 meh tired\nyesterday good\n2026-04-05\n", displayPath: "moods.log", diagnostics: diagnostics)
        let found = diagnostics.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(found.count == 3, "\(found)")
        #expect(found[0].hasPrefix("1:18 mood 'meh' is not on the journal's scale"), "\(found)")
        #expect(found[1].hasPrefix("2:1 "), "\(found)")
        #expect(found[2].hasPrefix("3:"), "\(found)")
    }

    /// Lines of ASCII are read byte by byte, the others character by character: the same words,
    /// notes and columns either way.
    @Test func moodLogLinesReadAlikeWithAndWithoutAccents() {
        let reader = MoodLogReader(scale: .standard, zone: berlin)
        let diagnostics = DiagnosticsEngine()
        let lines = reader.parse("2026-04-03 21:40\tgood  tired \t after  the train  \n2026-04-03 21:40\tgood  müde \t after  the train  \n2026-04-05 22:00 blah Käse\n2026-04-05 22:00 blah Kase\n",
                                 displayPath: "moods.log", diagnostics: diagnostics)
        #expect(lines.map { $0.note ?? "" } == ["tired after  the train", "müde after  the train"], "the rest of the line keeps its spacing")
        #expect(diagnostics.diagnostics.map { "\($0.location.line):\($0.location.column)" } == ["3:18", "4:18"])
    }

    /// A line is read from its bytes (`parseLine(bytes:ascii:)`) unless only its characters can
    /// tell: the same result, message and column as reading its characters, for lines good and
    /// bad, of ASCII or not; a line of ASCII is always read from its bytes.
    @Test func moodLogLinesReadFromBytesAsFromCharacters() {
        let reader = MoodLogReader(scale: .standard, zone: berlin, authors: JournalAuthors(
            all: [Author(id: "ana", name: "Ana")], defaultID: "ana"))
        let ascii = [
            "2026-04-03 21:40 good", "2026-04-03T08:10:00+09:00 so-so", "2026-04-03 21:40\tgood  tired \t after  the train  ",
            "2026-04-03 good a b c d e  f ", "2026-04-03 21:40 @ana good note", "2026-04-03 @ana", "2026-04-03 @bob good",
            "2026-04-03 21:40 @ana", "2026-04-03 21:40", "2026-04-03", "  2026-04-03 great", "2026-04-03 meh tired",
            "yesterday good", "2026-04-03 21 good", "2026-04-03 2x:40 good", "2026-04-03 21:40:30 awful", "2026-13-03 good",
            "2026-04-03 21:40 good @ana", "x", " \t2026-04-03\t\tbad\t\tvery  bad  ",
        ]
        let others = [
            "2026-04-03 21:40 good café au lait", "2026-04-03 good ドキドキ  and 🌧️ again ", "2026-04-03 21:40 @ana so-so müde",
            "2026-04-03 21:40 góod tired", "2026-04-03 21:40 @añа good", "2026-04-0３ good", "2026-04-03 21:4５ good",
            "2026-04-03 21:40 good a \u{301}b", "2026-04-03 21:40 good a  \u{301}b", "2026-04-03 21:40 good a\u{600}  b", "2026-04-03\u{301} good", "é 2026-04-03 good",
            "2026-04-03 21:40 horrible \u{1F469}\u{200D}\u{1F467} x y z", "2026-04-03 @ana\u{301} good",
        ]
        for line in ascii + others {
            let bytes = Array(line.utf8)
            let isASCII = bytes.allSatisfy { $0 < 0x80 }
            let fromBytes = bytes.withUnsafeBufferPointer { reader.parseLine(bytes: $0, ascii: isASCII) }
            guard let fromBytes else {
                #expect(!isASCII, "a line of ASCII is read from its bytes: \(line)")
                continue
            }
            switch (fromBytes, reader.parseLine(line)) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(line)")
            case (.failure(let a), .failure(let b)): #expect(a == b, "\(line)")
            case (let a, let b): Issue.record("\(line): \(a) against \(b)")
            }
        }
        // Most lines with accents in their notes are read from their bytes too.
        let read = others.filter { line in Array(line.utf8).withUnsafeBufferPointer { reader.parseLine(bytes: $0, ascii: false) } != nil }
        #expect(read == ["2026-04-03 21:40 good café au lait", "2026-04-03 good ドキドキ  and 🌧️ again ", "2026-04-03 21:40 @ana so-so müde",
                         "2026-04-03 21:40 horrible \u{1F469}\u{200D}\u{1F467} x y z"], "\(read)")
    }

    @Test func aBadMoodLogFailsTheBuildWithItsPath() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "Body\n")
        try journal.write("moods/2026.log", "2026-04-02 good\n2026-04-03 grand\n")
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(report.diagnostics.map { "\($0.location.path):\($0.location.line)" } == ["moods/2026.log:2"])
    }

    // MARK: Streaks, distribution and the moods page

    @Test func streaksCountEntriesAndLogsAsOfToday() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-11-01-a.md", "---\nmood: bad\ntags: [work]\n---\nA\n")
        try journal.write("entries/2026-11-02-b.md", "---\nmood: good\ntags: [work]\n---\nB\n")
        // A gap on the 3rd ends the first run; the second runs to yesterday, so it is alive.
        try journal.write("moods.log", "2026-11-04 good\n2026-11-05 amazing\n2026-11-06 so-so\n2026-11-06 22:00 good\n")
        let alive = journal.build(today: "2026-11-07")
        #expect(alive.succeeded, "\(alive.diagnostics)")
        let moods = try page(journal.output, "moods/index.html")
        let stats = moods.strings("//dl[@class='stats']/div/dd").map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        #expect(stats.count == 3)
        #expect(stats[1] == "3 days", "current streak: 4–6 November")
        #expect(stats[2] == "3 days", "longest streak")
        #expect(moods.string("//h1/small") == "6 recorded")
        // One square per day; the 6th averages so-so (3) and good (4) to 3.5.
        #expect(moods.count("//table[contains(@class,'desktop-only')]//td[contains(@class,'lv')]") == 5)
        #expect(moods.count("//table[contains(@class,'pixels-phone')]//td[contains(@class,'lv')]") == 5, "the phone's year in pixels has the same days")

        let dead = journal.build(today: "2026-11-09")
        #expect(dead.succeeded)
        let later = try page(journal.output, "moods/index.html")
        #expect(later.strings("//dl[@class='stats']/div/dd")[1].hasPrefix("none"), "no mood yesterday or today")
    }

    /// Each day's square says its average and how many moods make it (days alike say it alike);
    /// the timeline's description and table count the year's moods alone.
    @Test func moodPagesSayEachDaysAndEachMonthsAverage() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-11-01-a.md", "---\nmood: bad\n---\nA\n")
        try journal.write("moods.log", """
            2025-12-31 23:00 horrible
            2026-10-04 good
            2026-10-04 so-so
            2026-10-05 so-so
            2026-10-05 good
            2026-10-06 good
            2026-10-06 good
            2026-10-06 so-so
            2026-10-06 so-so
            2026-11-02 amazing
            """)
        let report = journal.build(today: "2026-11-07")
        #expect(report.succeeded, "\(report.diagnostics)")
        let moods = try page(journal.output, "moods/index.html")
        let titles = moods.strings("//table[contains(@class,'desktop-only') and contains(@class,'pixels')]//td[contains(@class,'lv')]/@title")
        #expect(titles.filter { $0.hasSuffix("(average 3.5 of 2 moods)") }.count == 2, "\(titles)")
        #expect(titles.filter { $0.hasSuffix("(average 3.5 of 4 moods)") }.count == 1, "\(titles)")
        #expect(moods.strings("//desc").contains { $0.hasPrefix("10 moods from") }, "the year's moods, not 2025's: \(moods.strings("//desc"))")
        let months = moods.strings("//table[@class='chart-data'][contains(caption, '2026')]//tbody/tr/td[1]")
        #expect(months == ["8", "2"], "October's moods, then November's: \(months)")
    }

    @Test func moodByTagNeedsTwoEntries() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-11-01-a.md", "---\nmood: bad\ntags: [work, rain]\n---\nA\n")
        try journal.write("entries/2026-11-02-b.md", "---\nmood: good\ntags: [work]\n---\nB\n")
        #expect(journal.build().succeeded)
        let moods = try page(journal.output, "moods/index.html")
        let rows = moods.strings("//section[@class='mood-by-tag']//tbody/tr/th")
        #expect(rows == ["#work"], "rain has one entry, too few to say anything")
    }

    // MARK: Glory and revisits

    @Test func gloryAndRevisitsAsOfToday() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-01-10-idea.md", "---\ntitle: Run a half marathon\nglory: 2026-10-04\n---\nDone.\n")
        try journal.write("entries/2026-02-01-same.md", "---\ntitle: Baked bread\nglory: true\n---\nIt rose.\n")
        try journal.write("entries/2026-11-01-plan.md", "---\ntitle: Learn the cello\nglory: 2027-03-01\nrevisit: 4 weeks\n---\nLater.\n")
        try journal.write("entries/2026-10-01-old.md", "---\ntitle: Read again\nrevisit: 3 weeks\n---\nNow.\n")
        try journal.write("entries/2025-11-20-year.md", "---\ntitle: A year on\nrevisit: 1 year\n---\nThen.\n")
        let report = journal.build(today: "2026-11-22")
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.revisitsDue == 2)

        let glory = try page(journal.output, "glory/index.html")
        #expect(glory.strings("//ol[@class='glory-list']//h2/a") == ["Run a half marathon", "Baked bread"], "newest first")
        #expect(glory.string("//ol[@class='glory-list']/li[1]//p[@class='meta']")?.hasSuffix("took 9 months") == true)
        #expect(glory.strings("//section[@class='glory-ahead']//a") == ["Learn the cello"], "future days are still ahead")

        let revisit = try page(journal.output, "revisit/index.html")
        #expect(revisit.strings("//section[@class='revisit-due']//li/a") == ["Read again", "A year on"], "longest due first")
        #expect(revisit.strings("//section[@class='revisit-upcoming']//li/a") == ["Learn the cello"], "due 29 November, within 30 days")
        #expect(GloryList.durationText(days: 0) == "the same day")
        #expect(GloryList.durationText(days: 1) == "1 day")
        #expect(GloryList.durationText(days: 20) == "3 weeks")
    }

    // MARK: Trips, GPX and places

    @Test func gpxTracksAndDistances() throws {
        let gpx = """
            <?xml version="1.0"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1">
            <trk><trkseg>
              <trkpt lat="51.3397" lon="12.3731"/><trkpt lat="51.0504" lon="13.7373"/>
            </trkseg><trkseg><trkpt lat="51.0504" lon="13.7373"/></trkseg></trk>
            </gpx>
            """
        let track = try GPXReader.read(Data(gpx.utf8)).get()
        #expect(track.segments.map(\.count) == [2, 1])
        // Leipzig to Dresden as the crow flies is about 100 km.
        #expect((99_000...102_000).contains(track.distanceMetres), "\(track.distanceMetres)")
        #expect(GeoMath.distanceText(850) == "850 m")
        #expect(GeoMath.distanceText(13_040) == "13.0 km")

        let bad = GPXReader.read(Data("<gpx>\n<trk><trkseg>\n<trkpt lat=\"91\" lon=\"0\"/></trkseg></trk></gpx>".utf8))
        guard case .failure(let problem) = bad else { Issue.record("latitude 91 accepted"); return }
        #expect(problem.line == 3)
        #expect(problem.message.contains("lat"))
    }

    @Test func tripPageWithTrackAndRoute() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("trips/saxony.md", "---\ntitle: <Saxony> by train\nsummary: Two days east.\n---\nNotes.\n")
        try journal.write("entries/2026-09-04-a.md", "---\ntrip: saxony\nlocation: {name: Leipzig, lat: 51.3397, lon: 12.3731}\nmedia: [walk.gpx]\n---\nA\n")
        try journal.write("entries/2026-09-04-a/walk.gpx", "<gpx><trk><trkseg><trkpt lat=\"51.3\" lon=\"12.3\"/><trkpt lat=\"51.31\" lon=\"12.31\"/></trkseg></trk></gpx>")
        try journal.write("entries/2026-09-05-b.md", "---\ntrip: saxony\nlocation: {name: Dresden, lat: 51.0504, lon: 13.7373}\n---\nB\n")
        try journal.write("entries/2026-09-06-c.md", "---\ntrip: saxony\nlocation: Somewhere without coordinates\n---\nC\n")
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let trip = try page(journal.output, "trips/saxony/index.html")
        #expect(trip.string("//h1") == "<Saxony> by train")
        #expect(trip.count("//*[local-name()='svg']//*[local-name()='circle']") == 2, "two stops have coordinates")
        #expect(trip.count("//*[local-name()='path'][@class='route']") == 1)
        #expect(trip.count("//*[local-name()='path'][@class='track']") == 1)
        #expect(trip.count("//ol[@class='map-markers']/li/a[@class='map-marker']") == 2, "markers are links outside the SVG picture")
        #expect(trip.count("//*[local-name()='svg'][@role='img']//*[local-name()='a']") == 0)
        #expect(try journal.read("_site/trips/saxony/index.html").contains("&lt;Saxony&gt;"))
    }

    @Test func placesSplitIntoRegions() {
        func marker(_ lat: Double, _ lon: Double) -> PlaceMap.Marker {
            PlaceMap.Marker(latitude: lat, longitude: lon, label: "\(lat)", url: "#")
        }
        let regions = PlaceMap.regions([marker(51.34, 12.37), marker(34.97, 135.77), marker(51.05, 13.74),
                                        marker(34.67, 135.50), marker(35.71, 139.80)])
        #expect(regions.map { $0.map(\.latitude) } == [[34.97, 34.67, 35.71], [51.34, 51.05]],
                "Kyoto, Osaka and Tokyo chain within 400 km; Leipzig and Dresden apart")
        let svg = PlaceMap(markers: [marker(51.34, 12.37)], title: "<One>").render() ?? ""
        #expect(svg.contains("<title id=\"map-t\">&lt;One&gt;</title>"))
        #expect(svg.contains("class=\"map-scale\""))
        #expect(svg.contains("Map data: Natural Earth, GSHHG"))
    }

    // MARK: Feed, sitemap, calendar and search index

    @Test func reminderTimesSpreadOverTheWakingDay() {
        #expect(ReminderHours(wake: 450, sleep: 1380, count: 5).times == [450, 682, 915, 1147, 1380])
        #expect(ReminderHours(wake: 600, sleep: 60, count: 3).times == [600, 1050, 60], "bedtime after midnight")
        #expect(ReminderHours(wake: 480, sleep: 1320, count: 1).times == [480])
    }

    @Test func calendarTextIsEscapedAndFolded() {
        #expect(ReminderCalendar.escape("a, b; c\\d\ne") == "a\\, b\\; c\\\\d\\ne")
        // Every line break is one "\n" (CRLF too); controls go, a tab and other text stay.
        #expect(ReminderCalendar.escape("a\r\nb\rc\u{85}d\u{2028}e\u{2029}f\u{7}g\tv\u{9F}w\u{7F}é") == "a\\nb\\nc\\nd\\ne\\nfg\tvwé")
        let long = "SUMMARY:" + String(repeating: "ü", count: 60)
        let folded = ReminderCalendar.fold(long)
        let lines = folded.components(separatedBy: "\r\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines[1].hasPrefix(" "))
        #expect(lines.joined().replacingOccurrences(of: " ü", with: "ü") == long)
        // 75 octets at most, a character of 3 or 4 bytes kept whole, a continuation line's space counted.
        #expect(ReminderCalendar.fold(String(repeating: "a", count: 75)) == String(repeating: "a", count: 75))
        #expect(ReminderCalendar.fold(String(repeating: "a", count: 74) + "€b").components(separatedBy: "\r\n")
                == [String(repeating: "a", count: 74), " €b"])
        #expect(ReminderCalendar.fold(String(repeating: "a", count: 73) + "🌧️" + String(repeating: "c", count: 80)).components(separatedBy: "\r\n")
                == [String(repeating: "a", count: 73), " 🌧️" + String(repeating: "c", count: 67), " " + String(repeating: "c", count: 13)])
        #expect(ReminderCalendar.fold(String(repeating: "a", count: 72) + "🌧x").components(separatedBy: "\r\n") == [String(repeating: "a", count: 72), " 🌧x"])
    }

    @Test func siteDocumentsLeaveOutPrivateAndDrafts() throws {
        let journal = try TemporaryJournal(config: """
            title: Test & journal
            timezone: Europe/Berlin
            base_url: https://example.org/j/
            reminders: {wake: "07:30", sleep: "23:00", count: 3}
            """)
        defer { journal.remove() }
        try journal.write("entries/2026-11-01-a.md", "---\ntitle: Open <one>\ntags: [walk]\nrevisit: 2 weeks\n---\nHello, world.\n")
        try journal.write("entries/2026-11-02-b.md", "---\ntitle: Secret SECRETWORD\ntags: [walk]\nprivate: true\n---\nSECRETBODY\n")
        try journal.write("entries/2026-11-03-c.md", "---\ntitle: Draft DRAFTWORD\ntags: [walk]\ndraft: true\n---\nDRAFTBODY\n")
        let report = journal.build { $0.includeDrafts = true; $0.passphrase = { _ in TestPassphrase.value } }
        #expect(report.succeeded, "\(report.diagnostics)")

        let feed = try #require(MarkupDocument(data: Data(contentsOf: journal.output.appendingPathComponent("feed.xml")), kind: .xml))
        #expect(feed.problems.isEmpty)
        #expect(feed.string("/*[local-name()='feed']/*[local-name()='title']") == "Test & journal")
        #expect(feed.strings("//*[local-name()='entry']/*[local-name()='title']") == ["Open <one>"], "no private entry, no draft")
        #expect(feed.string("//*[local-name()='entry']/*[local-name()='link']/@href") == "https://example.org/j/2026/11/01/a/")

        let sitemap = try #require(MarkupDocument(data: Data(contentsOf: journal.output.appendingPathComponent("sitemap.xml")), kind: .xml))
        let urls = sitemap.strings("//*[local-name()='loc']")
        #expect(urls.contains("https://example.org/j/2026/11/01/a/"))
        #expect(!urls.contains { $0.contains("/private/") }, "lock screens are not in the sitemap")
        #expect(!urls.contains { $0.contains("/2026/11/03/") }, "drafts stay out of the sitemap even with --drafts")
        #expect(!urls.contains { $0.hasSuffix("404.html") })

        let ics = try journal.read("_site/reminders.ics")
        let lines = ics.components(separatedBy: "\r\n")
        #expect(lines.first == "BEGIN:VCALENDAR")
        #expect(lines.dropLast().last == "END:VCALENDAR")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(!ics.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF line ends only")
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == lines.filter { $0 == "END:VEVENT" }.count)
        #expect(lines.filter { $0.hasPrefix("RRULE:FREQ=DAILY") }.count == 3, "three reminders a day")
        #expect(lines.contains("DTSTART:20261101T073000"), "floating local time from the journal's first day")
        #expect(lines.contains("DTSTART;VALUE=DATE:20261115"), "revisit two weeks after 1 November")

        func shard(_ name: String) throws -> [[String: Any]]? {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: journal.output.appendingPathComponent("search/\(name).json"))) as? [String: Any]
            return json?["entries"] as? [[String: Any]]
        }
        let year = try shard("year-2026"), november = try shard("on-this-day-11")
        #expect(year?.map { $0["title"] as? String } == ["Open <one>"])
        #expect(year?.first?["text"] as? String == "Hello, world.")
        #expect(november?.map { $0["url"] as? String } == ["/j/2026/11/01/a/"])
        #expect(november?.first?["text"] == nil, "On this day needs no text")
        #expect(try shard("on-this-day-10")?.isEmpty == true)

        for (path, data) in snapshot(journal.output) where !path.hasPrefix("2026/11/03/") {
            let text = String(decoding: data, as: UTF8.self)
            for secret in ["SECRETWORD", "SECRETBODY"] { #expect(!text.contains(secret), "\(secret) in \(path)") }
            if path.hasSuffix(".xml") || path.hasSuffix(".json") || path.hasSuffix(".ics") {
                for draft in ["DRAFTWORD", "DRAFTBODY"] { #expect(!text.contains(draft), "\(draft) in \(path)") }
            }
        }
    }

    @Test func documentsNeedAnAbsoluteBaseURL() throws {
        let journal = try TemporaryJournal(config: "title: T\n")
        defer { journal.remove() }
        try journal.write("entries/2026-11-01-a.md", "A\n")
        let report = journal.build()
        #expect(report.succeeded)
        // The default base_url, as `init` writes it, is no warning: the summary says what it leaves out.
        #expect(report.diagnostics.isEmpty && report.feedsLeftOut)
        #expect(report.summary(paths: DisplayPaths()).contains("no feed, sitemap or reminders calendar"))
        try journal.write("journal.yaml", "title: T\nbase_url: /journal/\n")
        #expect(journal.build().diagnostics.contains { $0.message.contains("base_url '/journal/' has no scheme and host") })
        #expect(!FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("feed.xml").path))
        #expect(FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("search/year-2026.json").path))
    }

    // MARK: Views a build after an edit does not make

    /// What the list of pages, the menu and the report take of the moods, tasks and places
    /// without making those views must be what the views say once made: on the example journal
    /// (its mood log given back to front, with two lines at one instant, as no loader gives it),
    /// and on a journal with none of them.
    @Test func viewsKnownWithoutMakingThemAgreeWithTheViews() throws {
        let root = packageRoot.appendingPathComponent("example-journal")
        let config = try #require(JournalConfigReader.read(journal: root, displayPath: "journal.yaml", diagnostics: DiagnosticsEngine()))
        let loaded = JournalLoader(journal: root, paths: DisplayPaths(workingDirectory: root.path))
            .load(config: config, options: LoadOptions(today: CalendarDay(iso: "2026-11-22")), diagnostics: DiagnosticsEngine())
        let twice = MoodLogReader(scale: config.moods, zone: config.timeZone)
            .parse("2025-03-09 08:00 good first\n2025-03-09 08:00 bad second\n", displayPath: "moods.log", diagnostics: DiagnosticsEngine())
        let log = Array((loaded.moodLog + twice).reversed())
        #expect(log.count > 10 && loaded.entries.count > 10)
        let empty = try TemporaryJournal()
        defer { empty.remove() }
        try empty.write("entries/2026-01-02-plain.md", "---\ndate: 2026-01-02\ntitle: Plain\n---\nNo mood, task or place.\n")
        let plainConfig = try #require(JournalConfigReader.read(journal: empty.root, displayPath: "journal.yaml", diagnostics: DiagnosticsEngine()))
        let plain = JournalLoader(journal: empty.root, paths: DisplayPaths(workingDirectory: empty.root.path))
            .load(config: plainConfig, options: LoadOptions(today: CalendarDay(iso: "2026-11-22")), diagnostics: DiagnosticsEngine())
        let models = [
            SiteModel(config: config, entries: loaded.entries, moodLog: log, today: CalendarDay(iso: "2026-11-22"), eagerViews: false),
            SiteModel(config: plainConfig, entries: plain.entries, today: CalendarDay(iso: "2026-11-22"), eagerViews: false),
        ]
        for model in models {
            let views = model.views
            #expect(views.hasMoods == !views.moods.points.isEmpty)
            #expect(views.moodYears == views.moods.years)
            #expect(views.hasPlaces == !views.places.places.isEmpty)
            let tasks = views.tasks, summary = views.taskSummary
            #expect(summary.open == tasks.open.count && summary.importantOpen == tasks.importantOpen && summary.overdue == tasks.overdue)
            #expect(summary.doneEntries == tasks.done.map(\.entry))
            #expect(summary.isEmpty == tasks.isEmpty)
            // The mood log's pages list the history's log points, newest first.
            func line(_ point: MoodPoint) -> String { "\(point.date.instant) \(point.level.value) \(point.note ?? "-") \(point.author ?? "-")" }
            let listed = model.listPages.moodLog.map { line(MoodPoint(line: model.moodLog[$0])) }
            #expect(listed == views.moods.points.reversed().filter { $0.entry == nil }.map(line))
            // The calendar's daily reminders recur from the history's first day, found without making it.
            #expect(ReminderCalendar.firstDay(of: model) == views.moods.days.first?.day)
        }
        // A mood line older than every entry: the history, and the calendar, begin on its day.
        let older = MoodLogReader(scale: config.moods, zone: config.timeZone)
            .parse("2001-05-06 08:00 good before every entry\n", displayPath: "moods.log", diagnostics: DiagnosticsEngine())
        let withOlder = SiteModel(config: config, entries: loaded.entries, moodLog: older + loaded.moodLog, today: CalendarDay(iso: "2026-11-22"), eagerViews: false)
        #expect(ReminderCalendar.firstDay(of: withOlder) == CalendarDay(iso: "2001-05-06"))
        #expect(withOlder.views.moods.days.first?.day == CalendarDay(iso: "2001-05-06"))
        let full = models[0].views
        #expect(full.hasMoods && full.hasPlaces && full.moodYears.count > 1 && full.taskSummary.open > 0 && !full.taskSummary.doneEntries.isEmpty)
        #expect(full.taskSummary.importantOpen > 0 && full.taskSummary.overdue > 0)
        // Lines at one instant keep the order given, and the list runs newest first.
        let notes = models[0].listPages.moodLog.map { models[0].moodLog[$0].note }
        let first = try #require(notes.firstIndex(of: "first"))
        #expect(notes[first + 1] == "second")
        let none = models[1].views
        #expect(!none.hasMoods && !none.hasPlaces && none.moodYears == [2026] && none.taskSummary.isEmpty)
    }
}
