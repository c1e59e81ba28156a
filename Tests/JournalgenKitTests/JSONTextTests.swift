import Foundation
import Testing
@testable import JournalgenKit

/// The search index and the sealed private pages are written by hand (JSONText), byte for byte
/// as Foundation's encoders wrote them: these compare the two on the characters JSON escapes.
@Suite struct JSONTextTests {
    /// Every control character, quotes, backslashes, slashes, DEL, non-ASCII and the line
    /// separators JavaScript once choked on.
    static let awkward: String = {
        var text = ""
        for value in 0..<0x20 { text.unicodeScalars.append(Unicode.Scalar(value)!) }
        return text + "\"quoted\" back\\slash a/b \u{7F} é 日本 😀 \u{2028}\u{2029} <b>&amp;</b> '"
    }()

    @Test func stringsAreWrittenAsJSONSerializationWritesThem() throws {
        for text in [Self.awkward, "", "plain", "/", "\\", "\u{0}"] {
            var json = JSONText(escapingSlashes: true)
            json.object(["html": .string(text), "title": .string(text + "!"), "variant": .string("v")])
            let foundation = try JSONSerialization.data(withJSONObject: ["variant": "v", "html": text, "title": text + "!"], options: [.sortedKeys])
            #expect(json.text == String(decoding: foundation, as: UTF8.self), "\(text.debugDescription)")
        }
    }

    @Test func theSearchIndexIsWrittenAsJSONEncoderWritesIt() throws {
        var full = SearchIndex.Item(title: Self.awkward, url: "/2026/04/03/a/", date: "2026-04-03")
        full.mood = "great"; full.theme = "forest"; full.tags = ["a/b", "\"q\"", ""]; full.trip = "japan"
        full.authors = ["ana", "leo"]; full.place = "Kyoto/京都"; full.text = Self.awkward + "\n\nsecond"
        let bare = SearchIndex.Item(title: "", url: "/", date: "2026-01-01")
        var empty = bare
        empty.tags = []
        for items in [[full, bare, empty], [], [nil, bare, nil]] as [[SearchIndex.Item?]] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let expected = try encoder.encode(SearchIndex.Document(generator: "journalgen \(JournalgenVersion.current)", entries: items.compactMap { $0 }))
            #expect(String(decoding: SearchIndex.encode(items), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
    }
}

/// A task list's fingerprint is kept in caches and site manifests: hashing its fields in one
/// buffer must give what hashing them one by one gave.
@Suite struct TaskFingerprintTests {
    @Test func aTaskListsFingerprintIsItsFieldsHashedInOrder() {
        var first = TaskItem(written: "! call the landlord @ana due:2026-12-01", isDone: false, line: 3, column: 1, anchor: "task-call")
        first.parent = "the flat"
        let second = TaskItem(written: "buy tape 日本", isDone: true, line: 4, column: 3, anchor: "")
        var hasher = Fingerprinter()
        for task in [first, second] {
            for (index, field) in [task.text, task.due?.description ?? "", task.assignee ?? "", task.anchor, task.parent ?? ""].enumerated() {
                hasher.update(data: Data(field.utf8) + [0])
                if index == 0 { hasher.update(data: [UInt8]([task.isDone ? 1 : 0, task.isImportant ? 1 : 0])) }
            }
        }
        #expect(SiteFingerprint.tasks(of: [first, second]) == SiteFingerprint.code(hasher.finalize()))
        #expect(SiteFingerprint.tasks(of: [first, second]) != SiteFingerprint.tasks(of: [second, first]))
    }
}

/// Fingerprints are kept as 15 characters (a string Swift holds without an allocation): the
/// digest's first 90 bits in base64url, as Foundation's base64 writes the same bytes.
@Suite struct FingerprintCodeTests {
    @Test func aFingerprintIsItsDigestsFirst90BitsInBase64URL() {
        for text in ["", "a", "2013/2013-09-08-ayse-and-the-drizzle.md", String(repeating: "日本", count: 40)] {
            let digest = Fingerprinter.hash(data: Data(text.utf8))
            let first12 = digest.withUnsafeBytes { Data($0.prefix(12)) }
            let expected = first12.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            let code = SiteFingerprint.code(digest)
            #expect(code == String(expected.prefix(15)), "\(text)")
            #expect(code.utf8.count == 15)
        }
        #expect(SiteFingerprint.code(Fingerprinter.hash(data: Data("a".utf8))) != SiteFingerprint.code(Fingerprinter.hash(data: Data("b".utf8))))
    }
}
