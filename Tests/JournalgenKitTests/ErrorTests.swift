import Foundation
import Testing
@testable import JournalgenKit

/// Bad journals: every error at once, with file, line and column, and the old site untouched.
@Suite struct ErrorTests {
    func messages(_ report: BuildReport) -> [String] { report.diagnostics.map(\.description) }

    @Test func allErrorsAtOnceWithPositions() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-yaml.md", "---\ntitle: A\nmood: [good\n---\nBody\n")
        try journal.write("entries/2026-04-02-mood.md", "---\ntitle: B\nmood: ecstatic\n---\nBody\n")
        try journal.write("entries/2026-04-03-media.md", "---\ntitle: C\nmedia:\n  - here.jpg\n  - missing.jpg\n---\n")
        try journal.write("entries/2026-04-03-media/here.jpg", TestImages.jpeg)
        try journal.write("entries/2026-04-04-escape.md", "---\nmedia: [../../journal.yaml, /etc/passwd]\n---\n")
        try journal.write("entries/2026-04-05-date.md", "---\ndate: 2026-02-30\n---\n")
        try journal.write("entries/undated.md", "No date anywhere.\n")
        try journal.write("entries/2026-04-06-toml.md", "+++\ntitle = \"unclosed\n+++\n")
        let report = journal.build()
        #expect(!report.succeeded)
        let m = messages(report)
        #expect(m.contains { $0.hasPrefix("entries/2026-04-01-yaml.md:4:") && $0.contains("error: invalid YAML") })
        #expect(m.contains("entries/2026-04-02-mood.md:3:7: error: mood 'ecstatic' is not on the journal's scale; expected one of: amazing, good, so-so, bad, horrible"))
        #expect(m.contains { $0.hasPrefix("entries/2026-04-03-media.md:5:5: error: media 'missing.jpg' not found; looked for entries/2026-04-03-media/missing.jpg and media/missing.jpg") })
        #expect(m.filter { $0.hasPrefix("entries/2026-04-04-escape.md:2:") && $0.contains("points outside the journal") }.count == 2)
        #expect(m.contains { $0.hasPrefix("entries/2026-04-05-date.md:2:7: error: date '2026-02-30' is not a day on the calendar") })
        #expect(m.contains { $0.hasPrefix("entries/undated.md:1:1: error: the entry has no date") })
        #expect(m.contains { $0.hasPrefix("entries/2026-04-06-toml.md:2:") && $0.contains("invalid TOML") })
        #expect(report.errors == 8)
        #expect(!FileManager.default.fileExists(atPath: journal.output.path))
        #expect(report.summary(paths: DisplayPaths(workingDirectory: journal.root.path)) == "Build failed: 8 errors; nothing was written")
    }

    @Test func aFailedBuildLeavesThePreviousSiteUntouched() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: Good\n---\nBody\n")
        #expect(journal.build().succeeded)
        let before = snapshot(journal.output)
        #expect(!before.isEmpty)
        try journal.write("entries/2026-04-02-b.md", "---\nmood: nope\n---\n")
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(snapshot(journal.output) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: journal.root.path)
        #expect(!siblings.contains { $0.contains("journalgen-new") }, "the staging folder is cleaned up")
    }

    @Test func badJournalYAML() throws {
        let journal = try TemporaryJournal(config: "title: T\ntimezone: Mars/Olympus\nmoods: nope\nbase_url: https://example.org/\n")
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\nmood: [\n---\n")
        let m = messages(journal.build())
        #expect(m.contains("journal.yaml:2:11: error: timezone 'Mars/Olympus' is not an IANA time zone name; expected a name such as Europe/Berlin, Asia/Tokyo or UTC"))
        #expect(m.contains { $0.hasPrefix("journal.yaml:3:8: error: moods is 'nope'") })
        #expect(m.contains { $0.hasPrefix("entries/2026-04-01-a.md:") }, "entries are still checked when journal.yaml is broken")
    }

    @Test func unknownThemeVariantWarnsAndStrictFails() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntheme: lava\n---\nBody\n")
        let report = journal.build()
        #expect(report.succeeded)
        #expect(messages(report) == ["entries/2026-04-01-a.md:2:8: warning: theme 'lava' is not a variant of the site theme 'paper'; known variants: paper, forest, ocean, night; the page uses 'paper'"])
        #expect(!journal.build { $0.strict = true }.succeeded)
    }

    @Test func rebuildsRewriteOnlyWhatChangedAndDropStalePages() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("media/p.png", TestImages.png)
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\nmedia: [p.png]\n---\nBody\n")
        try journal.write("entries/2026-04-02-b.md", "---\ntitle: B\n---\nBody\n")
        #expect(journal.build().succeeded)
        #expect(journal.build().succeeded)  // the first site is now the spare, reused by the next build
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2026-04-02-b.md"))
        let third = journal.build()
        #expect(third.succeeded)
        #expect(third.unchanged > 0, "unchanged pages are not rewritten")
        #expect(!FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("2026/04/02/b").path), "a deleted entry's page is gone")
        #expect(!(try journal.read("_site/index.html")).contains(">B<"))
        #expect(snapshot(journal.output)["media/p-96.webp"] != nil)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: journal.root.path).filter { $0.hasPrefix(".") }
        #expect(hidden.sorted() == ["._site.journalgen-spare", ".journalgen-cache"], "the spare site and the photo cache, nothing else")
        // A fresh build of the same journal gives the same files.
        let fresh = journal.build { $0.output = journal.root.appendingPathComponent("fresh") }
        #expect(fresh.succeeded)
        #expect(snapshot(journal.root.appendingPathComponent("fresh")) == snapshot(journal.output))
    }

    @Test func theBuildAfterAFirstOneReusesItsPagesWithoutTouchingThem() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nFirst body\n")
        try journal.write("entries/2026-04-02-b.md", "---\ntitle: B\n---\nBody\n")
        #expect(journal.build().succeeded)
        // A link of our own to the first site's page: it must still read as it was.
        try FileManager.default.linkItem(at: journal.output.appendingPathComponent("2026/04/01/a/index.html"),
                                         to: journal.root.appendingPathComponent("first-a.html"))
        // No spare yet: the site in place is cloned with hard links, and its pages are kept.
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nSecond body\n")
        let second = journal.build()
        #expect(second.succeeded)
        #expect(second.unchanged > 0, "pages of the first site are reused")
        #expect(try journal.read("_site/2026/04/01/a/index.html").contains("Second body"))
        // The first site was never written through a link.
        #expect(try journal.read("first-a.html").contains("First body"))
        // What stays of it beside the output is only what the new site shares: not the old page.
        let spare = journal.root.appendingPathComponent("._site.journalgen-spare")
        #expect(!FileManager.default.fileExists(atPath: spare.appendingPathComponent("2026/04/01/a/index.html").path))
        #expect(FileManager.default.fileExists(atPath: spare.appendingPathComponent("2026/04/02/b/index.html").path))
        let fresh = journal.build { $0.output = journal.root.appendingPathComponent("fresh") }
        #expect(fresh.succeeded)
        #expect(snapshot(journal.root.appendingPathComponent("fresh")) == snapshot(journal.output))
    }

    @Test func refusesToReplaceAFolderItDidNotWrite() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "Body\n")
        try journal.write("precious/notes.txt", "keep me")
        let report = journal.build { $0.output = journal.root.appendingPathComponent("precious") }
        #expect(!report.succeeded)
        #expect(try journal.read("precious/notes.txt") == "keep me")
    }

    /// Nothing at the output path that journalgen cannot prove it wrote is moved, replaced or
    /// deleted: a file, a link, a folder of other files. Each is an error naming the path and why.
    @Test func anOutputPathThatIsNotJournalgensIsLeftAlone() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "Body\n")
        try journal.write("notes.txt", "keep me")
        try FileManager.default.createDirectory(at: journal.root.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: journal.root.appendingPathComponent("linked").path, withDestinationPath: "real")
        for (name, why) in [("notes.txt", "it is a file, not a folder"), ("linked", "it is a symbolic link")] {
            for _ in 0..<2 {
                let report = journal.build { $0.output = journal.root.appendingPathComponent(name) }
                #expect(!report.succeeded)
                #expect(report.diagnostics.contains { $0.message.contains("refusing to replace") && $0.message.contains(why) }, "\(report.diagnostics)")
            }
        }
        #expect(try journal.read("notes.txt") == "keep me")
        let hidden = try FileManager.default.contentsOfDirectory(atPath: journal.root.path).filter { $0.contains(".journalgen-new") || $0.contains(".journalgen-spare") }
        #expect(hidden.isEmpty, "nothing moved aside: \(hidden)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: journal.root.appendingPathComponent("linked").path) == "real")
    }

    @Test func leftoversOfKilledBuildsAreRemoved() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "Body\n")
        // A staging folder whose build is gone (no process has this id), and one of a live build.
        try journal.write("._site.journalgen-new-2147483000/index.html", "half a site")
        try journal.write("._site.journalgen-new-1/index.html", "pid 1 is alive")
        #expect(journal.build().succeeded)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: journal.root.path).filter { $0.contains("journalgen-new") }
        #expect(hidden == ["._site.journalgen-new-1"])
    }

    @Test func symlinkOutOfTheJournalIsRefused() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try FileManager.default.createDirectory(at: journal.root.appendingPathComponent("media"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: journal.root.appendingPathComponent("media/passwd").path, withDestinationPath: "/etc/passwd")
        try journal.write("entries/2026-04-01-a.md", "---\nmedia: [passwd]\n---\n")
        let report = journal.build()
        #expect(messages(report).contains { $0.contains("media 'passwd' points outside the journal") })
    }

    /// Folders' real paths are worked out once each and reused for the files in them: a linked
    /// folder must still be followed, out of the journal (refused) or within it (accepted).
    @Test func aLinkedFolderIsFollowedOutOfTheJournalAndWithinIt() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let media = journal.root.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media.appendingPathComponent("real"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: media.appendingPathComponent("real/note.txt"))
        try FileManager.default.createSymbolicLink(atPath: media.appendingPathComponent("alias").path, withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(atPath: media.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try journal.write("entries/2026-04-01-a.md", "---\nmedia: [real/note.txt, alias/note.txt, etc/passwd]\n---\n")
        let found = messages(journal.build())
        #expect(found.contains { $0.contains("media 'etc/passwd' points outside the journal") })
        #expect(!found.contains { ($0.contains("'alias/note.txt'") || $0.contains("'real/note.txt'")) && ($0.contains("outside") || $0.contains("not found")) }, "\(found)")
    }
}

@Suite struct TemplateOverrideTests {
    @Test func journalTemplatesOverrideBuiltInsFileByFile() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\n---\nBody\n")
        try journal.write("templates/404.mustache", "{{<layout}}{{$content}}<p id=\"custom\">Lost, {{site.title}}</p>{{/content}}{{/layout}}\n")
        try journal.write("themes/paper/static/style.css", "body { color: red }\n")
        #expect(journal.build().succeeded)
        #expect(try journal.read("_site/404.html").contains("<p id=\"custom\">Lost, Test journal</p>"))
        #expect(try journal.read("_site/index.html").contains("class=\"card"), "other templates stay built-in")
        #expect(try journal.read("_site/style.css") == "body { color: red }\n")
    }

    @Test func unknownKeysReachTemplatesAndAnyEncodingOfEntriesReads() throws {
        let journal = try TemporaryJournal(config: "title: T\nmotto: Keep going\n")
        defer { journal.remove() }
        try journal.write("templates/entry.mustache", "{{<layout}}{{$content}}{{#entry}}<p id=\"w\">{{extra.weather}}</p><p id=\"m\">{{site.extra.motto}}</p><div>{{{body}}}</div>{{/entry}}{{/content}}{{/layout}}\n")
        try journal.write("entries/2026-04-01-a.md", "---\ntitle: A\nweather: sunny & <warm>\n---\nBody\n")
        try journal.write("entries/2026-04-02-crlf.md", Data([0xEF, 0xBB, 0xBF]) + Data("---\r\ntitle: Windows\r\nmood: good\r\n---\r\nLine one\r\n".utf8))
        try journal.write("entries/2026-04-03-toml.md", "+++\ntitle = \"From TOML\"\ndate = 2026-04-03T09:30:00+02:00\ntags = [\"x\"]\n+++\nBody\n")
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let a = try page(journal.output, "2026/04/01/a/index.html")
        #expect(a.string("//p[@id='w']") == "sunny & <warm>")
        #expect(a.string("//p[@id='m']") == "Keep going")
        #expect(try page(journal.output, "2026/04/02/crlf/index.html").string("//title") == "Windows · T", "BOM and CRLF")
        #expect(try journal.read("_site/2026/04/02/crlf/index.html").contains("<p>Line one</p>"))
        #expect(try page(journal.output, "2026/04/03/toml/index.html").string("//title") == "From TOML · T")
    }

    /// The messages of a build of one entry with these templates, which must fail and write nothing.
    func failedBuild(templates: [String: String]) throws -> [String] {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "Body\n")
        for (name, text) in templates { try journal.write("templates/\(name).mustache", text) }
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(!FileManager.default.fileExists(atPath: journal.output.path), "nothing written")
        return report.diagnostics.map(\.description)
    }

    @Test func templateErrorsPointIntoTheTemplate() throws {
        let m = try failedBuild(templates: ["entry": "{{<layout}}\n{{$content}}\n{{#entry}}{{title}}\n{{/content}}\n{{/layout}}\n", "tag": "{{> sidebar}}\n"])
        #expect(m.contains("templates/entry.mustache:4:1: error: template error: '{{/content}}' closes 'entry', opened on line 3; expected '{{/entry}}'"))
        #expect(m.contains("templates/tag.mustache:1:1: error: the template 'sidebar' does not exist; expected templates/sidebar.mustache"))
    }

    /// A template that includes itself, or a template that includes it back, outside any
    /// section never ends: an error before any page is rendered, where the include is. Inside a
    /// section whose value is always there, pages stop including after their allowance, and the
    /// build fails with an error instead of running for ever (2^64 includes at the depth limit).
    @Test func endlessIncludesAreErrorsNotHangs() throws {
        let m = try failedBuild(templates: ["byline": "by\n{{>byline}}{{>byline}}\n", "entry-row": "{{title}}{{>row-part}}\n",
                                            "row-part": "{{#entry}}x{{/entry}} {{>entry-row}}\n"])
        #expect(m.contains("templates/byline.mustache:2:1: error: the template includes itself without end ({{>byline}}: byline → byline); expected such an include inside a section ({{#name}}…{{/name}}) that a value ends"), "\(m)")
        #expect(m.contains("templates/entry-row.mustache:1:10: error: the template includes itself without end ({{>row-part}}: entry-row → row-part → entry-row); expected such an include inside a section ({{#name}}…{{/name}}) that a value ends"), "\(m)")

        let stopped = try failedBuild(templates: ["loop": "{{#site}}{{>loop}}{{>loop}}{{/site}}\n", "404": "{{>loop}}\n"])
        #expect(stopped.contains { $0.hasPrefix("templates/loop.mustache:1:1: error: a page included templates more than 200000 times, and stopped at 'loop'") }, "\(stopped)")
    }

    @Test func unknownSiteThemeIsAnError() throws {
        let journal = try TemporaryJournal(config: "title: T\ntheme: neon\n")
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "Body\n")
        let m = journal.build().diagnostics.map(\.description)
        #expect(m.contains { $0.contains("error: theme 'neon' not found; expected a built-in theme (paper) or a folder themes/neon/ in the journal") })
    }
}
