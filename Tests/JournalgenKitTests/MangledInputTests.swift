import Foundation
import Testing
@testable import JournalgenKit

/// Inputs a fuzzer found to crash, hang or blow up journalgen: each is now an error naming the
/// file, line and column, or is published safely.
@Suite struct MangledInputTests {
    func check(_ entry: String, file: String = "entries/2026-01-01-a.md") throws -> BuildReport {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write(file, entry)
        return journal.build()
    }

    func firstError(_ report: BuildReport) -> String {
        report.diagnostics.first { $0.severity == .error }.map { "\($0.location.line):\($0.location.column): \($0.message)" } ?? "no error"
    }

    @Test func yamlAliasesThatNameBillionsOfValuesAreAnError() throws {
        var lines = ["---", "title: laughs", "a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]") }
        let report = try check((lines + ["---", "Body."]).joined(separator: "\n") + "\n")
        #expect(!report.succeeded)
        #expect(firstError(report).contains("the front matter holds more than 100000 values (YAML aliases"), "\(firstError(report))")
    }

    @Test func deeplyNestedFrontMatterIsAnError() throws {
        let toml = try check("+++\ntitle = \"deep\"\nx = " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "\n+++\nBody.\n")
        #expect(firstError(toml).hasPrefix("3:205: invalid TOML: lists and tables are nested more than 200 levels deep"), "\(firstError(toml))")
        let yaml = try check("---\ntitle: deep\nx: " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "\n---\nBody.\n")
        #expect(firstError(yaml).contains("nesting"), "\(firstError(yaml))")
    }

    @Test func aHugeRevisitIntervalIsAnError() throws {
        let report = try check("---\ntitle: far\nrevisit: 9223372036854775807 days\n---\nBody.\n")
        #expect(firstError(report) == "3:10: revisit '9223372036854775807 days' is not an interval; expected a number and days, weeks, months or years, such as '3 weeks' (at most 100 years), or a day such as 2026-12-13")
        #expect(try check("---\ntitle: far\nrevisit: 100 years\n---\nBody.\n").succeeded)
        #expect(!(try check("---\ntitle: far\nrevisit: 1201 months\n---\nBody.\n").succeeded))
    }

    @Test func aTableOfMillionsOfCellsIsAnError() throws {
        let n = 3000
        let body = "|" + String(repeating: "a|", count: n) + "\n|" + String(repeating: "-|", count: n) + "\n" + String(repeating: "|a\n", count: n)
        let report = try check("---\ntitle: table\n---\n" + body)
        #expect(firstError(report) == "5:1: a table of 3000 columns and 3001 rows is larger than journalgen renders; expected at most 1000 columns and 100000 cells")
        #expect(TableBounds.excess(in: "| a | b |\n|---|:-:|\n| 1 | 2 |\n") == nil)
        #expect(TableBounds.delimiterColumns(Substring("---").utf8) == nil, "a rule, not a table")
        #expect(TableBounds.delimiterColumns(Substring("| :--- | ---: |").utf8) == 2)
    }

    /// Lines are walked in place, and those that cannot be a delimiter row are passed over at
    /// their first character: the table over the bounds is still found, on its own line.
    @Test func theTableOverTheBoundsIsFoundAfterOthersAndText() throws {
        let wide = "|" + String(repeating: "a|", count: 1001) + "\n \t|" + String(repeating: ":-|", count: 1001) + "\n|a|\n"
        let body = "a | b\nsome text | with pipes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- a list\n--- \n\n" + wide + "\nafter"
        let excess = try #require(TableBounds.excess(in: body))
        #expect(excess.line == 12 && excess.columns == 1001 && excess.rows == 2, "\(excess)")
        #expect(TableBounds.excess(in: "x\n|" + String(repeating: "-|", count: 1001)) != nil, "a delimiter row on the last line, without a newline")
        #expect(TableBounds.excess(in: "|" + String(repeating: "-|", count: 1001)) == nil, "the first line is never a delimiter row")
    }

    /// Found by the fuzzer: an image inside another image's alt text was freed with it, then read.
    @Test func anImageInsideAnImagesAltTextIsText() throws {
        let body = MarkdownRenderer().render("![a ![b](inner.jpg) c](outer.jpg)\n\n# ![h](head.jpg) Title\n")
        #expect(body.images.map(\.source) == ["outer.jpg", "head.jpg"], "the inner image is part of the outer one's alt text")
        let dropped = MarkdownRenderer().render("# ![h](head.jpg) Title\n\n![x](body.jpg)\n", dropLeadingHeading: true)
        #expect(dropped.images.map(\.source) == ["body.jpg"], "a dropped heading's image goes with it")
    }

    @Test func controlCharactersNeverBreakTheFeedOrTheCalendar() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-01-01-a.md", "---\ntitle: \"Tab\\tVT\\vFF\\fESC\\e end\"\nrevisit: 2 weeks\n---\nLine\u{2028}two\u{85}three \u{0B} and \u{1B}.\n")
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let feed = try #require(MarkupDocument(data: Data(contentsOf: journal.output.appendingPathComponent("feed.xml")), kind: .xml))
        #expect(feed.problems.isEmpty, "\(feed.problems)")
        #expect(feed.string("//*[local-name()='entry']/*[local-name()='title']") == "Tab\tVTFFESC end")
        let ics = try journal.read("_site/reminders.ics")
        #expect(!ics.unicodeScalars.contains { [0x0B, 0x0C, 0x1B, 0x85, 0x2028].contains($0.value) })
    }

    @Test func aTitleLongerThanAFileNameGetsAShortenedAddress() throws {
        let title = String(repeating: "京都の朝は静かで", count: 11)  // 88 characters, 264 bytes
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-01-01-a.md", "---\ntitle: \(title)\ntags: [\(title)]\n---\nBody.\n")
        try journal.write("entries/2026-01-02-b.md", "---\ntitle: \(title)。\n---\nBody.\n")
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let folders = report.entryPages.map { $0.split(separator: "/").last.map(String.init) ?? "" }
        #expect(folders.allSatisfy { $0.utf8.count <= Slug.maximumBytes }, "\(folders)")
        #expect(Set(folders).count == 2)
        #expect(Slug.make(title) == Slug.make(title), "the same in every build")
        #expect(Slug.make(title + "x") != Slug.make(title + "y"), "long titles that begin alike stay apart")
        #expect(FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("tags/\(Slug.make(title))/index.html").path))
    }
}

/// A key or a mood a letter or two from a known one is almost always a typo, and says so.
@Suite struct TypoTests {
    @Test func nearMissesAreFoundAndFarOnesLeftAlone() {
        #expect(Typos.distance("moood", "mood") == 1)
        #expect(Typos.distance("tilte", "title") == 1, "two letters swapped are one edit")
        #expect(Typos.suggestion(for: "authr", among: ["author", "title"]) == "author")
        #expect(Typos.suggestion(for: "paginte", among: JournalConfigReader.knownKeys) == "paginate")
        #expect(Typos.suggestion(for: "weather", among: EntryParser.knownKeys) == nil, "a key of one's own")
        #expect(Typos.suggestion(for: "people", among: EntryParser.knownKeys) == nil)
    }

    @Test func typosInFrontMatterJournalYAMLAndMoodsAreNamed() throws {
        let journal = try TemporaryJournal(config: "title: T\ntimezone: Europe/Berlin\nauthr: Lena\n")
        defer { journal.remove() }
        try journal.write("entries/2026-01-01-a.md", "---\ntitle: A\nmoood: good\nweather: sunny\n---\nBody.\n")
        try journal.write("entries/2026-01-02-b.md", "---\ntitle: B\nmood: godo\n---\nBody.\n")
        let report = journal.build()
        let messages = report.diagnostics.map { "\($0.location.path.split(separator: "/").last ?? ""):\($0.location.line):\($0.location.column): \($0.message)" }
        #expect(messages.contains("journal.yaml:3:1: 'authr' is not a key of journal.yaml; did you mean 'author'? (a key of your own is kept for templates, but this one is a letter or two from 'author')"), "\(messages)")
        #expect(messages.contains("2026-01-01-a.md:3:1: 'moood' is not a key of the front matter; did you mean 'mood'? (a key of your own is kept for templates, but this one is a letter or two from 'mood')"), "\(messages)")
        #expect(!messages.contains { $0.contains("weather") })
        #expect(messages.contains("2026-01-02-b.md:3:7: mood 'godo' is not on the journal's scale; expected one of: amazing, good, so-so, bad, horrible; did you mean 'good'?"), "\(messages)")
        #expect(!journal.build { $0.strict = true }.succeeded)
    }

    @Test func aTabAndAnUnquotedColonGetPlainWords() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-01-01-a.md", "---\ntitle: x\ntags:\n\t- a\n---\nBody.\n")
        try journal.write("entries/2026-01-02-b.md", "---\ntitle: Kyoto: day one\n---\nBody.\n")
        let messages = journal.build().diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
        #expect(messages.contains("4:1: invalid YAML: this line is indented with a tab; YAML indents with spaces only (replace the tab with spaces)"), "\(messages)")
        #expect(messages.contains("2:13: invalid YAML: the value of 'title' holds ': ', which YAML reads as the start of another key; put the value in quotes: title: \"Kyoto: day one\""), "\(messages)")
    }
}

@Suite struct CacheFolderTests {
    @Test func aJournalThatCannotBeWrittenKeepsItsCacheInTheUsersCacheFolder() {
        let journal = "/archive/diary-\(UUID().uuidString)"
        #expect(CacheFolder.path(journal: journal, writable: { _ in true }) == journal + "/.journalgen-cache")
        let elsewhere = CacheFolder.path(journal: journal, writable: { _ in false }, environment: ["XDG_CACHE_HOME": "/tmp/xdg"])
        #expect(elsewhere.hasPrefix("/tmp/xdg/journalgen/diary-"))
        #expect(elsewhere == CacheFolder.path(journal: journal, writable: { _ in false }, environment: ["XDG_CACHE_HOME": "/tmp/xdg"]), "the same each time")
        #expect(CacheFolder.path(journal: journal, writable: { _ in false }, environment: ["HOME": "/home/lena"]).hasPrefix("/home/lena/.cache/journalgen/"))
        #expect(elsewhere != CacheFolder.path(journal: journal + "2", writable: { _ in false }, environment: ["XDG_CACHE_HOME": "/tmp/xdg"]))
    }
}
