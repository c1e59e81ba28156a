import Foundation
import Testing
@testable import JournalgenKit

/// What a reader of the published site, or of the folder it is deployed from, can still learn
/// about the private part: which sealed items are equal, which public file a sealed one is, what
/// an earlier site showed. Each answer must be "nothing".
@Suite struct PrivateTraceTests {
    static func journal() throws -> TemporaryJournal {
        let journal = try TemporaryJournal()
        try journal.write("media/shared.png", TestImages.png)
        try journal.write("entries/2026-11-01-open.md", "---\ntitle: Open\nmedia: [shared.png]\n---\nPublic.\n")
        try journal.write("entries/2026-11-02-first.md", "---\ntitle: First\nprivate: true\nmedia: [shared.png]\n---\nOne.\n")
        try journal.write("entries/2026-11-03-second.md", "---\ntitle: Second\nprivate: true\nmedia: [shared.png]\n---\nTwo.\n")
        return journal
    }

    static func build(_ journal: TemporaryJournal, output: URL? = nil) -> BuildReport {
        journal.build {
            $0.passphrase = { _ in TestPassphrase.value }
            if let output { $0.output = output }
        }
    }

    /// Sealed files of the private pages: path -> bytes.
    static func sealedFiles(_ site: [String: Data]) -> [String: Data] {
        site.filter { $0.key.hasPrefix("private/") && !$0.key.hasSuffix(".html") }
    }

    @Test func theSamePhotoInTwoPrivateEntriesGivesUnrelatedBytes() throws {
        let journal = try Self.journal()
        defer { journal.remove() }
        #expect(Self.build(journal).succeeded)
        let sealed = Self.sealedFiles(snapshot(journal.output))
        let pages = Set(sealed.keys.map { $0.split(separator: "/")[1] })
        #expect(pages.count == 2, "both private entries have their files: \(sealed.keys.sorted())")
        #expect(Set(sealed.values).count == sealed.count, "no two sealed files are equal")
        // Files of the two pages with the same plaintext have the same size: compare them byte by byte.
        let byPage = Dictionary(grouping: sealed) { $0.key.split(separator: "/")[1] }
        let (a, b) = (byPage[pages.sorted()[0]]!, byPage[pages.sorted()[1]]!)
        var compared = 0
        for (_, x) in a {
            for (_, y) in b where x.count == y.count {
                let same = zip(x, y).filter { $0 == $1 }.count
                #expect(Double(same) / Double(x.count) < 0.02, "\(same) of \(x.count) bytes in the same places")
                compared += 1
            }
        }
        #expect(compared >= 2)
        for path in sealed.keys {
            let name = path.split(separator: "/").last!
            #expect(name.wholeMatch(of: /[0-9a-f]{16}\.(webp|jpg|png)/) != nil, "no width or name of the original in \(path)")
        }
    }

    @Test func aSealedPhotosSizeDoesNotNameThePublicFile() throws {
        let journal = try Self.journal()
        defer { journal.remove() }
        #expect(Self.build(journal).succeeded)
        let site = snapshot(journal.output)
        let publicSizes = Set(site.filter { $0.key.hasPrefix("media/") }.values.map(\.count))
        #expect(publicSizes.count >= 2)
        for (path, data) in Self.sealedFiles(site) {
            let padded = data.count - 28
            #expect(padded >= 4096 && padded & (padded - 1) == 0, "\(path): \(data.count) bytes is a bucket, not a size")
            #expect(!publicSizes.contains { $0 + 28 == data.count || $0 + 36 == data.count }, "\(path) has a public file's size")
        }
        // Photos of different sizes fall in one bucket: the sealed files are all the same size.
        #expect(Set(Self.sealedFiles(site).values.map(\.count)).count == 1)
    }

    @Test func aPayloadMovedToAnotherPageDoesNotOpen() throws {
        let journal = try Self.journal()
        defer { journal.remove() }
        #expect(Self.build(journal).succeeded)
        let lockPages = snapshot(journal.output).keys.filter { $0.hasPrefix("private/") && $0.hasSuffix("/index.html") && $0 != "private/index.html" }.sorted()
        #expect(lockPages.count == 2)
        let first = try journal.read("_site/" + lockPages[0]), second = try journal.read("_site/" + lockPages[1])
        let place = String(lockPages[0].dropLast("index.html".count))
        #expect((try? LockedPageOpener.open(page: first, at: place, passphrase: TestPassphrase.value).get()) != nil)
        let payload = try #require(LockedPageOpener.attribute("data-payload", in: second))
        let swapped = first.replacingOccurrences(of: try #require(LockedPageOpener.attribute("data-payload", in: first)), with: payload)
        #expect(LockedPageOpener.open(page: swapped, at: place, passphrase: TestPassphrase.value) == .failure(.movedPayload))
        #expect(LockedPageOpener.open(page: swapped, at: place, passphrase: "not it") == .failure(.wrongPassphrase))
        #expect(LockedPageOpener.Failure.movedPayload.description.contains("made for another page"))
        // A copy of the site without its hidden marker (downloaded from its host) still opens.
        try FileManager.default.removeItem(at: journal.output.appendingPathComponent(StagedOutput.markerName))
        #expect((try? LockedPageOpener.open(file: journal.output.path + "/" + lockPages[0], passphrase: TestPassphrase.value).get()) != nil)
    }

    /// An entry made private: after the next build nothing of its clear page is anywhere under
    /// the output's parent (a web root, say), hidden spare folders included.
    @Test func noClearCopyOfTheEarlierSiteStaysBesideTheOutput() throws {
        let journal = try Self.journal()
        defer { journal.remove() }
        let webRoot = journal.root.appendingPathComponent("www")
        let output = webRoot.appendingPathComponent("journal")
        try journal.write("entries/2026-11-04-told.md", "---\ntitle: Toldmarker\ntags: [tagmarker]\n---\nBodymarker of a day.\n")
        #expect(Self.build(journal, output: output).succeeded)
        #expect(Self.build(journal, output: output).succeeded)
        try journal.write("entries/2026-11-04-told.md", "---\ntitle: Toldmarker\ntags: [tagmarker]\nprivate: true\n---\nBodymarker of a day.\n")
        #expect(Self.build(journal, output: output).succeeded)
        let spare = webRoot.appendingPathComponent(".journal.journalgen-spare")
        #expect(FileManager.default.fileExists(atPath: spare.path), "the spare is there, and looked at")
        var looked = 0
        for case let path as String in FileManager.default.enumerator(atPath: webRoot.path)! {
            guard let data = FileManager.default.contents(atPath: webRoot.path + "/" + path) else { continue }
            looked += 1
            let text = String(decoding: data, as: UTF8.self).lowercased()
            for marker in ["toldmarker", "tagmarker", "bodymarker"] {
                #expect(!text.contains(marker) && !path.contains(marker), "\(marker) in \(path)")
            }
        }
        #expect(looked > 20)
        // The cache, which keeps clear sizes of private photos, is its owner's alone.
        var info = stat()
        #expect(stat(journal.root.path + "/.journalgen-cache", &info) == 0 && info.st_mode & 0o777 == 0o700)
    }
}

@Suite struct PassphraseStrengthTests {
    @Test func weakPassphrasesAreNamedAndStrongOnesPass() throws {
        #expect(PassphraseStrength.bits("aaaaaaaaaaaaaaaaaaaa") < 10, "a repeat counts once")
        #expect(PassphraseStrength.bits("123456789012") < 30, "a run counts once")
        let weak = try #require(PassphraseStrength.warning(for: "password1"))
        #expect(weak.hasPrefix("the passphrase is weak: about 41 bits") && weak.contains("--new-passphrase"), "\(weak)")
        #expect(PassphraseStrength.warning(for: "correct horse battery staple") == nil)
        #expect(PassphraseStrength.warning(for: "lindenstrasse 14") == nil, "the demo's passphrase builds without a warning")
        #expect(PassphraseStrength.timeToGuess(bits: 41) == "2 years")
        #expect(PassphraseStrength.timeToGuess(bits: 20) == "29 seconds")
    }

    @Test func aBuildWithAWeakPassphraseWarns() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-11-02-a.md", "---\nprivate: true\n---\nOne.\n")
        let report = journal.build { $0.passphrase = { _ in "hunter2" } }
        #expect(report.succeeded)
        #expect(report.diagnostics.map(\.message).contains { $0.hasPrefix("the passphrase is weak") })
        #expect(!journal.build { $0.passphrase = { _ in "hunter2" }; $0.strict = true }.succeeded, "--strict makes it an error")
    }
}
