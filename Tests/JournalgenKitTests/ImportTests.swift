import Foundation
import Testing
@testable import JournalgenKit

/// `journalgen import`: Day One, Daylio and jrnl exports into a journal that builds cleanly, and
/// a second import that adds nothing.
@Suite struct ImportTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/import")

    func journal() throws -> TemporaryJournal {
        try TemporaryJournal(config: "title: Imported\ntimezone: Europe/Berlin\nbase_url: https://example.org/\n")
    }

    func importing(_ source: ImportSource, _ file: String, into journal: TemporaryJournal, map: [String: String] = [:], trip: String? = nil,
                   dryRun: Bool = false) throws -> (summary: ImportWriter.Summary?, diagnostics: [String]) {
        let config = try #require(JournalConfigReader.read(journal: journal.root, displayPath: "journal.yaml", diagnostics: DiagnosticsEngine()))
        let context = ImportContext(config: config, displayPath: file, trip: trip, moodMap: map)
        let diagnostics = DiagnosticsEngine()
        let (plan, cleanup) = source.plan(Self.fixtures.appendingPathComponent(file).path, context: context, diagnostics: diagnostics)
        defer { cleanup() }
        guard !diagnostics.hasErrors else { return (nil, diagnostics.diagnostics.map(\.description)) }
        return (try ImportWriter(journal: journal.root.path).apply(plan, dryRun: dryRun), diagnostics.diagnostics.map(\.description))
    }

    func buildsCleanly(_ journal: TemporaryJournal) {
        let report = journal.build(today: "2026-11-23") { $0.strict = true }
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
    }

    @Test func dayOneFromTheZipAndAgainFromTheFolder() throws {
        let journal = try journal()
        defer { journal.remove() }
        let dry = try importing(.dayone, "dayone.zip", into: journal, trip: "spring-2026", dryRun: true)
        #expect(dry.summary?.entries == 3 && !FileManager.default.fileExists(atPath: journal.root.appendingPathComponent("entries/2026").path), "a dry run writes nothing")
        let first = try #require(try importing(.dayone, "dayone.zip", into: journal, trip: "spring-2026").summary)
        #expect((first.entries, first.photos, first.videos) == (3, 4, 1))
        #expect(first.skipped.map(\.why) == ["not in the export's photos/ folder"])
        let again = try #require(try importing(.dayone, "dayone", into: journal).summary)
        #expect(again.entries == 0 && again.alreadyThere == 3, "the unpacked folder is the same export")
        buildsCleanly(journal)

        // Its own time zone, on both sides of the night the clocks change.
        let before = try journal.read("entries/2026/2026-03-29-night-before-the-clocks-change.md")
        #expect(before.contains("\ndate: 2026-03-29T01:30:00+01:00\n"))
        #expect(try journal.read("entries/2026/2026-03-29-summer-time-now-an-hour-gone-in-the-night.md").contains("\ndate: 2026-03-29T03:30:00+02:00\n"))
        // Day One's escapes go, except where Markdown needs them; the place, the weather; the photo in the text.
        #expect(before.contains("it is 3.5 km to the station and I walked it. A well-known shortcut (maybe)!"))
        #expect(before.contains("\n1\\. is not a list here\n"))
        #expect(before.contains("location:\n  name: Lindenau, Leipzig, Germany\n  lat: 51.3347\n  lon: 12.3334\n"))
        #expect(before.contains("weather:\n  conditions: Clear\n  temperature_c: 4.5\n"))
        #expect(before.contains("trip: spring-2026") && before.contains("imported: dayone:5F3A0C1E9B2D4E7F8A6B1C2D3E4F5A6B"))
        #expect(before.contains("![Photo](photo-1.jpeg)"))
        let kyoto = try journal.read("entries/2026/2026-04-01-伏見稲荷-at-dawn.md")
        #expect(kyoto.contains("\ndate: 2026-04-01T18:20:00+09:00\n"))
        #expect(kyoto.contains("![the upper shrine](photo-2.jpeg)") && kyoto.contains("media:\n  - photo-3.jpeg\n  - video-1.mov\n"),
                "photos the text names stay where they were; the rest go to the gallery")
        #expect(FileManager.default.contentsEqual(atPath: journal.root.appendingPathComponent("entries/2026/2026-04-01-伏見稲荷-at-dawn/photo-2.jpeg").path,
                                                  andPath: Self.fixtures.appendingPathComponent("dayone/photos/11112222333344445555666677778888.jpeg").path))
        #expect(try journal.read("entries/2026/2026-03-29-summer-time-now-an-hour-gone-in-the-night.md").contains("tags: [starred]"))
        let page = try page(journal.output, "2026/04/01/伏見稲荷-at-dawn/index.html")
        #expect(page.string("//h1") == "伏見稲荷 at dawn")
    }

    @Test func daylioMoodsAndNotes() throws {
        let journal = try journal()
        defer { journal.remove() }
        let refused = try importing(.daylio, "daylio_export.csv", into: journal)
        #expect(refused.summary == nil)
        #expect(refused.diagnostics.contains { $0.hasPrefix("daylio_export.csv:5:1: error: mood 'sleepy' has no level on the journal's scale; expected --map sleepy=LEVEL") },
                "line 5: the first row's note runs over two lines; \(refused.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: journal.root.appendingPathComponent("moods.log").path), "nothing written")
        let config = try #require(JournalConfigReader.read(journal: journal.root, displayPath: "journal.yaml", diagnostics: DiagnosticsEngine()))
        let export = try Data(contentsOf: Self.fixtures.appendingPathComponent("daylio_export.csv"))
        #expect(DaylioImporter(context: ImportContext(config: config, displayPath: "x")).unplacedMoods(export) == ["sleepy"], "what the terminal asks about")
        let summary = try #require(try importing(.daylio, "daylio_export.csv", into: journal, map: ["sleepy": "so-so"]).summary)
        #expect((summary.entries, summary.moods) == (2, 2))
        #expect(try journal.read("moods.log") == "2026-11-22 09:10 so-so work\n2026-11-21 23:05 so-so reading\n", "meh is the middle of five; 11:05 pm")
        let dinner = try journal.read("entries/2026/2026-11-22-dinner-at-last.md")
        #expect(dinner.contains("title: Dinner, at last\ndate: 2026-11-22T21:40:00+01:00\nmood: amazing\ntags: [friends, cooking]\n"))
        #expect(dinner.hasSuffix("---\n\nCooked for four 🍲\nMirela brought wine.\n"))
        #expect(try journal.read("entries/2026/2026-03-29-the-clocks-went-forward-and-so-did-my-headache.md").contains("date: 2026-03-29T03:30:00+02:00\nmood: horrible"),
                "02:30 does not exist that night in Berlin: the clock had already moved on")
        let again = try #require(try importing(.daylio, "daylio_export.csv", into: journal, map: ["sleepy": "so-so"]).summary)
        #expect(again.entries + again.moods == 0 && again.alreadyThere == 4)
        buildsCleanly(journal)
    }

    @Test func daylioOlderFormAndBrokenRows() throws {
        let journal = try journal()
        defer { journal.remove() }
        let config = try #require(JournalConfigReader.read(journal: journal.root, displayPath: "journal.yaml", diagnostics: DiagnosticsEngine()))
        let importer = DaylioImporter(context: ImportContext(config: config, displayPath: "old.csv"))
        let old = "full_date,date,weekday,time,mood,activities,note\n2025-01-02,January 2,Thursday,08:00,good,,A seven-column row\n"
        let diagnostics = DiagnosticsEngine()
        #expect(importer.plan(Data(old.utf8), diagnostics: diagnostics).entries.map(\.title) == ["A seven-column row"])
        #expect(!diagnostics.hasErrors)
        let broken = "full_date,date,weekday,time,mood,activities,note_title,note\n2025-01-02,x,y,08:00,good,,\n2025-13-02,x,y,08:00,good,,,\n2025-01-03,x,y,25:00,good,,,\n2025-01-04,x,y,08:00,good,,,\"never closed\n"
        let problems = DiagnosticsEngine()
        _ = importer.plan(Data(broken.utf8), diagnostics: problems)
        #expect(problems.diagnostics.map(\.description) == [
            "old.csv:5:1: error: a quoted field opened here is never closed; expected a closing \"",
        ])
        let fixed = DiagnosticsEngine()
        _ = importer.plan(Data(broken.replacingOccurrences(of: "\"never closed\n", with: "ok\n").utf8), diagnostics: fixed)
        #expect(fixed.diagnostics.map(\.description) == [
            "old.csv:2:1: error: the row has 7 fields; expected 8, as in the header row (a note with a comma needs quotes)",
            "old.csv:3:1: error: full_date is '2025-13-02'; expected a day such as 2026-11-22",
            "old.csv:4:1: error: time is '25:00'; expected a time such as 21:40 or 9:40 pm",
        ])
    }

    @Test func jrnlEntries() throws {
        let journal = try journal()
        defer { journal.remove() }
        let summary = try #require(try importing(.jrnl, "jrnl.json", into: journal).summary)
        #expect(summary.entries == 2)
        let report = try journal.read("entries/2026/2026-10-25-finished-the-report.md")
        #expect(report.contains("title: Finished the report.\ndate: 2026-10-25T18:05:00+01:00\ntags: [work, starred]\n"))
        #expect(try journal.read("entries/2026/2026-03-29-oma-s-birthday-90-today.md").contains("Even Uncle Jörg."))
        #expect(try importing(.jrnl, "jrnl.json", into: journal).summary?.alreadyThere == 2)
        buildsCleanly(journal)
    }

    @Test func malformedExportsSayWhereAndWriteNothing() throws {
        let journal = try journal()
        defer { journal.remove() }
        let config = try #require(JournalConfigReader.read(journal: journal.root, displayPath: "journal.yaml", diagnostics: DiagnosticsEngine()))
        let diagnostics = DiagnosticsEngine()
        _ = JrnlImporter(context: ImportContext(config: config, displayPath: "jrnl.json"))
            .plan(Data(#"{"entries": [{"date": "2026-01-01", "time": "09:00"}, {"date": 5}, {"date": "2026-02-30", "time": "x"}]}"#.utf8), diagnostics: diagnostics)
        #expect(diagnostics.diagnostics.map(\.description) == [
            "jrnl.json:1:1: error: entries[1].date is 5; expected text",
            "jrnl.json:1:1: error: entries[2].date is '2026-02-30'; expected a day such as 2026-11-22",
        ])
        let zip = try importing(.dayone, "escaping.zip", into: journal)
        #expect(zip.diagnostics.contains { $0.contains("'../outside.txt' in the ZIP file would be written outside the folder it is unpacked in") }, "\(zip.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.appendingPathComponent("outside.txt").path))
        #expect(snapshot(journal.root.appendingPathComponent("entries")).isEmpty)
    }
}
