import Foundation
import Testing
@testable import JournalgenKit

/// Private entries and trips: published only as ciphertext that the browser's algorithm opens.
@Suite struct PrivacyTests {
    /// Words that exist only in private places of the journal below, each in a different field.
    static let markers = ["titlemarker", "tagmarker", "placemarker", "captionmarker", "filemarker", "bodymarker", "slugmarker",
                          "tripmarker", "tripsummarymarker", "tripbodymarker", "tripentrymarker", "tripdaymarker", "hiddentrip",
                          "12.3456", "65.4321", "alttextmarker", "weathermarker"]

    static func makeJournal(config extra: String = "") throws -> TemporaryJournal {
        let journal = try TemporaryJournal(config: "title: Test journal\ntimezone: Europe/Berlin\nbase_url: https://example.org/j/\nprivate:\n  hint: first pet\n" + extra)
        try journal.write("trips/hiddentrip.md", "---\ntitle: Tripmarker\nsummary: Tripsummarymarker\nprivate: true\n---\nTripbodymarker\n")
        try journal.write("entries/2026-11-01-open.md", "---\ntitle: Open day\nmood: good\ntags: [walk]\nlocation: {name: Leipzig, lat: 51.34, lon: 12.37}\n---\nPublic text.\n")
        try journal.write("entries/2026-11-02-slugmarker/filemarker.jpg", TestImages.jpeg)
        try journal.write("entries/2026-11-02-slugmarker/inline.png", TestImages.png)
        try journal.write("entries/2026-11-02-slugmarker.md", """
            ---
            title: Titlemarker
            mood: horrible
            weather: Weathermarker
            revisit: 1 week
            glory: true
            tags: [tagmarker]
            location: {name: Placemarker, lat: 12.3456, lon: 65.4321}
            media:
              - src: filemarker.jpg
                caption: Captionmarker
            private: true
            ---
            Bodymarker text.

            ![alttextmarker](inline.png)
            """)
        try journal.write("entries/2026-11-03-day.md", "---\ntitle: Tripentrymarker\ntrip: hiddentrip\n---\nTripdaymarker\n")
        return journal
    }

    static func build(_ journal: TemporaryJournal, passphrase: String = TestPassphrase.value, output: URL? = nil) -> BuildReport {
        journal.build {
            $0.passphrase = { _ in passphrase }
            if let output { $0.output = output }
        }
    }

    @Test func noPrivateWordFileOrImageIsInTheSiteInClear() throws {
        let journal = try Self.makeJournal()
        defer { journal.remove() }
        let report = Self.build(journal)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.privateEncrypted == 2)
        let site = snapshot(journal.output)
        #expect(site.keys.contains("feed.xml") && site.keys.contains("sitemap.xml") && site.keys.contains { $0.hasPrefix("search/year-") })
        for (path, data) in site {
            let text = String(decoding: data, as: UTF8.self).lowercased()
            for marker in Self.markers {
                #expect(!text.contains(marker), "\(marker) in \(path)")
                #expect(!path.lowercased().contains(marker), "\(marker) in the file name \(path)")
            }
            if path.hasPrefix("private/") && !path.hasSuffix(".html") {
                let head = [UInt8](data.prefix(12))
                #expect(!(head.starts(with: [0xFF, 0xD8]) || head.starts(with: [0x89, 0x50]) || head.starts(with: Array("RIFF".utf8))),
                        "\(path) is an image in clear")
            }
        }
        // The public pages are all there, and link the private list.
        let home = try page(journal.output, "index.html")
        #expect(home.strings("//main//article//h2//a") == ["Open day"] || home.count("//main//a[.='Open day']") == 1)
        #expect(home.string("//nav//a[.='Private']/@href") == "/j/private/")
        #expect(!site.keys.contains { $0.hasPrefix("trips/") && $0 != "trips/index.html" }, "the private trip has no public page")
        // Lock screens: the hint, no entry title.
        let lockPages = site.keys.filter { $0.hasPrefix("private/") && $0.hasSuffix("index.html") }
        #expect(lockPages.count == 4, "the list, two entries, one trip: \(lockPages)")
        for path in lockPages {
            let doc = try page(journal.output, path)
            #expect(doc.string("//p[@class='lock-hint']") == "Hint: first pet")
            #expect(doc.string("//meta[@name='robots']/@content") == "noindex, nofollow")
            #expect(doc.count("//meta[@name='description']") == 0)
        }
    }

    @Test func pagesOpenWithThePassphraseOnly() throws {
        let journal = try Self.makeJournal()
        defer { journal.remove() }
        #expect(Self.build(journal).succeeded)
        let listPage = try journal.read("_site/private/index.html")
        let list = try LockedPageOpener.open(page: listPage, at: "private/", passphrase: TestPassphrase.value).get()
        let links = try #require(MarkupDocument(data: Data(list.html.utf8))).strings("//a/@href")
        #expect(links.count == 3, "\(links)")
        let entryLink = try #require(links.first { $0.hasPrefix("/j/private/") && list.html.contains("\($0)\">Titlemarker") })
        let entryPath = "_site/" + entryLink.dropFirst("/j/".count) + "index.html"
        let entry = try LockedPageOpener.open(file: journal.root.path + "/" + entryPath, passphrase: TestPassphrase.value).get()
        #expect(entry.title == "Titlemarker · Test journal")
        for marker in ["Bodymarker", "Captionmarker", "Placemarker", "tagmarker", "alttextmarker"] {
            #expect(entry.html.contains(marker), "\(marker) missing from the opened page")
        }
        #expect(!entry.html.contains("filemarker"), "the photo's file name is not even in the sealed page")
        #expect(LockedPageOpener.open(page: listPage, at: "private/", passphrase: TestPassphrase.value + "!") == .failure(.wrongPassphrase))
        let home = try journal.read("_site/index.html")
        #expect(LockedPageOpener.open(page: home, at: "", passphrase: TestPassphrase.value) == .failure(.notALockScreen))
    }

    /// The private list is paged as the public lists are, each page sealed at its own address.
    @Test func thePrivateListIsPaged() throws {
        let journal = try Self.makeJournal(config: "paginate: {lists: 1}\n")
        defer { journal.remove() }
        #expect(Self.build(journal).succeeded)
        let first = try LockedPageOpener.open(page: try journal.read("_site/private/index.html"), at: "private/", passphrase: TestPassphrase.value).get()
        let second = try LockedPageOpener.open(page: try journal.read("_site/private/page/2/index.html"), at: "private/page/2/",
                                               passphrase: TestPassphrase.value).get()
        let one = try #require(MarkupDocument(data: Data(first.html.utf8)))
        let two = try #require(MarkupDocument(data: Data(second.html.utf8)))
        #expect(one.strings("//ul[@class='rows']//h3//a | //ul[@class='rows']/li/a").contains("Tripmarker"), "trips on the first page")
        #expect(one.string("//nav[@class='pagination']/a[@rel='next']/@href") == "/j/private/page/2/")
        #expect(two.string("//nav[@class='pagination']/a[@rel='prev']/@href") == "/j/private/")
        #expect(!second.html.contains("Tripmarker"), "trips on the first page only")
        let titles = [first.html, second.html].map { ["Titlemarker", "Tripentrymarker"].filter($0.contains) }
        #expect(titles == [["Tripentrymarker"], ["Titlemarker"]], "newest first, one a page: \(titles)")
        #expect(!snapshot(journal.output).keys.contains("private/page/3/index.html"))
    }

    /// The browser's algorithm, run by another implementation: Python's `cryptography`
    /// (PBKDF2-HMAC-SHA256 and AES-GCM, as WebCrypto is called in journal.js).
    @Test func anotherImplementationOpensPagesAndPhotos() throws {
        let journal = try Self.makeJournal()
        defer { journal.remove() }
        #expect(Self.build(journal).succeeded)
        let site = snapshot(journal.output)
        let entryPage = try #require(site.first { $0.key.hasPrefix("private/") && $0.key.hasSuffix("index.html")
            && (try? LockedPageOpener.open(page: String(decoding: $0.value, as: UTF8.self), at: String($0.key.dropLast("index.html".count)), passphrase: TestPassphrase.value).get().html.contains("Bodymarker")) == true }?.key)
        let photos = site.keys.filter { $0.hasPrefix(entryPage.dropLast("index.html".count)) && ($0.hasSuffix(".webp") || $0.hasSuffix(".jpg")) }.sorted()
        #expect(photos.count >= 4)
        let script = """
            import base64, json, re, sys
            from cryptography.hazmat.primitives import hashes
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
            from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC
            page = open(sys.argv[1], encoding="utf-8").read()
            salt = bytes.fromhex(re.search(r'data-salt="([0-9a-f]+)"', page).group(1))
            rounds = int(re.search(r'data-iterations="([0-9]+)"', page).group(1))
            box = base64.b64decode(re.search(r'data-payload="([^"]+)"', page).group(1))
            key = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=rounds).derive(sys.argv[2].encode())
            opened = json.loads(AESGCM(key).decrypt(box[:12], box[12:], sys.argv[3].encode()))
            print(rounds, opened["title"], "Bodymarker" in opened["html"])
            site = sys.argv[4]
            for path in sys.argv[5:]:
                data = open(site + "/" + path, "rb").read()
                plain = AESGCM(key).decrypt(data[:12], data[12:], path.encode())
                length = int.from_bytes(plain[:8], "little")
                assert len(plain) >= 4096 and len(plain) & (len(plain) - 1) == 0, "padded to a power of two"
                print(plain[8:8 + length][:4].hex())
            """
        func python(_ passphrase: String) throws -> CommandResult {
            try runCommand("/usr/bin/env", ["python3", "-c", script, journal.output.path + "/" + entryPage, passphrase,
                                            String(entryPage.dropLast("index.html".count)), journal.output.path] + photos)
        }
        let opened = try python(TestPassphrase.value)
        #expect(opened.status == 0, "\(opened.err)")
        let lines = opened.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "600000 Titlemarker · Test journal True")
        for line in lines.dropFirst() {
            #expect(line == "52494646" || line == "ffd8ffe0" || line.hasPrefix("ffd8"), "a photo opens to WebP or JPEG: \(line)")
        }
        let wrong = try python("correct horse battery stapler")
        #expect(wrong.status != 0 && wrong.err.contains("InvalidTag"))
    }

    @Test func anUnchangedJournalRebuildsToTheSameBytes() throws {
        let journal = try Self.makeJournal()
        defer { journal.remove() }
        #expect(Self.build(journal).succeeded)
        let second = journal.root.appendingPathComponent("second")
        #expect(Self.build(journal, output: second).succeeded)
        let a = snapshot(journal.output).filter { $0.key.hasPrefix("private/") }, b = snapshot(second).filter { $0.key.hasPrefix("private/") }
        #expect(a.count > 5 && a == b)
    }

    @Test func paddingHidesTheLengthOfShortEntries() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-11-01-a.md", "---\nprivate: true\n---\nNo.\n")
        try journal.write("entries/2026-11-02-b.md", "---\nprivate: true\n---\n" + String(repeating: "A longer day, written out in full. ", count: 30) + "\n")
        #expect(Self.build(journal).succeeded)
        let payloads = try snapshot(journal.output).filter { $0.key.hasPrefix("private/") && $0.key.count > 20 }.map { file in
            try #require(LockedPageOpener.attribute("data-payload", in: String(decoding: file.value, as: UTF8.self))).count
        }
        #expect(payloads.count == 2 && Set(payloads).count == 1, "\(payloads)")
    }

    @Test func withoutAPassphraseTheBuildStopsUnlessAskedToSkip() throws {
        let journal = try Self.makeJournal()
        defer { journal.remove() }
        let refused = journal.build()
        #expect(!refused.succeeded)
        #expect(refused.diagnostics.map(\.message).contains { $0.hasPrefix("2 private entries need a passphrase") && $0.contains("JOURNALGEN_PASSPHRASE") && $0.contains("--skip-private") })
        #expect(!FileManager.default.fileExists(atPath: journal.output.path))
        let skipped = journal.build { $0.skipPrivate = true }
        #expect(skipped.succeeded && skipped.privateLeftOut == 2 && skipped.privateEncrypted == 0)
        #expect(!snapshot(journal.output).keys.contains { $0.hasPrefix("private/") })
    }

    @Test func anotherPassphraseIsRefusedUnlessItIsNewOnPurpose() throws {
        let journal = try Self.makeJournal()
        defer { journal.remove() }
        #expect(Self.build(journal).diagnostics.isEmpty)
        let before = snapshot(journal.output)
        // A typo: refused, and the site and the check stay as they were.
        let typo = Self.build(journal, passphrase: TestPassphrase.value + "x")
        #expect(!typo.succeeded)
        #expect(typo.diagnostics.map(\.message) == ["the passphrase is not the one the private pages were last encrypted with, so nothing was encrypted with it; expected the same passphrase (mind a typo), or --new-passphrase to change it on purpose (readers then need the new one)"])
        #expect(snapshot(journal.output) == before)
        #expect(Self.build(journal).succeeded, "the right one still works")
        let changed = journal.build {
            $0.passphrase = { isNew in isNew ? "a new and longer passphrase" : nil }
            $0.newPassphrase = true
        }
        #expect(changed.succeeded)
        #expect(changed.diagnostics.map(\.message) == ["private pages are now encrypted with the new passphrase (--new-passphrase), and readers need it from now on"])
        #expect(!Self.build(journal).succeeded, "the old one is refused now")
        let list = try journal.read("_site/private/index.html")
        #expect((try? LockedPageOpener.open(page: list, at: "private/", passphrase: "a new and longer passphrase").get()) != nil)
        #expect(Self.build(journal, passphrase: "a new and longer passphrase").diagnostics.isEmpty)
    }

    /// With the passphrase at hand (JOURNALGEN_PASSPHRASE), the key is derived while entries
    /// load: the same sealed pages, and a passphrase other than the last build's still refused.
    @Test func aKeyDerivedEarlyGivesTheSameSiteAndTheSameCheck() throws {
        let journal = try Self.makeJournal()
        defer { journal.remove() }
        #expect(Self.build(journal).succeeded)
        let before = snapshot(journal.output).filter { $0.key.hasPrefix("private/") }
        #expect(!before.isEmpty)
        let early = journal.build {
            $0.passphrase = { _ in TestPassphrase.value }
            $0.passphraseAtHand = true
            $0.useCache = false
        }
        #expect(early.succeeded && early.privateEncrypted == 2, "\(early.diagnostics)")
        #expect(snapshot(journal.output).filter { $0.key.hasPrefix("private/") } == before)
        let typo = journal.build {
            $0.passphrase = { _ in TestPassphrase.value + "x" }
            $0.passphraseAtHand = true
        }
        #expect(!typo.succeeded)
        #expect(typo.diagnostics.map(\.message).contains { $0.hasPrefix("the passphrase is not the one the private pages were last encrypted with") })
    }

    /// A journal's first build with the passphrase at hand (a fresh clone in CI: the salt lives in
    /// the ignored cache) derives the key while entries load, from a salt drawn at once: that salt
    /// is the one written, and the next build's key opens the check made with it.
    @Test func aFirstBuildDerivesItsKeyEarlyFromTheSaltItWrites() throws {
        let journal = try Self.makeJournal()
        defer { journal.remove() }
        let salt = journal.root.path + "/.journalgen-cache/private/salt"
        #expect(!FileManager.default.fileExists(atPath: salt))
        let atHand: (inout BuildOptions) -> Void = {
            $0.passphrase = { _ in TestPassphrase.value }
            $0.passphraseAtHand = true
        }
        let first = journal.build(configure: atHand)
        #expect(first.succeeded && first.privateEncrypted == 2, "\(first.diagnostics)")
        let written = try #require(FileManager.default.contents(atPath: salt))
        #expect(written.count == 16)
        let list = try journal.read("_site/private/index.html")
        #expect((try? LockedPageOpener.open(page: list, at: "private/", passphrase: TestPassphrase.value).get()) != nil)
        let keys = try PrivateKeys.derive(passphrase: TestPassphrase.value, salt: Array(written), agent: nil)
        #expect(SaltStore(journal: journal.root.path).matches(keys), "the check was made with the written salt's key")
        let second = journal.build(configure: atHand)
        #expect(second.succeeded && second.diagnostics.isEmpty, "\(second.diagnostics)")
        #expect(FileManager.default.contents(atPath: salt) == written, "the salt stays")

        // A journal with nothing private draws a salt but writes none.
        let plain = try TemporaryJournal(config: "title: Plain\n")
        defer { plain.remove() }
        try plain.write("entries/2026-11-01-a.md", "---\ntitle: A\n---\nText.\n")
        #expect(plain.build(configure: atHand).succeeded)
        #expect(!FileManager.default.fileExists(atPath: plain.root.path + "/.journalgen-cache/private/salt"))
    }

    @Test func aWhollyPrivateJournalShowsOnlyALockScreen() throws {
        let journal = try Self.makeJournal(config: "  all: true\n")
        defer { journal.remove() }
        try journal.write("moods.log", "2026-11-01 21:00 good moodnotemarker\n")
        try journal.write("entries/2026-11-01-open.md", "---\ntitle: Openmarker\ntags: [opentagmarker]\ntrip: opentripmarker\n---\nOpenbodymarker\n")
        let report = Self.build(journal)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.entries == 0 && report.privateEncrypted == 3)
        let home = try page(journal.output, "index.html")
        #expect(home.count("//section[@data-lock]") == 1)
        #expect(home.string("//h1") == "Private entries")
        for (path, data) in snapshot(journal.output) {
            let text = String(decoding: data, as: UTF8.self).lowercased()
            for marker in Self.markers + ["openmarker", "opentagmarker", "opentripmarker", "openbodymarker", "moodnotemarker"] {
                #expect(!text.contains(marker) && !path.lowercased().contains(marker), "\(marker) in \(path)")
            }
        }
        let list = try LockedPageOpener.open(page: journal.read("_site/index.html"), at: "", passphrase: TestPassphrase.value).get()
        #expect(list.html.contains("Openmarker") && list.html.contains("Opentripmarker"))
    }

    @Test func privateMoodsCountOnlyWhenTheJournalSaysSo() throws {
        var config = BuildPipeline.fallbackConfig
        let line = MoodLogLine(date: try EntryDate.parse("2026-11-01T21:00:00+01:00", zone: config.timeZone), level: MoodScale.standard.levels[0], note: "a note")
        let entry = try #require(EntryParser(config: config).parse(
            text: "---\ndate: 2026-11-02T20:00:00+01:00\nmood: horrible\nprivate: true\n---\nText\n", fileName: "2026-11-02-x.md",
            filePath: "/journal/entries/2026-11-02-x.md", displayPath: "entries/2026-11-02-x.md", relativePath: "2026-11-02-x.md",
            diagnostics: DiagnosticsEngine()))
        #expect(LockedSite.publicMoodLog([line], privateEntries: [entry], config: config) == [line])
        config.privateMoodsCount = true
        let counted = LockedSite.publicMoodLog([line], privateEntries: [entry], config: config)
        #expect(counted.count == 2 && counted.contains { $0.level == MoodScale.standard.levels[4] && $0.note == nil })
        config.privateAll = true
        #expect(LockedSite.publicMoodLog([line], privateEntries: [entry], config: config).allSatisfy { $0.note == nil })
        config.privateMoodsCount = false
        #expect(LockedSite.publicMoodLog([line], privateEntries: [entry], config: config).isEmpty)
    }

    @Test func keysSealOpenAndNameDeterministically() throws {
        let keys = try PrivateKeys(passphrase: "p", salt: Array(repeating: 7, count: 16))
        let box = keys.seal(Data("hello".utf8), at: "private/a/")
        #expect(box == keys.seal(Data("hello".utf8), at: "private/a/"), "same plaintext and place, same bytes")
        #expect(box.prefix(12) != keys.seal(Data("hullo".utf8), at: "private/a/").prefix(12), "different plaintexts, different nonces")
        #expect(box.prefix(12) != keys.seal(Data("hello".utf8), at: "private/b/").prefix(12), "different places, different nonces")
        #expect(keys.open(box, at: "private/a/") == Data("hello".utf8))
        #expect(keys.open(box, at: "private/b/") == nil, "bound to its place")
        var altered = box
        altered[20] ^= 1
        #expect(keys.open(altered, at: "private/a/") == nil)
        let file = Data(repeating: 7, count: 5000)
        #expect(PrivateKeys.paddedFile(file).count == 8192 && PrivateKeys.unpaddedFile(PrivateKeys.paddedFile(file)) == file)
        #expect(PrivateKeys.fileBucket(40 << 20) == 48 << 20 && PrivateKeys.fileBucket(100) == 4096)
        #expect(keys.token("entry:a.md").count == 16 && keys.token("entry:a.md") != keys.token("entry:b.md"))
        #expect(PrivateKeys.padded("x").count == 4096 && PrivateKeys.padded(String(repeating: "x", count: 5000)).count == 8192)
        #expect(PrivateKeys.padded(String(repeating: "x", count: 70000)).count == 131072)
    }
}
