import Foundation
import Testing
@testable import JournalgenKit

@Suite struct SiteTests {
    @Test func escapingHTML() {
        #expect(HTMLEscaping.escape("a < b & \"c\" 'd' >") == "a &lt; b &amp; &quot;c&quot; &#39;d&#39; &gt;")
        #expect(HTMLEscaping.escape("京都 plain") == "京都 plain")
    }

    /// Texts are read where they are stored, for escaping, pages and the entry cache: every byte,
    /// whether the text is stored inline (15 bytes or fewer) or not, has a 0 inside, or was cut
    /// from another.
    @Test func aTextsBytesAreItsUTF8() {
        let long = String(repeating: "Kyoto 京都 ", count: 40)
        let cut = String(long.dropFirst(6).prefix(20))
        for text in ["", "a", "京都", "nul\u{0}inside", "fifteen bytes!!", "sixteen bytes!!!", long, cut, "😀 " + long] {
            #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8), "\(text.debugDescription)")
        }
        let sink = CompactSink()
        sink.string(long)
        #expect(sink.bytes.suffix(long.utf8.count) == Array(long.utf8)[...])
    }

    /// The words of eight bytes passed over at once: each special byte at each place of a text
    /// longer than two words, among bytes one bit away from them (`%` `=` `?` `#` `"` + 0x80),
    /// escaped as a byte-by-byte reference does.
    @Test func escapingFindsEachSpecialByteAtEveryPlace() {
        func reference(_ text: String) -> String {
            text.map { c -> String in
                switch c {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\"": "&quot;"
                case "'": "&#39;"
                default: String(c)
                }
            }.joined()
        }
        let fillers = ["%=?#$;:/.a", "é京=?%-()"]
        for filler in fillers {
            let base = String(repeating: filler, count: 4)
            let characters = Array(base)
            #expect(HTMLEscaping.escape(base) == base)
            for special in ["&", "'", "\"", "<", ">"] {
                for place in characters.indices {
                    var text = characters
                    text[place] = Character(special)
                    let made = String(text)
                    #expect(HTMLEscaping.escape(made) == reference(made), "\(special) at \(place) of \(made)")
                }
            }
        }
        #expect(HTMLEscaping.escape(String(repeating: "<&>", count: 9)) == String(repeating: "&lt;&amp;&gt;", count: 9))
    }

    @Test func slugs() {
        #expect(Slug.make("Up the Mountain: Kyoto!") == "up-the-mountain-kyoto")
        #expect(Slug.make("Café au lait, Straße") == "cafe-au-lait-strasse")
        #expect(Slug.make("京都の朝") == "京都の朝")
        #expect(Slug.make("  --- ") == "")
    }

    @Test func titlesPlacesCaptionsAndTagsAreEscaped() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("media/a.png", TestImages.png)
        try journal.write("entries/2026-04-03-x.md", """
            ---
            title: "<script>alert(1)</script> & friends"
            location: {name: "<b>Bar</b>", lat: 1, lon: 2}
            tags: ["<i>tag</i>"]
            media: [{src: a.png, caption: "<img src=x onerror=alert(2)>"}]
            ---
            Body <em>raw</em> html.
            """)
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let html = try journal.read("_site/2026/04/03/x/index.html")
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; friends"))
        #expect(!html.contains("<b>Bar</b>"))
        #expect(!html.contains("<i>tag</i>"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<em>raw</em>"), "raw HTML in Markdown is dropped by default")
        let doc = try page(journal.output, "2026/04/03/x/index.html")
        #expect(doc.string("//h1") == "<script>alert(1)</script> & friends")
    }

    @Test func unsafeMarkdownOptIn() throws {
        let journal = try TemporaryJournal(config: "title: T\nmarkdown: {unsafe: true}\n")
        defer { journal.remove() }
        try journal.write("entries/2026-04-03-x.md", "Body <em>raw</em> html.\n")
        #expect(journal.build().succeeded)
        #expect(try journal.read("_site/2026/04/03/x/index.html").contains("<em>raw</em>"))
    }

    /// cmark-gfm's extensions share a global table of special characters; rendering on both
    /// cores must still give every text its strikethrough and links. Texts rendered without the
    /// table extension (a table over the bounds) come out as they do alone, though its `|` stays
    /// a special character for them when documents are finished in parallel.
    @Test func markdownExtensionsHoldWhenRenderingInParallel() {
        // Every other text has a `www.` name, for which `w` is made a special character while it is
        // finished (CmarkGFM.parse): the others, finished meanwhile, come out as they do alone.
        let texts = (0..<400).map { n in
            String(repeating: "Some words before it, a line of filler text. ", count: n % 40) + "The ~~old~~ plan \(n): https://example.org/\(n) and more.\n"
                + (n % 3 == 0 ? "Pipes|inside words, a | b |c, and `x|y`.\n" : "") + (n % 2 == 1 ? "Or www.example.net/\(n) with a view.\n" : "")
        }
        let renderer = MarkdownRenderer()
        let alone = MarkdownRenderer().render(texts[0], tablesFit: false)
        #expect(alone.html.hasSuffix(" and more.\nPipes|inside words, a | b |c, and <code>x|y</code>.</p>\n"), "\(alone.html)")
        let oneByOne = texts.indices.map { n in renderer.render(texts[n], tablesFit: n % 3 == 0 ? false : nil) }
        let bodies = parallelMap(Array(texts.indices)) { n in renderer.render(texts[n], tablesFit: n % 3 == 0 ? false : nil) }
        for (n, body) in bodies.enumerated() {
            let page = body.html
            #expect(page.contains("<del>old</del>") && page.contains("<a href=\"https://example.org/\(n)\">"), "text \(n): \(page.suffix(120))")
            if n % 2 == 1 { #expect(page.contains("Or <a href=\"http://www.example.net/\(n)\">www.example.net/\(n)</a> with a view."), "text \(n): \(page.suffix(120))") }
            #expect(page == oneByOne[n].html && body.wordCount == oneByOne[n].wordCount, "text \(n)")
            if n == 0 { #expect(page == alone.html && body.wordCount == alone.wordCount && body.summary == alone.summary) }
        }
        #expect(alone.wordCount == 15, "\(alone.wordCount)")
        // Debian's cmark-gfm calls it through its symbol table, so CCmarkThreads can keep it.
        #expect(CmarkGFM.finishesInParallel, "documents are finished one at a time")
    }

    /// A text gets only the extensions whose markers it has (CmarkGFM.ExtensionMarkers): each
    /// form they find still comes out, an e-mail address written with an entity among them, and
    /// a text with none of them (its `:`s still split its text nodes, which autolink's pass no
    /// longer joins) keeps its words.
    @Test func markdownExtensionsFindWhatTheirMarkersStart() {
        let renderer = MarkdownRenderer()
        let mail = renderer.render("Mail me&#64;example.org today.\n").html
        #expect(mail == "<p>Mail <a href=\"mailto:me@example.org\">me@example.org</a> today.</p>\n", "\(mail)")
        #expect(renderer.render("Or a@b.co.\n").html == "<p>Or <a href=\"mailto:a@b.co\">a@b.co</a>.</p>\n")
        let web = renderer.render("See www.example.org and ftp://files.example.org/x now.\n").html
        #expect(web == "<p>See <a href=\"http://www.example.org\">www.example.org</a> and <a href=\"ftp://files.example.org/x\">ftp://files.example.org/x</a> now.</p>\n", "\(web)")
        #expect(renderer.render("~one~ and ~~two~~\n").html == "<p><del>one</del> and <del>two</del></p>\n")
        #expect(renderer.render("- [x] done\n- [ ] open\n").tasks.map(\.isDone) == [true, false])
        let plain = renderer.render("We went with the wind: wow, a wild west snow.\n")
        #expect(plain.html == "<p>We went with the wind: wow, a wild west snow.</p>\n")
        #expect(plain.wordCount == 10, "\(plain.wordCount)")
        #expect(renderer.render("We went with the wind: wow, a wild west snow. https://example.org\n").wordCount == 11)
        // With raw HTML allowed, the tag filter still disarms the tags GitHub filters.
        let raw = MarkdownRenderer(unsafeHTML: true).render("Hi <script>alert(1)</script> and <em>this</em>.\n").html
        #expect(raw == "<p>Hi &lt;script>alert(1)&lt;/script> and <em>this</em>.</p>\n", "\(raw)")
    }

    /// cmark-gfm's memory comes from an arena of 64 KB blocks: a text far larger than a block
    /// (its nodes, its buffers growing where they are, its HTML) comes out whole, and the texts
    /// rendered after it in the same thread too.
    @Test func aTextLargerThanTheMarkdownArenaRendersWhole() {
        let paragraphs = (0..<3000).map { "Paragraph \($0) with *emphasis*, `code`, a [link](https://example.org/\($0)) and ~~struck~~ words." }
        let renderer = MarkdownRenderer()
        let long = renderer.render(paragraphs.joined(separator: "\n\n") + "\n\n| a | b |\n|---|---|\n| 1 | 2 |\n").html
        #expect(long.components(separatedBy: "<p>").count - 1 == 3000)
        #expect(long.contains("<a href=\"https://example.org/2999\">link</a> and <del>struck</del> words.</p>"))
        #expect(long.contains("<td>2</td>"))
        for n in 0..<50 {
            #expect(renderer.render("Short *text* \(n).\n").html == "<p>Short <em>text</em> \(n).</p>\n")
        }
    }

    /// cmark-gfm parses a text into pieces split at punctuation ("don", "’", "t"); the count
    /// joins a word that runs on from one piece into the next, with wiki links ("[[") or without.
    @Test func wordsAreCountedAcrossTheParsersPieces() {
        let renderer = MarkdownRenderer()
        let text = "I don't know [where] it went, 3-4 times!\n\n- [ ] ! call\tthe bank\n"
        #expect(renderer.render(text).wordCount == 12)
        #expect(renderer.render(text + "\nSee [[2025-03-15-hike]].\n").wordCount == 15)
        #expect(renderer.render("a!b[c]d\n").wordCount == 1)
        #expect(renderer.render("").wordCount == 0)
        // Long texts are counted in blocks of 255 bytes: words across a block's edge count once.
        #expect(renderer.render(String(repeating: "word ", count: 300)).wordCount == 300)
        #expect(renderer.render(String(repeating: "x", count: 254) + " " + String(repeating: "y", count: 600) + " z").wordCount == 3)
        #expect(renderer.render("- [ ] ! call the bank\n").html.contains("<strong class=\"important\" title=\"Important\">!</strong> call the bank"))
    }

    @Test func collidingURLsGetDistinctStableSuffixes() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/a/2026-04-03-kyoto.md", "---\ndate: 2026-04-03T10:00:00+09:00\n---\nMorning\n")
        try journal.write("entries/b/2026-04-03-kyoto.md", "---\ndate: 2026-04-03T20:00:00+09:00\n---\nEvening\n")
        try journal.write("entries/c/kyoto.md", "---\ndate: 2026-04-03T15:00:00+09:00\n---\nAfternoon\n")
        // Its own address is one given to another entry before it.
        try journal.write("entries/d/2026-04-03-kyoto-2.md", "---\ndate: 2026-04-03T22:00:00+09:00\n---\nNight\n")
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(try journal.read("_site/2026/04/03/kyoto/index.html").contains("Morning"))
        #expect(try journal.read("_site/2026/04/03/kyoto-2/index.html").contains("Afternoon"))
        #expect(try journal.read("_site/2026/04/03/kyoto-3/index.html").contains("Evening"))
        #expect(try journal.read("_site/2026/04/03/kyoto-2-2/index.html").contains("Night"))
    }

    @Test func titleFallsBackToHeadingThenDate() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-03-a.md", "# From the heading\n\nText\n")
        try journal.write("entries/2026-04-04-b.md", "Just text.\n")
        #expect(journal.build().succeeded)
        let a = try page(journal.output, "2026/04/03/a/index.html")
        #expect(a.string("//h1") == "From the heading")
        #expect(a.count("//div[@class='entry-body']//h1") == 0, "the heading became the title and is not repeated")
        #expect(try page(journal.output, "2026/04/04/b/index.html").string("//h1") == "4 April 2026")
    }

    @Test func draftsPrivateAndFutureEntriesAreLeftOut() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-03-draft.md", "---\ndraft: true\ntags: [draftmarker]\n---\nDRAFTMARKER\n")
        try journal.write("entries/2026-04-04-secret.md", "---\nprivate: true\ntitle: SECRETMARKER\ntags: [secrettag]\nlocation: Secretplace\n---\nSECRETBODY\n")
        try journal.write("entries/2026-11-22-today.md", "---\ndate: 2026-11-22T23:59:00+14:00\n---\nTODAYMARKER\n")
        try journal.write("entries/2026-11-23-tomorrow.md", "FUTUREMARKER\n")
        let report = journal.build(today: "2026-11-22") { $0.skipPrivate = true }
        #expect(report.succeeded)
        #expect(report.draftsLeftOut == 1 && report.privateLeftOut == 1 && report.futureLeftOut == 1)
        #expect(!FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("private").path), "--skip-private publishes no lock screen")
        let everything = snapshot(journal.output)
        for marker in ["DRAFTMARKER", "draftmarker", "SECRETMARKER", "SECRETBODY", "secrettag", "Secretplace", "FUTUREMARKER"] {
            for (path, data) in everything {
                #expect(!String(decoding: data, as: UTF8.self).contains(marker), "\(marker) leaked into \(path)")
                #expect(!path.lowercased().contains(marker.lowercased()), "\(marker) leaked into a file name")
            }
        }
        #expect(everything.values.contains { String(decoding: $0, as: UTF8.self).contains("TODAYMARKER") },
                "an entry dated today is never 'future'")
        let withDrafts = journal.build(today: "2026-11-22") { $0.includeDrafts = true; $0.skipPrivate = true }
        #expect(withDrafts.entries == 2)
    }

    @Test func excerptsAndHeadingAnchors() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-03-a.md", "---\ntitle: A\n---\nIntro **one**.\n\nSecond.\n\n<!-- more -->\n\n## Notes\n\n## Notes\n\n- [ ] ! urgent\n")
        #expect(journal.build().succeeded)
        let home = try page(journal.output, "index.html")
        #expect(home.string("//article[@class='card']//div[@class='excerpt']")?.contains("Second.") == true)
        #expect(home.string("//article[@class='card']//div[@class='excerpt']")?.contains("Notes") == false)
        let entry = try page(journal.output, "2026/04/03/a/index.html")
        #expect(entry.strings("//div[@class='entry-body']/h2/@id") == ["notes", "notes-1"])
        #expect(entry.count("//strong[@class='important']") == 1)
    }

    @Test func outputIsDeterministic() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        for day in 1...25 {
            try journal.write("entries/2026-03-\(day < 10 ? "0" : "")\(day)-day.md", "---\nmood: good\ntags: [t\(day % 3)]\n---\nDay \(day)\n")
        }
        #expect(journal.build().succeeded)
        let first = snapshot(journal.output)
        #expect(journal.build().succeeded)
        #expect(snapshot(journal.output) == first)
        #expect(first.keys.contains("page/1/index.html") && !first.keys.contains("page/2/index.html"), "25 entries, 10 a page: the home page holds 15")
    }

    @Test func permutingInPlaceGivesWhatMappingGives() {
        var random = IncrementalTests.SeededRandom(state: 20261124)
        for count in [0, 1, 2, 7, 100] {
            let values = (0..<count).map { "value \($0)" }
            let order = Array((0..<count).shuffled(using: &random))
            var permuted = values
            permuted.permute(to: order)
            #expect(permuted == order.map { values[$0] })
        }
    }

    /// In time order, New Year's Eve in New York comes after New Year's Day in Tokyo: the years
    /// and months still get one page each, listing their own days' entries.
    @Test func entriesAroundTheTurnOfTheYearInTwoZones() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2014-01-02-later.md", "---\ndate: 2014-01-02T10:00:00+01:00\ntitle: Later\n---\nLater.\n")
        try journal.write("entries/2013-12-31-new-york.md", "---\ndate: 2013-12-31T20:00:00-05:00\ntitle: Eve in New York\n---\nEve.\n")
        try journal.write("entries/2014-01-01-tokyo.md", "---\ndate: 2014-01-01T00:30:00+09:00\ntitle: Morning in Tokyo\n---\nMorning.\n")
        let report = journal.build()
        #expect(report.succeeded)
        let config = try #require(JournalConfigReader.read(journal: journal.root, displayPath: "journal.yaml", diagnostics: DiagnosticsEngine()))
        let loaded = JournalLoader(journal: journal.root, paths: DisplayPaths(workingDirectory: journal.root.path))
            .load(config: config, options: LoadOptions(today: CalendarDay(iso: "2026-11-22")), diagnostics: DiagnosticsEngine())
        let model = SiteModel(config: config, entries: loaded.entries)
        #expect(model.years.map(\.year) == [2014, 2013])
        #expect(model.years.map { $0.months.map(\.month) } == [[1], [12]])
        #expect(model.years[0].months[0].entries.map { model.entries[$0].title } == ["Later", "Morning in Tokyo"])
        let year2014 = try journal.read("_site/2014/index.html")
        #expect(year2014.contains("Morning in Tokyo") && year2014.contains("Later") && !year2014.contains("Eve in New York"))
        let december = try journal.read("_site/2013/12/index.html")
        #expect(december.contains("Eve in New York") && !december.contains("Morning in Tokyo"))
    }
}
