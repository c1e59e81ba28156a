import Foundation
import Testing
@testable import JournalgenKit

@Suite struct FrontMatterTests {
    @Test func splitsYAMLAndKeepsBodyLineNumbers() throws {
        let split = try FrontMatterSplitter.split("---\ntitle: A\nmood: good\n---\n\n# Body\n")
        #expect(split.format == .yaml)
        #expect(split.frontMatter == "title: A\nmood: good")
        #expect(split.frontMatterLine == 2)
        #expect(split.body == "\n# Body\n")
        #expect(split.bodyLine == 5)
    }

    @Test func acceptsCRLFAndTOML() throws {
        let split = try FrontMatterSplitter.split("+++\r\ntitle = \"A\"\r\n+++\r\nText\r\n")
        #expect(split.format == .toml)
        #expect(split.frontMatter == "title = \"A\"")
        #expect(split.body == "Text\n")
    }

    @Test func noFrontMatterIsAllBody() throws {
        let split = try FrontMatterSplitter.split("Just text\n")
        #expect(split.format == .none)
        #expect(split.body == "Just text\n")
    }

    @Test func unclosedFenceIsAnError() {
        #expect(throws: FrontMatterSplitter.Unclosed.self) {
            try FrontMatterSplitter.split("---\ntitle: A\n\nBody")
        }
        for text in ["---", "+++\ntitle = 1\n...\nBody", "---\na: 1\n----\nBody", "---\na: 1\n--\n"] {
            #expect(throws: FrontMatterSplitter.Unclosed.self, "\(text)") { try FrontMatterSplitter.split(text) }
        }
    }

    /// Fences with spaces or tabs after them, YAML's `...`, an empty front matter, a fence at the
    /// end of the file, and a body that is not ASCII, with the lines they begin on.
    @Test func fencesAtTheEdges() throws {
        let cases: [(text: String, format: SplitEntry.Format, matter: String, body: String, bodyLine: Int)] = [
            ("--- \t\ntitle: A\n... \nBody é\n", .yaml, "title: A", "Body é\n", 4),
            ("---\n---\nBody", .yaml, "", "Body", 3),
            ("---\ntitle: 京都\n---", .yaml, "title: 京都", "", 4),
            ("+++\ntitle = 'A'\n\n+++\t\n", .toml, "title = 'A'\n", "", 5),
            ("----\ntitle: A\n---\n", .none, "", "----\ntitle: A\n---\n", 1),
            ("---x\n---\n", .none, "", "---x\n---\n", 1),
        ]
        for (text, format, matter, body, bodyLine) in cases {
            let split = try FrontMatterSplitter.split(text)
            #expect(split.format == format && split.frontMatter == matter && split.body == body, "\(text)")
            #expect(split.bodyLine == bodyLine, "\(text)")
        }
    }

    @Test func yamlErrorsCarryFileLines() {
        do {
            _ = try YAMLReader.read("title: A\nmood: [good\n", firstLine: 2)
            Issue.record("expected an error")
        } catch {
            #expect(error.line >= 3)
            #expect(error.message.hasPrefix("invalid YAML"))
        }
    }

    /// The reader builds its tree from libyaml's events: anchors, nesting, positions and the
    /// mistakes a composer catches must come out as they did through Yams' node tree.
    @Test func yamlEventsMakeTheSameTree() throws {
        let node = try YAMLReader.read("tags: &t [a, \"b\"]\nagain: *t\nplace:\n  name: ~\n  lat: 51.05\n", firstLine: 3)
        #expect(node["tags"]?.value == .list([MetaNode(.scalar("a", plain: true), line: 3, column: 11),
                                               MetaNode(.scalar("b", plain: false), line: 3, column: 14)]))
        #expect(node["again"]?.value == node["tags"]?.value, "an alias repeats what it names")
        #expect(node["place"]?["name"]?.value == .null)
        #expect(node["place"]?["lat"]?.line == 7 && node["place"]?["lat"]?.column == 8)
        #expect(node.entries?.map(\.key) == ["tags", "again", "place"])
        for (yaml, expected) in [("title: A\nmood: good\ntitle: B\n", "5:1: invalid YAML: the key 'title' appears twice"),
                                 ("title: A\n---\ntitle: B\n", "4:1: invalid YAML: but found another document"),
                                 ("list: *nothing\n", "3:7: invalid YAML: found undefined alias"),
                                 // Past the keys a table searches in turn, a set of them finds the second one.
                                 ((1...20).map { "k\($0): \($0)\n" }.joined() + "k3: again\n", "23:1: invalid YAML: the key 'k3' appears twice"),
                                 ((1...20).map { "k\($0): \($0)\n" }.joined() + "k20: again\n", "23:1: invalid YAML: the key 'k20' appears twice")] {
            do {
                _ = try YAMLReader.read(yaml, firstLine: 3)
                Issue.record("expected an error for \(yaml)")
            } catch {
                #expect("\(error.line):\(error.column): \(error.message)".hasPrefix(expected), "\(error.line):\(error.column): \(error.message)")
            }
        }
        #expect(try YAMLReader.read("", firstLine: 2).entries?.isEmpty == true)
        #expect(try YAMLReader.read((1...40).map { "k\($0): \($0)\n" }.joined(), firstLine: 1).entries?.count == 40)
    }

    @Test func yamlKeepsScalarsAsWritten() throws {
        let node = try YAMLReader.read("date: 2026-04-03\nflag: true\nquoted: \"true\"\ncount: 12\n", firstLine: 2)
        #expect(node["date"]?.text == "2026-04-03")
        #expect(node["date"]?.line == 2)
        #expect(node["flag"]?.bool == true)
        #expect(node["quoted"]?.bool == nil)
        #expect(node["count"]?.int == 12)
    }

    @Test func tomlValues() throws {
        let toml = """
            title = "Windy \\"jacket\\" 🧭"
            date = 2024-03-03T10:54:19+01:00
            tags = ["a", 'b',
              "c", ] # trailing comma and comment
            media = [{ src = "x.jpg", caption = "The desert" }, "y.png"]
            private = true
            draft = false
            [location]
            name = "Kyoto"
            lat = 34.96
            """
        let node = try TOMLReader.read(toml, firstLine: 2)
        #expect(node["title"]?.text == "Windy \"jacket\" 🧭")
        #expect(node["date"]?.text == "2024-03-03T10:54:19+01:00")
        #expect(node["date"]?.line == 3)
        guard case .list(let tags)? = node["tags"]?.value else { Issue.record("tags"); return }
        #expect(tags.compactMap(\.text) == ["a", "b", "c"])
        guard case .list(let media)? = node["media"]?.value else { Issue.record("media"); return }
        #expect(media[0]["caption"]?.text == "The desert")
        #expect(media[1].text == "y.png")
        #expect(node["location"]?["lat"]?.double == 34.96)
        #expect(node["private"]?.bool == true)
        #expect(node["draft"]?.bool == false)
    }

    @Test func tomlErrorsPointAtTheLine() {
        do {
            _ = try TOMLReader.read("title = \"A\"\nmood = good\n", firstLine: 2)
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3)
            #expect(error.message == "invalid TOML: 'good' is not a value; expected a quoted string, number, boolean, date, list or table")
        }
        do {
            _ = try TOMLReader.read("title = \"A\nmood = 1\n", firstLine: 2)
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test func byteOrderMarkIsIgnored() {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("---\ntitle: A\n---\n".utf8)
        #expect(TextDecoding.decode(data)?.hasPrefix("---") == true)
        #expect(TextDecoding.decode(Data([0xFF, 0xFE, 0x00])) == nil)
    }

    /// The entry files' UTF-8 check agrees with the standard library's: on every lead byte with
    /// every second byte and the edges of the continuation range after them, cut short or not,
    /// behind ASCII of every length the 32- and eight-byte steps take, and on random bytes.
    @Test func utf8CheckAgreesWithTheStandardLibrary() {
        func agree(_ bytes: [UInt8]) {
            // A byte-order mark is dropped.
            let expected = String(validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
            let decoded = TextDecoding.decode(Data(bytes))
            #expect(decoded == expected, "\(bytes.map { String($0, radix: 16) })")
            if let decoded, let expected { #expect(Array(decoded.utf8) == Array(expected.utf8)) }
            let check = bytes.withUnsafeBufferPointer { TextDecoding.validateUTF8($0) }
            #expect(check.ascii == (check.valid && bytes.allSatisfy { $0 < 0x80 }))
            #expect(bytes.withUnsafeBufferPointer { TextDecoding.isASCII($0) } == bytes.allSatisfy { $0 < 0x80 })
        }
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF {
                for rest: [UInt8] in [[], [0x7F], [0x80], [0xBF, 0xBF], [0xC0, 0x80], [0x80, 0xC0], [0xBF, 0x7F]] { agree([lead, second] + rest) }
            }
        }
        for prefix in 0..<70 {
            let ascii = [UInt8](repeating: 0x61, count: prefix)
            for tail: [UInt8] in [[], [0xC3, 0xA9], [0xC3], [0xE2, 0x82, 0xAC], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
                agree(ascii + tail)
                agree(ascii + tail + ascii)
            }
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(state % 24) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(state >> 61 == 0 ? UInt8(truncatingIfNeeded: state >> 40) : UInt8(truncatingIfNeeded: state >> 40) | 0x80)
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            agree(bytes)
        }
    }
}
