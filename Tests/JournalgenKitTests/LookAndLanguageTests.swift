import Foundation
import Testing
@testable import JournalgenKit

/// Maps, galleries, accessible markup and the journal's language (issue: every page looks right
/// on a phone and a desktop, with real maps, in the writer's language).
@Suite struct LookAndLanguageTests {
    // MARK: Maps

    @Test func aCityMapShowsItsLakeAndCoast() throws {
        // Kyoto to Nara, about 40 km: Lake Biwa lies east of Kyoto, Osaka Bay to the west.
        let kyoto = PlaceMap.Marker(latitude: 35.0116, longitude: 135.7681, label: "Kyoto", url: "/k/")
        let nara = PlaceMap.Marker(latitude: 34.6851, longitude: 135.8048, label: "Nara", url: "/n/")
        let html = try #require(PlaceMap(markers: [kyoto, nara], title: "Kyoto to Nara").render())
        let doc = try #require(MarkupDocument(data: Data(html.utf8)))
        #expect(doc.count("//*[local-name()='path'][@class='land']") == 1)
        #expect(doc.count("//*[local-name()='path'][@class='lake']") == 1, "Lake Biwa")
        #expect(doc.count("//*[local-name()='path'][@class='coast']") == 1)
        #expect(html.utf8.count < 60_000, "a city map carries only what it shows: \(html.utf8.count) bytes")
        #expect(doc.strings("//a[@class='map-marker']/@href") == ["/k/", "/n/"])
    }

    /// The data is cut into 5° cells; where a map's scale drops the corner points of a cut, the
    /// cut along 35° N was drawn as a straight coast through Kyoto (the example's places map).
    @Test func noCoastRunsAlongTheCellsTheDataIsCutInto() throws {
        let places = [(35.7148, 139.7967), (34.9671, 135.7727), (34.6851, 135.843), (34.6687, 135.5013), (34.9858, 135.7588)]
        let html = try #require(PlaceMap(markers: places.map { .init(latitude: $0.0, longitude: $0.1, label: "p", url: "#") }, title: "Japan").render())
        let doc = try #require(MarkupDocument(data: Data(html.utf8)))
        let coast = try #require(doc.string("//*[local-name()='path'][@class='coast']/@d"))
        // Each piece (after an M) is a line through its points (joined by L).
        var straight: [String] = []
        for piece in coast.split(separator: "M") {
            let points = piece.split(separator: "L").map { $0.split(separator: " ").compactMap { Double($0) } }.filter { $0.count == 2 }
            for (a, b) in zip(points, points.dropFirst())
            where (abs(a[1] - b[1]) < 0.6 && abs(a[0] - b[0]) > 40) || (abs(a[0] - b[0]) < 0.6 && abs(a[1] - b[1]) > 40) {
                straight.append("\(a) -> \(b)")
            }
        }
        #expect(straight.isEmpty, "coast along a cell's side: \(straight)")
    }

    @Test func theOpenSeaIsWaterAndInlandIsLand() throws {
        let atlantic = try #require(PlaceMap(markers: [.init(latitude: 40, longitude: -35, label: "Sea", url: "#")], title: "t").render())
        #expect(!atlantic.contains("class=\"land\""), "mid-Atlantic: no land within the map")
        let leipzig = try #require(PlaceMap(markers: [.init(latitude: 51.34, longitude: 12.37, label: "Leipzig", url: "#")], title: "t").render())
        #expect(leipzig.contains("class=\"land\"") && !leipzig.contains("class=\"coast\""), "Leipzig: land, no coast within 20 km")
    }

    @Test func markersNeverCoverEachOther() {
        // Nine places, six of them in one spot and three close by (the example's "9 covers 6").
        var spots: [MapClipping.Point] = Array(repeating: (x: 300.0, y: 200.0), count: 6)
        spots += [(x: 310, y: 205), (x: 295, y: 190), (x: 305, y: 198)]
        let placed = PlaceMap.spread(spots, width: 760, height: 400)
        for i in placed.indices {
            #expect(placed[i].x >= 18 && placed[i].x <= 742 && placed[i].y >= 18 && placed[i].y <= 382)
            for j in placed.indices where j > i {
                #expect(hypot(placed[i].x - placed[j].x, placed[i].y - placed[j].y) >= PlaceMap.markerSpacing - 0.5, "\(i) and \(j)")
            }
        }
        #expect(PlaceMap.spread([(x: 100, y: 100), (x: 600, y: 300)], width: 760, height: 400).map(\.x) == [100, 600], "apart already: not moved")
    }

    @Test func clippingKeepsShapesInsideTheFrame() {
        let frame = MapClipping.Frame(minX: 0, minY: 0, maxX: 10, maxY: 10)
        let square = MapClipping.clipPolygon([(-5, -5), (15, -5), (15, 15), (-5, 15)], to: frame)
        #expect(square.allSatisfy { $0.x >= 0 && $0.x <= 10 && $0.y >= 0 && $0.y <= 10 })
        let pieces = MapClipping.clipLine([(-5, 5), (5, 5), (5, 20), (8, 20), (8, 5)], to: frame)
        #expect(pieces.count == 2, "a line that leaves and comes back is two pieces")
        #expect(pieces[0].first!.x == 0 && pieces[1].last!.y == 5)
    }

    @Test func theWorldMapDecodes() throws {
        #expect(WorldMap.stored.headers.count > 2_000)
        let dresden = WorldMap.part(meeting: .init(minLon: 13.5, minLat: 50.9, maxLon: 14.0, maxLat: 51.2))
        #expect(dresden.features.contains { $0.kind == .river }, "the Elbe at Dresden")
        #expect(dresden.features.count < 20, "a map decodes only the features it meets")
        #expect(WorldMap.part(meeting: .init(minLon: 135.5, minLat: 34.5, maxLon: 136.2, maxLat: 35.5)).features.contains { $0.kind == .lake })
        // A part decodes its features as the whole map does: the same points, in the same order.
        let data = Data(WorldMap.builtInBytes)
        let whole = WorldMap(data: data)
        let kyoto = WorldMap.Box(minLon: 135.5, minLat: 34.5, maxLon: 136.2, maxLat: 35.5)
        let fromWhole = try #require(whole).features.filter { $0.maxLon >= kyoto.minLon && $0.minLon <= kyoto.maxLon && $0.maxLat >= kyoto.minLat && $0.minLat <= kyoto.maxLat }
        let part = WorldMap.part(meeting: kyoto)
        #expect(fromWhole.map(\.kind) == part.features.map(\.kind))
        #expect(fromWhole.flatMap { $0.rings.flatMap { Array(whole!.coordinates[(2 * $0.lowerBound)..<(2 * $0.upperBound)]) } } == part.coordinates)
        // Damaged data is refused, not trusted: a cut file and an endless varint.
        var cut = [UInt8](data)
        cut.removeLast(1000)
        #expect(WorldMap(data: Data(cut)) == nil)
        #expect(WorldMap(data: Data(Array("JGMAP1\n\0".utf8) + [1, 0, 0, 0, 0] + Array(repeating: 0, count: 16) + Array(repeating: 0xFF, count: 40))) == nil)
        #expect(WorldMap(data: Data(Array("JGMAP1\n\0".utf8) + [1, 0, 0, 0, 0] + Array(repeating: 0, count: 16) + [1, 1] + Array(repeating: 0xFF, count: 40))) == nil, "a point's endless varint")
    }

    @Test func interactiveMapsAreOptInAndNeedATileServer() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\ntrip: t\nlocation: {name: Kyoto, lat: 35.01, lon: 135.77}\n---\nText.\n")
        #expect(journal.build().succeeded)
        let plain = try journal.read("_site/trips/t/index.html")
        #expect(!plain.contains("leaflet") && !plain.contains("data-places") && !plain.contains("data-tiles"), "off by default: no third party is asked")
        try journal.write("journal.yaml", "title: T\nmaps: {interactive: true}\n")
        let missing = journal.build()
        #expect(!missing.succeeded && missing.diagnostics.contains { $0.message.hasPrefix("maps.interactive needs maps.tiles") && $0.location.line == 2 })
        try journal.write("journal.yaml", "title: T\nmaps: {interactive: true, tiles: \"https://tiles.example.org/{z}/{x}/{y}.png\", attribution: \"<b>x</b>\"}\n")
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let trip = try page(journal.output, "trips/t/index.html")
        #expect(trip.string("//body/@data-tiles") == "https://tiles.example.org/{z}/{x}/{y}.png")
        #expect(trip.string("//body/@data-tiles-attribution") == "<b>x</b>", "text, escaped in the attribute")
        #expect(trip.strings("//script/@src").first == "/leaflet/leaflet.js", "the site's own copy, never a CDN")
        #expect(trip.string("//div[@class='map']/@data-places")?.contains("\"label\":\"Kyoto, 1 April 2026\"") == true)
        #expect(FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("leaflet/leaflet.js").path))
    }

    // MARK: Tracks and markup

    @Test func gpxClimbIgnoresJitter() throws {
        let gpx = """
            <gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="50.0" lon="14.0"><ele>100</ele></trkpt><trkpt lat="50.001" lon="14.0"><ele>101</ele></trkpt>
            <trkpt lat="50.002" lon="14.0"><ele>100</ele></trkpt><trkpt lat="50.003" lon="14.0"><ele>150</ele></trkpt>
            <trkpt lat="50.004" lon="14.0"><ele>120</ele></trkpt><trkpt lat="50.005" lon="14.0"><ele>130</ele></trkpt>
            </trkseg></trk></gpx>
            """
        let track = try GPXReader.read(Data(gpx.utf8)).get()
        #expect(track.climbMetres == 60, "100 → 150 and 120 → 130; the 1 m wobble is not a climb")
        let flat = try GPXReader.read(Data("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"1\"/><trkpt lat=\"1.1\" lon=\"1\"/></trkseg></trk></gpx>".utf8)).get()
        #expect(flat.climbMetres == nil)
    }

    @Test func taskItemsAreLabelledAndExcerptsLoseFootnoteLinks() {
        let body = MarkdownRenderer().render("Note[^1].\n\n- [ ] call the *landlord*\n- [x] done\n  - [ ] nested\n\n[^1]: text\n")
        #expect(body.html.contains("<li id=\"task-call-the-landlord\"><label><input type=\"checkbox\" disabled=\"\" /> call the <em>landlord</em></label></li>"), "\(body.html)")
        #expect(body.html.contains("<li id=\"task-done\"><label><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</label>\n<ul>"))
        #expect(body.excerptHTML == "<p>Note.</p>\n", "\(body.excerptHTML)")
        #expect(body.html.contains("footnote-ref"), "the entry's own page keeps its footnotes")
    }

    /// The item's parts are found in one pass: its end, a nested list's line, the next item and
    /// the task marker each bound the label where they should, and text after the last item stays.
    @Test func taskItemLabelsEndWhereTheirItemsDo() {
        let box = "<input type=\"checkbox\" disabled=\"\" />"
        let html = "<ul>\n<li>\(box) <!--task:task-a-->a <b>b</b></li>\n<li>\(box) c\n<ul>\n<li>\(box) <!--task:task-d-->d</li>\n</ul>\n</li>\n"
            + "<li>\(box) <!--task:task-e-->e</li>\n<li>\(box) f</li>\n</ul>\n<p>after <!--task:x--></p>\n"
        #expect(AccessibleMarkup.labelTaskItems(html) == "<ul>\n<li id=\"task-a\"><label>\(box) a <b>b</b></label></li>\n"
            + "<li><label>\(box) c</label>\n<ul>\n<li id=\"task-d\"><label>\(box) d</label></li>\n</ul>\n</li>\n"
            + "<li id=\"task-e\"><label>\(box) e</label></li>\n<li><label>\(box) f</label></li>\n</ul>\n<p>after <!--task:x--></p>\n")
        let plain = "<ul>\n<li>no box</li>\n</ul>\n"
        #expect(AccessibleMarkup.labelTaskItems(plain) == plain)
    }

    /// In a loose list (items apart by blank lines) the text is a paragraph after the checkbox:
    /// the checkbox goes into it and is labelled by it, and no task marker is left in the page.
    @Test func looseTaskItemsAreLabelledByTheirParagraph() {
        let body = MarkdownRenderer().render("- [ ] call the *bank*\n\n- [x] water the plants\n  still more\n\n  A second paragraph.\n")
        #expect(body.html.contains("<li id=\"task-call-the-bank\">\n<p><label><input type=\"checkbox\" disabled=\"\" /> call the <em>bank</em></label></p>\n</li>"), "\(body.html)")
        #expect(body.html.contains("<li id=\"task-water-the-plants-still-more\">\n<p><label><input type=\"checkbox\" checked=\"\" disabled=\"\" /> water the plants\nstill more</label></p>\n<p>A second paragraph.</p>"), "\(body.html)")
        #expect(!body.html.contains("<!--task:"))
        let box = "<input type=\"checkbox\" disabled=\"\" />"
        #expect(AccessibleMarkup.labelTaskItems("<ul>\n<li>\(box) \n<p>plain <b>x</b></p>\n</li>\n</ul>\n")
                == "<ul>\n<li>\n<p><label>\(box) plain <b>x</b></label></p>\n</li>\n</ul>\n", "without a marker (an excerpt's list)")
    }

    @Test func relativeLinksForASiteOpenedFromDisk() {
        let links = RelativeLinks(basePath: "/j/")
        func rewrite(_ html: String, pagePath: String) -> String {
            String(decoding: links.rewrite(Array(html.utf8), pagePath: pagePath), as: UTF8.self)
        }
        let html = ##"<a href="/j/">h</a><a href="/j/tags/x/#top">t</a><img src="/j/media/a-480.jpg" srcset="/j/media/a-480.jpg 480w, /j/media/a-640.jpg 640w"><a href="https://e.org/j/">abs</a><a href="#main">s</a><link href="/j/style.css?v=1">"##
        let out = rewrite(html, pagePath: "2026/04/01/a/index.html")
        #expect(out == ##"<a href="../../../../index.html">h</a><a href="../../../../tags/x/index.html#top">t</a><img src="../../../../media/a-480.jpg" srcset="../../../../media/a-480.jpg 480w, ../../../../media/a-640.jpg 640w"><a href="https://e.org/j/">abs</a><a href="#main">s</a><link href="../../../../style.css?v=1">"##)
        #expect(rewrite(##"<a href="/j/archive/">a</a>"##, pagePath: "index.html") == ##"<a href="archive/index.html">a</a>"##)
    }

    // MARK: Language

    @Test func datesAndCountsInTheJournalsLanguage() {
        let day = CalendarDay(year: 2026, month: 4, day: 1)
        let english = Localization.english
        #expect(english.fullDate(day) == "Wednesday, 1 April 2026")
        #expect(english.counted("entries", 1) == "1 entry" && english.counted("entries", 3) == "3 entries")
        let german = Localization(language: "de", table: StringTable.parse(EmbeddedAssets.textFiles["templates/i18n/de.yaml"]!)!)
        #expect(german.fullDate(day) == "Mittwoch, 1. April 2026")
        #expect(german.shortDate(day) == "1. Apr. 2026")
        #expect(german.counted("entries", 1) == "1 Eintrag" && german.counted("entries", 12345) == "12.345 Einträge")
        #expect(GeoMath.distanceText(12_400, german) == "12,4 km" && GeoMath.distanceText(12_400) == "12.4 km")
        let french = Localization(language: "fr", table: StringTable.parse(EmbeddedAssets.textFiles["templates/i18n/fr.yaml"]!)!)
        #expect(french.counted("entries", 0) == "0 entrée", "French counts zero as one")
        #expect(french.longDate(day) == "1 avril 2026")
        let japanese = Localization(language: "ja", table: StringTable.parse(EmbeddedAssets.textFiles["templates/i18n/ja.yaml"]!)!)
        #expect(japanese.longDate(day) == "2026年4月1日")
        #expect(japanese.counted("entries", 1) == "1件の記事")
        #expect(Localization(language: "ar", table: StringTable()).direction == "rtl")
        #expect(german.duration(days: 540, .ago) == "vor 18 Monaten" && german.duration(days: 7, .ahead) == "in 7 Tagen")
        #expect(german.interval(RevisitInterval(amount: 3, unit: .week)) == "3 Wochen")
        #expect(english.duration(days: 20) == "3 weeks" && english.duration(days: 1, .ago) == "1 day ago")
        #expect(german.list("tips")?.first?.hasPrefix("Benenne das Gefühl") == true)
        #expect(german.scriptLabels.hasPrefix("window.journalLabels = {") && german.scriptLabels.contains("Guten Morgen{name}."))
        #expect(german.decimal(3.46) == "3,5" && english.decimal(-0.04) == "0.0" && german.decimal(12345.6) == "12.345,6")
        #expect(DateStyle.parse("d 'de' MMMM 'de' y") == [.day(padded: false), .literal(" de "), .month(width: 4, standalone: false), .literal(" de "), .year])
        let numeric = DateStyle(locale: Locale(identifier: "en_GB"), patterns: ["short": "dd/MM/y"])
        #expect(numeric.format(numeric.short, day) == "01/04/2026")
        #expect(numeric.format(numeric.time, day, hour: 7, minute: 5) == "07:05")
        #expect(numeric.format(DateStyle.parse("d M y H:mm"), CalendarDay(year: 987, month: 12, day: 31), hour: 0, minute: 0) == "31 12 987 0:00")
        #expect(numeric.format(DateStyle.parse("EEE, d MMM"), day) == "Wed, 1 Apr")
        // Past the stack's 256 bytes a date is put together in an array, whole.
        let long = String(repeating: "Tag ", count: 70)
        #expect(numeric.format(DateStyle.parse("'\(long)'d MMMM y"), day) == long + "1 April 2026")
        #expect(numeric.format(DateStyle.parse("d MMMM '\(long)'"), day) == "1 April " + long)
    }

    /// A file's readable name, worked out byte by byte, is the name worked out by characters.
    @Test func readableNamesOfFiles() {
        func byCharacters(_ source: String) -> String {
            var name = source.split(separator: "/").last ?? Substring(source)
            if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
            return String(name.map { $0 == "-" || $0 == "_" ? " " : $0 })
        }
        let samples = ["malerweg-day-1.gpx", "media/2026/ferry_to-kyoto.jpg", "a.b/", "///", "", ".hidden", "dir/.hidden",
                       "京都の朝-2.mp4", "trips/elbe/über_die-brücke.tar.gz", "no extension", "x/", "/lead"]
        for sample in samples { #expect(MediaView.readableName(sample) == byCharacters(sample), "\(sample)") }
        #expect(MediaView.readableName("media/malerweg-day-1.gpx") == "malerweg day 1")
    }

    @Test func everyBuiltInLanguageHasEveryLabel() throws {
        let english = try #require(StringTable.parse(EmbeddedAssets.textFiles["templates/i18n/en.yaml"]!))
        #expect(english.labels.count > 120)
        for language in Localization.builtInLanguages where language != "en" {
            let table = try #require(StringTable.parse(EmbeddedAssets.textFiles["templates/i18n/\(language).yaml"] ?? ""), "\(language)")
            #expect(Set(table.labels.keys) == Set(english.labels.keys), "\(language): \(Set(english.labels.keys).symmetricDifference(table.labels.keys).sorted())")
            #expect(Set(table.plurals.keys) == Set(english.plurals.keys), "\(language)")
            #expect(table.lists["tips"]?.count == english.lists["tips"]?.count, "\(language): every tip")
        }
        // Every {{t.key}} of the built-in templates has an English label.
        for (path, text) in EmbeddedAssets.textFiles where path.hasPrefix("templates/") && path.hasSuffix(".mustache") {
            for match in text.matches(of: /\{\{\{?t\.([A-Za-z]+)\}?\}\}/) {
                #expect(english.labels[String(match.1)] != nil, "\(path): t.\(match.1)")
            }
            for match in text.matches(of: /\{\{[A-Za-z.]+\.([A-Za-z]+)\}\}/) where english.plurals[String(match.1)] == nil {
                // Not a counted noun: an ordinary dotted name such as date.long.
                #expect(!["entries", "days", "places"].contains(String(match.1)), "\(path)")
            }
        }
    }

    @Test func aGermanJournalSpeaksGerman() throws {
        let journal = try TemporaryJournal(config: "title: Tagebuch\nauthor: Lena\ntimezone: Europe/Berlin\nbase_url: https://example.org/\nlanguage: de\n")
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: Erster\ndate: 2026-04-01 18:20\nmood: good\n---\nText.\n")
        try journal.write("entries/2026-04-02-b.md", "---\ndate: 2026-04-02\n---\nOhne Titel.\n")
        try journal.write("i18n/de.yaml", "navArchive: Alle Einträge\n")
        let report = journal.build { $0.strict = true }
        #expect(report.succeeded, "\(report.diagnostics)")
        let entry = try page(journal.output, "2026/04/01/a/index.html")
        #expect(entry.string("/html/@lang") == "de" && entry.string("/html/@dir") == "ltr")
        #expect(entry.string("//article//time") == "Mittwoch, 1. April 2026, 18:20")
        #expect(entry.strings("//nav[@aria-label='Website']/a").contains("Alle Einträge"), "the journal's own label wins")
        #expect(entry.string("//footer[@class='site-footer']//p")?.hasPrefix("Tagebuch von Lena · Archiv") == true)
        #expect(try page(journal.output, "2026/04/02/b/index.html").string("//h1") == "2. April 2026", "an untitled entry is titled with its date, in German")
        let archive = try page(journal.output, "archive/index.html")
        #expect(archive.string("//h1") == "Archiv")
        #expect(archive.string("//p[@class='lead']") == "2 Einträge, nach Jahr und Monat.")
        let moods = try page(journal.output, "moods/index.html")
        #expect(moods.string("//table[@class='distribution']/caption") == "Wie oft jede Stimmung erfasst wurde, pro Jahr und insgesamt")
        #expect(moods.string("//ul[@data-tips]/li[1]")?.contains("Benenne das Gefühl") == true, "the built-in tips in German")
        #expect(try journal.read("_site/journal.js").hasPrefix("window.journalLabels = {"), "the script's words come with it")
        #expect(try journal.read("_site/journal.js").contains("Guten Morgen"))
    }

    @Test func aLanguageWithoutLabelsWarnsAndFallsBackToEnglish() throws {
        let journal = try TemporaryJournal(config: "title: Dagbok\ntimezone: Europe/Stockholm\nlanguage: sv\n")
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nText.\n")
        let report = journal.build()
        #expect(report.succeeded)
        #expect(report.diagnostics.contains { $0.message.contains("no labels in language 'sv'") && $0.location.line == 3 })
        let entry = try page(journal.output, "2026/04/01/a/index.html")
        #expect(entry.string("//article//time") == "onsdag 1 april 2026", "dates still in Swedish, from ICU")
        #expect(entry.strings("//header//nav/a").first == "Entries")
        try journal.write("i18n/sv.yaml", "navEntries: Inlägg\n")
        let partial = journal.build()
        #expect(partial.diagnostics.contains { $0.message.contains("not translated to 'sv'") })
    }
}
