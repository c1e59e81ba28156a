import Foundation
import Testing
@testable import JournalgenKit

/// The front-matter editor: only the owned keys' lines change, or nothing does.
@Suite struct FrontMatterEditorTests {
    func apply(_ edits: [FrontMatterEditor.Edit], _ text: String) -> Result<String, FrontMatterEditor.Refusal> {
        FrontMatterEditor.apply(edits, to: text)
    }

    @Test func setsReplacesAndRemovesKeepingEveryOtherByte() throws {
        let original = "---\ntitle: 'Plans'   # big ones\n# a comment line\ndate: 2026-06-28\nrevisit: \"2 weeks\"  # check\ntags:\n  - summer\n---\n\nBody with --- inside.\n"
        let replaced = try apply([.set("revisit", .text("6 months"))], original).get()
        #expect(replaced == original.replacingOccurrences(of: "revisit: \"2 weeks\"  # check", with: "revisit: \"6 months\"  # check"))
        let glory = try apply([.set("glory", .day(CalendarDay(year: 2026, month: 7, day: 19))), .remove("revisit")], original).get()
        #expect(glory == "---\ntitle: 'Plans'   # big ones\n# a comment line\ndate: 2026-06-28\ntags:\n  - summer\nglory: 2026-07-19\n---\n\nBody with --- inside.\n")
        #expect(try apply([.remove("revisit")], "---\ndate: 2026-01-01\n---\nx") .get() == "---\ndate: 2026-01-01\n---\nx", "removing an absent key changes nothing")
    }

    @Test func keepsLineEndingsAndAByteOrderMark() throws {
        let original = "\u{FEFF}---\r\ndate: 2026-06-28\r\nrevisit: 2 weeks\r\n---\r\nText\r\n"
        #expect(try apply([.set("revisit", .text("3 weeks"))], original).get() == "\u{FEFF}---\r\ndate: 2026-06-28\r\nrevisit: 3 weeks\r\n---\r\nText\r\n")
        #expect(try apply([.set("glory", .day(CalendarDay(year: 2026, month: 1, day: 2)))], original).get()
                == "\u{FEFF}---\r\ndate: 2026-06-28\r\nrevisit: 2 weeks\r\nglory: 2026-01-02\r\n---\r\nText\r\n")
    }

    @Test func editsTOMLBeforeItsFirstTable() throws {
        let original = "+++\ntitle = \"A\"\ndate = 2026-06-28\n\n[location]\nname = \"Kyoto\"\n+++\nText\n"
        let edited = try apply([.set("revisit", .text("1 month"))], original).get()
        #expect(edited == "+++\ntitle = \"A\"\ndate = 2026-06-28\n\nrevisit = \"1 month\"\n[location]\nname = \"Kyoto\"\n+++\nText\n")
        #expect(try apply([.set("revisit", .text("2 months"))], edited).get() == edited.replacingOccurrences(of: "1 month", with: "2 months"))
    }

    @Test func addsFrontMatterToAFileWithoutAny() throws {
        #expect(try apply([.set("revisit", .text("3 weeks"))], "Just text.\n").get() == "---\nrevisit: 3 weeks\n---\nJust text.\n")
    }

    @Test func refusesWhatItCannotEditSafely() {
        func refusal(_ edits: [FrontMatterEditor.Edit], _ text: String) -> String? {
            if case .failure(let r) = apply(edits, text) { return "\(r.line): \(r.message)" }
            return nil
        }
        let set: [FrontMatterEditor.Edit] = [.set("revisit", .text("3 weeks"))]
        #expect(refusal(set, "---\nrevisit:\n  3 weeks\n---\n") == "2: cannot edit 'revisit' safely: its value is on the lines below it; expected a one-line value such as '3 weeks'")
        #expect(refusal(set, "---\nrevisit: 3\n  weeks\n---\n") == "2: cannot edit 'revisit' safely: its value goes on over the next lines; expected a one-line value")
        #expect(refusal(set, "---\nrevisit: 1 week\nrevisit: 2 weeks\n---\n") == "3: 'revisit' is written twice in the front matter; expected it once")
        #expect(refusal(set, "---\nrevisit: &a 1 week\n---\n")?.hasPrefix("2: cannot edit 'revisit' safely: its value '&a 1 week' is not a plain one-line value") == true)
        #expect(refusal(set, "---\ndate: 2026-01-01\nText without a closing line\n") == "1: the front matter has no closing '---' line")
        #expect(refusal(set, "---\ntitle: [unclosed\n---\n") == "1: the front matter does not read as YAML or TOML; fix it first (journalgen check shows where)")
    }

    @Test func quotesTextOnlyWhenYAMLNeedsIt() {
        #expect(FrontMatterEditor.yaml(.text("3 weeks")) == "3 weeks")
        for text in ["Kyoto: day two", "yes", "2026-01-01", "- dash", "#tag", "12", "a #b", "it's \"quoted\"", "\"quoted\" first"] {
            let written = FrontMatterEditor.yaml(.text(text))
            #expect(written.hasPrefix("\"") == (text != "it's \"quoted\""), "\(text) → \(written)")
            let read = try? FrontMatterReader.read("---\nk: \(written)\n---\n").get()
            #expect(read?.meta["k"]?.text == text, "\(text) reads back")
        }
    }

    /// Found by the fuzzer: a line break written inside the writer's single quotes read back as a space.
    @Test func aValueSingleQuotesCannotHoldIsDoubleQuoted() throws {
        let edited = try FrontMatterEditor.apply([.set("title", .text("multi\nline"))], to: "---\ntitle: 'First'\n---\nBody\n").get()
        #expect(edited == "---\ntitle: \"multi\\nline\"\n---\nBody\n")
        #expect(try FrontMatterReader.read(edited).get().meta["title"]?.text == "multi\nline")
        #expect(try FrontMatterEditor.apply([.set("title", .text("Second"))], to: "---\ntitle: 'First'\n---\n").get() == "---\ntitle: 'Second'\n---\n",
                "the writer's quotes kept where they can be")
    }

    /// Found by the fuzzer: a plain value that goes on after a blank line is not a one-line value.
    @Test func aValueContinuedAfterABlankLineIsRefused() {
        guard case .failure(let refusal) = FrontMatterEditor.apply([.set("title", .text("3 weeks"))], to: "---\ntitle: Old\n\n  more of it\n---\nBody\n") else {
            Issue.record("an edit that would drop the value's second line was made")
            return
        }
        #expect(refusal.message.contains("goes on over the next lines"))
    }

    /// Found by the fuzzer: `title:r` is text in YAML, not the key `title`, and a lone CR ends a
    /// line as YAML reads it (the line after it went on the value). Front matter that is not a
    /// list of keys is refused, and every edit must read back as written.
    @Test func onlyWhatYAMLReadsAsAKeyIsEdited() {
        #expect(FrontMatterEditor.keyName("title:r", format: .yaml) == nil)
        #expect(FrontMatterEditor.keyName("title: r", format: .yaml) == "title")
        #expect(FrontMatterEditor.keyName("time: 10:30", format: .yaml) == "time")
        #expect(FrontMatterEditor.keyName("title:", format: .yaml) == "title")
        guard case .failure(let refusal) = FrontMatterEditor.apply([.set("title", .text("good"))], to: "---\ntitle:r\n\r e\n\n---\nBody\n") else {
            Issue.record("an edit of front matter that is one line of text was made")
            return
        }
        #expect(refusal.message.contains("not a list of keys"))
        guard case .failure(let continued) = FrontMatterEditor.apply([.set("title", .text("good"))], to: "---\ntitle: r\r e\n---\nBody\n") else {
            Issue.record("a value that goes on after a lone CR was edited as one line")
            return
        }
        #expect(continued.message.contains("goes on over the next lines"))
    }

    @Test func revisitFromTodayIsWrittenAsAnIntervalFromTheEntryWhenItCanBe() {
        let entry = CalendarDay(year: 2026, month: 6, day: 28)
        #expect(RevisitInterval.written(from: entry, amount: 3, unit: .week, today: CalendarDay(year: 2026, month: 11, day: 22)).description == "24 weeks")
        #expect(RevisitInterval.written(from: entry, amount: 3, unit: .month, today: CalendarDay(year: 2026, month: 9, day: 28)).description == "6 months")
        let day = RevisitInterval.written(from: entry, amount: 1, unit: .month, today: CalendarDay(year: 2026, month: 11, day: 22))
        #expect(day.day == CalendarDay(year: 2026, month: 12, day: 22) && day.after(entry) == day.day)
        #expect(RevisitInterval.parse("2026-12-22")?.after(entry) == CalendarDay(year: 2026, month: 12, day: 22))
    }
}

/// Every writing command, run as the real binary without a terminal (flags only), checked
/// byte for byte.
@Suite struct WritingCommandTests {
    let cli = CommandLineTests()

    func journalgen(_ arguments: [String], in folder: URL) throws -> CommandResult {
        let result = try cli.run(arguments, in: folder)
        return result
    }

    @Test func initMakesAJournalThatBuilds() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("journalgen-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let made = try journalgen(["init", "small-hours", "--timezone", "Europe/Berlin", "--today", "2026-11-22"], in: parent)
        #expect(made.status == 0, "\(made.err)")
        let root = parent.appendingPathComponent("small-hours")
        let config = try String(contentsOf: root.appendingPathComponent("journal.yaml"), encoding: .utf8)
        #expect(config.contains("\ntitle: Small hours\n") && config.contains("\ntimezone: Europe/Berlin\n") && config.contains("# private:"))
        #expect(try String(contentsOf: root.appendingPathComponent(".gitignore"), encoding: .utf8)
                == "# Made by journalgen build: the site, the site before last, processed photos.\n_site/\n.*.journalgen-spare/\n.journalgen-cache/\n")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("entries/2026/2026-11-22-welcome.md").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) == made.out.contains("git init"))
        let built = try journalgen(["build", "--today", "2026-11-22", "--quiet"], in: root)
        #expect(built.status == 0, "\(built.err)")
        // A new journal builds and checks with no warning, also from inside one of its folders.
        let strict = try journalgen(["check", "--strict", "--today", "2026-11-22"], in: root.appendingPathComponent("entries/2026"))
        #expect(strict.status == 0 && strict.err.isEmpty, "\(strict.err)")
        #expect(strict.out.contains("no feed, sitemap or reminders calendar"))
        let again = try journalgen(["init", "small-hours"], in: parent)
        #expect(again.status != 0 && again.err.contains("there is a journal here already"))
    }

    @Test func messagesSayWhatIsWrong() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let feb = try journalgen(["new", "x", "--date", "2026-02-30"], in: journal.root)
        #expect(feb.status != 0 && feb.err.contains("--date '2026-02-30': February 2026 has 28 days, so there is no day 30; expected a day from 01 to 28"), "\(feb.err)")
        let missing = try journalgen(["revisit", "entries/nope.md", "3", "weeks"], in: journal.root)
        #expect(missing.status != 0 && missing.err.contains("cannot read this file: there is no such file"), "\(missing.err)")
        let help = try journalgen(["unlock", "--help"], in: journal.root)
        #expect(help.out.components(separatedBy: "default: _site").count == 2 && !help.out.contains("(default: _site). (default"), "the default once: \(help.out)")
        try journal.write("entries/2026-01-01-a.md", "---\ntitle: A\ntheme: lava\n---\nBody\n")
        let strict = try journalgen(["check", "--strict", "--today", "2026-11-22"], in: journal.root)
        #expect(strict.status != 0 && strict.err.contains("nothing was written") && !strict.err.contains("previous site"), "\(strict.err)")
        #expect("😖 horrible".paddedToColumns(10) == "😖 horrible", "never cut")
        #expect("🙂 good".paddedToColumns(10) == "🙂 good   ", "an emoji takes two columns")
    }

    @Test func newWritesTheEntryFromFlagsAndNeverOverwrites() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("photo.jpg", TestImages.jpeg)
        let args = ["new", "Kyoto, day two: gates", "--date", "2026-04-02 18:20", "--mood", "Good", "--theme", "forest", "--trip", "japan-2026",
                    "--place", "Fushimi Inari", "--tag", "hike", "--tag", "a, b", "--private", "--media", journal.root.path + "/photo.jpg"]
        let first = try journalgen(args, in: journal.root.appendingPathComponent("entries"))
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out == "Created 2026/2026-04-02-kyoto-day-two-gates.md\n")
        #expect(try journal.read("entries/2026/2026-04-02-kyoto-day-two-gates.md") == """
            ---
            title: "Kyoto, day two: gates"
            date: 2026-04-02T18:20:00+02:00
            mood: good
            theme: forest
            trip: japan-2026
            location: Fushimi Inari
            tags: [hike, "a, b"]
            media:
              - photo.jpg
            private: true
            ---


            """)
        #expect(try Data(contentsOf: journal.root.appendingPathComponent("entries/2026/2026-04-02-kyoto-day-two-gates/photo.jpg")) == TestImages.jpeg)
        let second = try journalgen(["new", "Kyoto, day two: gates", "--date", "2026-04-02"], in: journal.root)
        #expect(second.out == "Created entries/2026/2026-04-02-kyoto-day-two-gates-2.md\n")
        #expect(try journal.read("entries/2026/2026-04-02-kyoto-day-two-gates.md").contains("private: true"), "the first is untouched")
        #expect(try journal.read("entries/2026/2026-04-02-kyoto-day-two-gates-2.md") == "---\ntitle: \"Kyoto, day two: gates\"\ndate: 2026-04-02\n---\n\n")
        let bad = try journalgen(["new", "X", "--mood", "ecstatic", "--date", "2026-04-02"], in: journal.root)
        #expect(bad.status != 0 && bad.err.contains("--mood 'ecstatic' is not on the journal's scale; expected one of amazing, good, so-so, bad, horrible"))
        let report = journal.build { $0.passphrase = { _ in TestPassphrase.value } }
        #expect(report.succeeded, "\(report.diagnostics)")
    }

    @Test func moodAppendsOneLineAndMoodsListsNewestFirst() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("moods.log", "# my moods\r\n2026-11-20 09:00 so-so")
        try journal.write("entries/2026-11-21-fog.md", "---\ntitle: Fog\ndate: 2026-11-21 21:00\nmood: bad\n---\n")
        let logged = try journalgen(["mood", "good", "coffee", "with", "Ana", "--at", "2026-11-22 08:10"], in: journal.root)
        #expect(logged.status == 0, "\(logged.err)")
        #expect(logged.out == "🙂 Good, 2026-11-22 08:10 → moods.log\n")
        #expect(try journalgen(["mood", "1", "--at", "2026-11-22 21:40"], in: journal.root).status == 0)
        #expect(try journal.read("moods.log") == "# my moods\r\n2026-11-20 09:00 so-so\r\n2026-11-22 08:10 good coffee with Ana\r\n2026-11-22 21:40 amazing\r\n")
        let moods = try journalgen(["moods", "-n", "3", "--today", "2026-11-22"], in: journal.root)
        #expect(moods.out == """
            2026-11-22 21:40  🤩 amazing
            2026-11-22 08:10  🙂 good     coffee with Ana
            2026-11-21 21:00  🙁 bad      ✎ Fog

            """)
        let wrong = try journalgen(["mood", "meh"], in: journal.root)
        #expect(wrong.status != 0 && wrong.err.contains("'meh' is not on the journal's scale"))
    }

    @Test func dueRevisitAndGloryEditOnlyTheirLines() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let plans = "---\r\ntitle: \"Plans\"   # the big ones\r\ndate: 2026-06-28\r\nrevisit: \"2 weeks\"  # check back\r\ntags: [summer]\r\n---\r\n\r\nSwim across the lake.\r\n"
        try journal.write("entries/2026/2026-06-28-plans.md", plans)
        try journal.write("entries/2026/2026-11-01-later.md", "---\ndate: 2026-11-01\nrevisit: 3 weeks\n---\nLater.\n")
        let due = try journalgen(["due", "--today", "2026-11-22"], in: journal.root)
        #expect(due.out == "due 2026-07-12 (133 days ago)  Plans  entries/2026/2026-06-28-plans.md\ndue today  1 November 2026  entries/2026/2026-11-01-later.md\n")

        let file = "entries/2026/2026-06-28-plans.md"
        let revisit = try journalgen(["revisit", file, "3", "weeks", "--today", "2026-11-22"], in: journal.root)
        #expect(revisit.out == "\(file): revisit: 24 weeks (due 2026-12-13)\n", "\(revisit.err)")
        #expect(try journal.read(file) == plans.replacingOccurrences(of: "\"2 weeks\"", with: "\"24 weeks\""))
        _ = try journalgen(["revisit", file, "1 month", "--today", "2026-11-22"], in: journal.root)
        #expect(try journal.read(file) == plans.replacingOccurrences(of: "\"2 weeks\"", with: "2026-12-22"))
        #expect(try journalgen(["due", "--today", "2026-11-22"], in: journal.root).out.hasPrefix("due today  1 November 2026"))

        let glory = try journalgen(["glory", file, "--date", "2026-07-19"], in: journal.root)
        #expect(glory.out == "\(file): on the List of Glory, realised 2026-07-19\n")
        #expect(try journal.read(file) == "---\r\ntitle: \"Plans\"   # the big ones\r\ndate: 2026-06-28\r\ntags: [summer]\r\nglory: 2026-07-19\r\n---\r\n\r\nSwim across the lake.\r\n")

        try journal.write("entries/2026/2026-11-02-odd.md", "---\ndate: 2026-11-02\nrevisit:\n  3 weeks\n---\n")
        let refused = try journalgen(["glory", "entries/2026/2026-11-02-odd.md"], in: journal.root)
        #expect(refused.status == 1)
        #expect(refused.err.contains("entries/2026/2026-11-02-odd.md:3:1: error: cannot edit 'revisit' safely"))
        #expect(try journal.read("entries/2026/2026-11-02-odd.md") == "---\ndate: 2026-11-02\nrevisit:\n  3 weeks\n---\n")
    }

    @Test func listFiltersLikeTheFindPage() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2025-12-31-a.md", "---\ntitle: Old\nmood: good\ntags: [Hike]\n---\n")
        try journal.write("entries/2026-01-02-b.md", "---\ntitle: New\ndate: 2026-01-02 09:30\nmood: good\ntags: [hike, snow]\ntheme: night\ntrip: alps\n---\n")
        try journal.write("entries/2026-01-03-c.md", "---\ntitle: Other\nmood: bad\ndraft: true\n---\n")
        let all = try journalgen(["list"], in: journal.root)
        #expect(all.out == """
            2026-01-03        🙁 bad      Other  [draft]  entries/2026-01-03-c.md
            2026-01-02 09:30  🙂 good     New  #hike #snow  entries/2026-01-02-b.md
            2025-12-31        🙂 good     Old  #Hike  entries/2025-12-31-a.md

            """)
        #expect(try journalgen(["list", "--tag", "hike", "--year", "2026"], in: journal.root).out.split(separator: "\n").count == 1)
        #expect(try journalgen(["list", "--mood", "2", "--theme", "night", "--trip", "Alps"], in: journal.root).out.contains("New"))
        let json = try journalgen(["list", "--mood", "good", "--json"], in: journal.root)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(items.map { $0["path"] as? String } == ["entries/2026-01-02-b.md", "entries/2025-12-31-a.md"])
        #expect(items.first?["trip"] as? String == "alps" && items.first?["date"] as? String == "2026-01-02T09:30:00+01:00")
    }

    @Test func everyCommandHasHelpWithExamplesAndCompletions() throws {
        for command in ["init", "new", "mood", "moods", "due", "revisit", "glory", "list", "build", "check", "unlock"] {
            let help = try cli.run([command, "--help"])
            #expect(help.status == 0 && help.out.contains("journalgen \(command)"), "\(command)")
        }
        for command in ["init", "new", "mood", "moods", "due", "revisit", "glory", "list", "unlock"] {
            #expect(try cli.run([command, "--help"]).out.contains("Examples:"), "\(command) --help has examples")
        }
        let bash = try cli.run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0 && bash.out.contains("revisit") && bash.out.contains("--skip-private"))
    }
}
