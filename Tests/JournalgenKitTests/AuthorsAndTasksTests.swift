import Foundation
import Testing
@testable import JournalgenKit

/// Journals written together (authors, bylines, per-person moods) and the tasks inside entries.
@Suite struct AuthorsAndTasksTests {
    static let twoAuthors = """
        title: Flat notebook
        timezone: Europe/Berlin
        base_url: https://example.org/flat/
        author: ana
        authors:
          ana: {name: Ana, colour: "#aa3355", bio: Plants <b>everything</b>}
          ben:
            name: Ben
          kim: {name: Kim, private: true}

        """

    // MARK: Authors

    @Test func unknownAuthorsAreErrorsThatListTheKnownOnes() throws {
        let journal = try TemporaryJournal(config: Self.twoAuthors)
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\nauthor: anna\n---\nBody\n")
        try journal.write("entries/2026-04-02-b.md", "---\ntitle: B\nauthor: [ben, bob]\n---\nBody\n")
        try journal.write("moods.log", "2026-04-01 10:00 @zed good\n")
        let m = journal.build().diagnostics.map(\.description)
        #expect(m.contains("entries/2026-04-01-a.md:3:9: error: author 'anna' is not an author of the journal; expected one of: ana, ben, kim; did you mean 'ana'?"), "\(m)")
        #expect(m.contains("entries/2026-04-02-b.md:3:15: error: author 'bob' is not an author of the journal; expected one of: ana, ben, kim"), "\(m)")
        #expect(m.contains { $0.hasPrefix("moods.log:1:18: error: author 'zed' is not an author") }, "\(m)")
    }

    @Test func badAuthorSettingsAreReported() throws {
        let journal = try TemporaryJournal(config: "title: T\nauthors:\n  Ana Smith: {name: Ana}\n  ben: {colour: red}\n  kim: {name: Kim, colour: red, private: maybe}\n")
        defer { journal.remove() }
        let m = journal.build().diagnostics.map(\.description)
        #expect(m.contains { $0.hasPrefix("journal.yaml:3:") && $0.contains("author id 'Ana Smith' is not a short id") }, "\(m)")
        #expect(m.contains { $0.hasPrefix("journal.yaml:4:") && $0.contains("author 'ben' has no name") }, "\(m)")
        #expect(m.contains { $0.hasPrefix("journal.yaml:5:") && $0.contains("colour 'red' of author 'kim' is not a colour") }, "\(m)")
        #expect(m.contains { $0.hasPrefix("journal.yaml:5:") && $0.contains("authors.kim.private is 'maybe'; expected true or false") }, "\(m)")
    }

    @Test func authorPagesBylinesFeedsAndFilter() throws {
        let journal = try TemporaryJournal(config: Self.twoAuthors)
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: Ana <alone>\nmood: good\n---\nBody\n")
        try journal.write("entries/2026-04-02-b.md", "---\ntitle: Together\nauthor: [ben, ana]\nmood: bad\n---\nBody\n")
        try journal.write("entries/2026-04-03-c.md", "---\ntitle: Kim's\nauthor: kim\n---\nBody\n")
        try journal.write("moods/ben.log", "2026-04-01 09:00 amazing\n")
        try journal.write("moods.log", "2026-04-02 09:00 @ben horrible\n2026-04-02 10:00 so-so\n")
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let site = journal.output
        let authors = try page(site, "authors/index.html")
        #expect(authors.strings("//li[contains(@class,'author-card')]//h2/a") == ["Ana", "Ben"], "a private author gets no page")
        #expect(authors.string("//li[contains(@class,'author-card')][1]//p[@class='bio']") == "Plants <b>everything</b>", "text, never HTML")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("authors/kim").path))
        let ben = try page(site, "authors/ben/index.html")
        #expect(ben.strings("//ul[@class='rows']/li/a") == ["Together"])
        #expect(ben.string("//header[@class='author-profile']//a[.='Atom feed']/@href") == "/flat/authors/ben/feed.xml")
        // Ben's moods: his log file, his @ben line and the entry he wrote with Ana; not Ana's.
        #expect(ben.string("//header[@class='author-profile']//p[@class='meta']")?.contains("3 moods") == true)
        let together = try page(site, "2026/04/02/b/index.html")
        #expect(together.strings("//p[@class='byline']//span[@class='author']").map { $0.trimmingCharacters(in: .whitespaces) } == ["Ben", "Ana"])
        #expect(together.string("//p[@class='byline']//span[@class='author'][2]/a/@href") == "/flat/authors/ana/")
        let kims = try page(site, "2026/04/03/c/index.html")
        #expect(kims.count("//p[@class='byline']//a") == 0 && kims.string("//p[@class='byline']") == "by Kim", "named, not linked")
        let feed = try String(contentsOf: site.appendingPathComponent("authors/ana/feed.xml"), encoding: .utf8)
        #expect(feed.contains("<title>Flat notebook: Ana</title>") && feed.contains("Ana &lt;alone&gt;") && feed.contains("Together") && !feed.contains("Kim"))
        #expect(try String(contentsOf: site.appendingPathComponent("feed.xml"), encoding: .utf8).filter { !$0.isWhitespace }.contains("<author><name>Ben</name></author>"),
                "each entry names its authors in the journal's feed")
        let filter = try page(site, "filter/index.html")
        #expect(filter.strings("//select[@name='author']/option/@value") == ["", "ana", "ben", "kim"])
        let index = try String(contentsOf: site.appendingPathComponent("search/year-2026.json"), encoding: .utf8)
        #expect(index.contains("\"authors\":[\"ben\",\"ana\"]"))
        let moods = try page(site, "moods/index.html")
        #expect(moods.strings("//section[@class='mood-person']/h2").map { $0.trimmingCharacters(in: .whitespaces) } == ["Ana", "Ben", "Kim"].filter { $0 != "Kim" },
                "each person who logs moods, apart")
        #expect(moods.strings("//ol[@class='log']/li/span[@class='author']").contains("Ben"))
    }

    @Test func aSoloJournalShowsNoneOfIt() throws {
        for config in ["title: Solo\nbase_url: https://example.org/\n", "title: Solo\nbase_url: https://example.org/\nauthors: {me: {name: Me}}\n"] {
            let journal = try TemporaryJournal(config: config)
            defer { journal.remove() }
            // Without authors:, author: is the writer's own key for templates, as before.
            try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n" + (config.contains("authors") ? "author: me\n" : "author: Somebody\n") + "---\nBody\n")
            let report = journal.build()
            #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
            #expect(!FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("authors").path))
            let entry = try page(journal.output, "2026/04/01/a/index.html")
            #expect(entry.count("//p[@class='byline']") == 0)
            #expect(entry.count("//nav//a[.='People']") == 0)
            #expect(try page(journal.output, "filter/index.html").count("//select[@name='author']") == 0)
        }
    }

    @Test func whoIsWriting() throws {
        let authors = JournalAuthors(all: [Author(id: "ana", name: "Ana Lima"), Author(id: "ben", name: "Ben")])
        #expect(try authors.writer(option: "ben", environment: "ana", gitName: nil).get()?.id == "ben")
        #expect(try authors.writer(option: nil, environment: "Ana Lima", gitName: "Ben").get()?.id == "ana")
        #expect(try authors.writer(option: nil, environment: nil, gitName: "ben").get()?.id == "ben")
        #expect(try authors.writer(option: nil, environment: nil, gitName: "Somebody Else").get() == nil)
        guard case .failure(let error) = authors.writer(option: "bne", environment: nil, gitName: nil) else { Issue.record("accepted"); return }
        #expect(error.message == "--author 'bne' is not an author of the journal; expected one of: ana, ben; did you mean 'ben'?")
        #expect(MoodLogWriter.line(level: MoodScale.standard.levels[1], note: "tea", at: EntryDate(day: CalendarDay(year: 2026, month: 4, day: 1)), author: "ben")
                == "2026-04-01 00:00 @ben good tea")
    }

    // MARK: Tasks

    @Test func tasksAreGatheredFromListsOnly() {
        let text = """
            - [ ] ! call the landlord (due 2026-12-01) @ana
            - [x] done one
              - [ ] nested under it

            1. [ ] numbered

            > - [ ] quoted, not a task

            ```
            - [ ] in code, not a task
            ```

            | a | b |
            |---|---|
            | - [ ] in a table | not a task |
            """
        let tasks = MarkdownRenderer().render(text).tasks
        #expect(tasks.map(\.text) == ["call the landlord @ana", "done one", "nested under it", "numbered"])
        #expect(tasks.map(\.isDone) == [false, true, false, false])
        #expect(tasks.map(\.isImportant) == [true, false, false, false])
        #expect(tasks[0].due == CalendarDay(year: 2026, month: 12, day: 1))
        #expect(tasks[0].mentions == ["ana"])
        #expect(tasks.map(\.line) == [1, 2, 3, 5])
        #expect(tasks[2].parent == "done one")
        #expect(tasks.map(\.anchor) == ["task-call-the-landlord-ana", "task-done-one", "task-nested-under-it", "task-numbered"])
    }

    @Test func asciiSlugsAreTheUnicodePathsSlugs() {
        var samples = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["Up the Mountain: Kyoto!", "  -a--b_c  ", "x\u{1F}y\u{7F}z", "call the landlord (due 2026-12-01) @ana"]
        var random = IncrementalTests.SeededRandom(state: 7)
        for _ in 0..<500 { samples.append(String((0..<12).map { _ in Character(UnicodeScalar(UInt8.random(in: 0...127, using: &random))) })) }
        for text in samples { #expect(Slug.make(text) == Slug.makeUnicode(text), "\(Array(text.utf8))") }
        #expect(Slug.makeASCII("Kyōto") == nil)
    }

    /// Heading ids as GitHub gives them ("notes", "notes-1", and "notes-1-1" for a heading
    /// written "Notes 1" after that), the same whether the ids given are searched in a list or,
    /// past 32, through a dictionary: checked against a dictionary from the start.
    @Test func headingIdsAreUniqueOnLongPagesAsOnShortOnes() {
        struct Reference {
            var used: [String: Int] = [:]
            mutating func next(for text: String) -> String {
                var base = Slug.make(text)
                if base.isEmpty { base = "section" }
                guard let count = used[base] else { used[base] = 0; return base }
                var n = count + 1
                while used["\(base)-\(n)"] != nil { n += 1 }
                used[base] = n
                used["\(base)-\(n)"] = 0
                return "\(base)-\(n)"
            }
        }
        var short = HeadingSlugs()
        #expect(["Notes", "Notes", "Notes 1", "", "!"].map { short.next(for: $0) } == ["notes", "notes-1", "notes-1-1", "section", "section-1"])
        var random = IncrementalTests.SeededRandom(state: 11)
        let words = ["Notes", "Notes 1", "notes-2", "Day", "Day 1", "Day-1-1", "", "Plan"]
        for length in [5, 31, 32, 33, 120] {
            var slugs = HeadingSlugs(), reference = Reference()
            for _ in 0..<length {
                let text = words[Int.random(in: 0..<words.count, using: &random)]
                #expect(slugs.next(for: text) == reference.next(for: text), "\(length) headings")
            }
        }
    }

    @Test func anchorsStayWhenOtherItemsChange() {
        let before = MarkdownRenderer().render("- [ ] paint the hallway\n- [ ] fix the tap\n").tasks.map(\.anchor)
        let after = MarkdownRenderer().render("- [ ] a new first one\n- [x] paint the hallway (due 2027-01-01)\n- [ ] fix the tap\n").tasks.map(\.anchor)
        #expect(Array(after.dropFirst()) == before, "added above, ticked, given a due day: same anchors")
        let twice = MarkdownRenderer().render("- [ ] water\n- [ ] water\n")
        #expect(twice.tasks.map(\.anchor) == ["task-water", "task-water-1"])
        #expect(twice.html.contains("<li id=\"task-water\"><label>") && twice.html.contains("<li id=\"task-water-1\"><label>"))
        #expect(!MarkdownRenderer().render("- [ ] water\n").excerptHTML.contains("id="), "no ids in excerpts, which lists show side by side")
    }

    /// The byte-count shortcuts cut where counting characters cut: at and around each limit,
    /// with characters of one to four bytes, ones made of two scalars (an ASCII letter or a
    /// space and a combining mark) and CR LF.
    @Test func shorteningCutsByCharactersNotBytes() {
        func reference(_ text: String, _ limit: Int) -> String {
            guard text.count > limit else { return text }
            var cut = String(text.prefix(limit))
            if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
            return cut + "…"
        }
        for piece in ["a", "é", "e\u{301}", "€", "🌧", "a b", " ", "ab c\r\n", "a\r", "ab \u{301}c", "a b \u{301}"] {
            for count in 0..<70 {
                let text = String(repeating: piece, count: count)
                for limit in [1, 5, 20, 59, 60, 61] {
                    #expect(MarkdownRenderer.shorten(text, to: limit) == reference(text, limit), "\(piece) × \(count), \(limit)")
                }
                #expect(TaskItem.anchorWords(text) == String(text.drop(while: { $0 == "!" || $0 == " " }).prefix(60)), "\(piece) × \(count)")
            }
        }
        // ASCII up to the limit, then a combining mark that joins the last letter.
        for limit in [5, 60] {
            let text = String(repeating: "a", count: limit) + "\u{301}bc"
            #expect(MarkdownRenderer.shorten(text, to: limit) == reference(text, limit))
        }
    }

    @Test func badDueDaysAndUnknownAssignees() throws {
        let journal = try TemporaryJournal(config: Self.twoAuthors)
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\n\nIntro.\n\n- [ ] x (due 2026-02-30)\n- [ ] y @bne\n")
        let m = journal.build().diagnostics.map(\.description)
        #expect(m.contains("entries/2026-04-01-a.md:7:1: error: the task's due day '2026-02-30' is not a day on the calendar; expected (due YYYY-MM-DD), such as (due 2026-12-01)"), "\(m)")
        #expect(m.contains { $0.hasPrefix("entries/2026-04-01-a.md:8:1: warning: the task's assignee 'bne' is not an author of the journal") && $0.hasSuffix("did you mean 'ben'?") }, "\(m)")
    }

    @Test func tasksPagesCalendarAndSummary() throws {
        let journal = try TemporaryJournal(config: Self.twoAuthors)
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: List\n---\n- [ ] later\n- [ ] ! urgent (due 2026-04-10) @ben\n- [x] bought `<milk>`\n- [ ] soon (due 2026-12-24)\n")
        try journal.write("entries/2026-05-01-b.md", "---\ntitle: Other\nauthor: ben\n---\n- [ ] ! newer important\n- [x] done in May\n")
        try journal.write("entries/2026-05-02-c.md", "---\ntitle: Secret\nprivate: true\n---\n- [ ] ! a private chore\n")
        let report = journal.build { $0.passphrase = { _ in TestPassphrase.value } }
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.summary(paths: DisplayPaths()).contains("2 important tasks open; 1 task overdue"))
        let tasks = try page(journal.output, "tasks/index.html")
        #expect(tasks.strings("//main/ul[@class='task-list']/li//a[@class='task-text']/text()[last()]").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["urgent", "newer important", "soon", "later"], "important first, then by due day, then the newest entry")
        #expect(tasks.strings("//section[@class='tasks-recently-done']//a[@class='task-text']").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["done in May", "bought <milk>"], "and below them what got done lately")
        #expect(tasks.string("//li[contains(@class,'is-overdue')]//a[@class='task-text']/@href") == "/flat/2026/04/01/a/#task-urgent-ben")
        #expect(tasks.string("//li[contains(@class,'is-overdue')]//span[contains(@class,'assignee')]/a") == "Ben")
        let done = try page(journal.output, "tasks/done/index.html")
        #expect(done.strings("//section[@class='task-month']/h2/text()").map { $0.trimmingCharacters(in: .whitespaces) } == ["May 2026", "April 2026"])
        #expect(done.strings("//a[@class='task-text']").map { $0.trimmingCharacters(in: .whitespaces) } == ["done in May", "bought <milk>"])
        let entry = try page(journal.output, "2026/04/01/a/index.html")
        #expect(entry.count("//li[@id='task-urgent-ben']/label/input[@type='checkbox']") == 1, "the link's target exists")
        let calendar = try String(contentsOf: journal.output.appendingPathComponent("reminders.ics"), encoding: .utf8)
        #expect(calendar.contains("DTSTART;VALUE=DATE:20261224") && calendar.contains("SUMMARY:soon"))
        #expect(calendar.contains("SUMMARY:! urgent") && !calendar.contains("milk"), "open tasks with a day, not done ones")
        for (path, data) in snapshot(journal.output) {
            #expect(!String(decoding: data, as: UTF8.self).contains("private chore"), "a private task in clear in \(path)")
        }
    }

    // MARK: done and undo

    @Test func tickingChangesOneByteAndKeepsLineEndings() {
        for ending in ["\n", "\r\n"] {
            let text = ["\u{FEFF}---", "title: T", "---", "- [ ] one  ", "  * [X] two", "3) [ ] three", "- [ ]not a box", "> - [ ] quoted"].joined(separator: ending) + ending
            let ticked = try? TaskEditor.setDone(true, line: 4, in: text).get()
            #expect(ticked == text.replacingOccurrences(of: "- [ ] one", with: "- [x] one"))
            #expect((try? TaskEditor.setDone(false, line: 5, in: text).get()) == text.replacingOccurrences(of: "[X] two", with: "[ ] two"))
            #expect((try? TaskEditor.setDone(true, line: 6, in: text).get()) == text.replacingOccurrences(of: "3) [ ]", with: "3) [x]"))
            for line in [1, 7, 8, 99] {
                guard case .failure = TaskEditor.setDone(true, line: line, in: text) else { Issue.record("line \(line) ticked"); continue }
            }
            guard case .failure(let already) = TaskEditor.setDone(true, line: 5, in: text) else { Issue.record("ticked twice"); continue }
            #expect(already.message == "the task on line 5 is already done")
        }
    }

    @Test func doneAndUndoOnAJournalFile() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let text = "---\r\ntitle: T\r\n---\r\n- [ ] one\r\n\r\n```\r\n- [ ] code\r\n```\r\n"
        try journal.write("entries/2026-04-01-t.md", text)
        let path = journal.root.path + "/entries/2026-04-01-t.md"
        let workspace = try #require(JournalWorkspace.open(journal.root, diagnostics: DiagnosticsEngine()))
        let diagnostics = DiagnosticsEngine()
        #expect(workspace.setTask(done: true, path: path, line: 4, diagnostics: diagnostics)?.text == "one")
        #expect(try journal.read("entries/2026-04-01-t.md") == text.replacingOccurrences(of: "- [ ] one", with: "- [x] one"))
        #expect(workspace.setTask(done: true, path: path, line: 7, diagnostics: diagnostics) == nil)
        #expect(diagnostics.diagnostics.last?.message.hasPrefix("line 7 is not a task of the entry (an item in a code block or a quote is not one); the nearest task is on line 4") == true)
        #expect(workspace.setTask(done: false, path: path, line: 4, diagnostics: DiagnosticsEngine()) != nil)
        #expect(try journal.read("entries/2026-04-01-t.md") == text, "undo gives the file back byte for byte")
        let found = TaskQuery(state: .open).run(workspace.load(diagnostics: DiagnosticsEngine()).entries, today: CalendarDay(year: 2026, month: 4, day: 2))
        #expect(found.map(\.place) == ["entries/2026-04-01-t.md:4"])
    }
}
