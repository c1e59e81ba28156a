import Testing
@testable import JournalgenKit

/// journalgen's Mustache renderer against the behaviour the Mustache spec describes.
@Suite struct MustacheTests {
    struct Dict: TemplateObject {
        var values: [String: TemplateValue]
        func value(_ key: String) -> TemplateValue? { values[key] }
    }

    func render(_ template: String, _ values: [String: TemplateValue], partials: [String: String] = [:]) throws -> String {
        var library = MustacheLibrary()
        library.register(try MustacheTemplate(template), named: "main")
        for (name, text) in partials { library.register(try MustacheTemplate(text), named: name) }
        return library.render("main", .object(Dict(values: values)))
    }

    @Test func variablesAreEscapedUnlessTripleOrAmpersand() throws {
        let v: [String: TemplateValue] = ["x": .text("<b>&\"'</b>"), "n": .number(42)]
        #expect(try render("{{x}}|{{{x}}}|{{& x}}|{{n}}|{{missing}}", v) == "&lt;b&gt;&amp;&quot;&#39;&lt;/b&gt;|<b>&\"'</b>|<b>&\"'</b>|42|")
    }

    @Test func dottedNamesAndContextLookup() throws {
        let inner = Dict(values: ["name": .text("inner")])
        let v: [String: TemplateValue] = ["a": .object(Dict(values: ["b": .object(inner)])), "title": .text("outer"), "place": .object(Dict(values: ["name": .null])), "name": .text("outer name")]
        #expect(try render("{{a.b.name}}", v) == "inner")
        #expect(try render("{{#a}}{{title}}{{/a}}", v) == "outer", "names not found go to outer contexts")
        #expect(try render("{{#place}}[{{name}}]{{/place}}", v) == "[]", "a null value stops the lookup")
        #expect(try render("{{#place.name}}x{{/place.name}}", v) == "", "and hides a section")
        #expect(try render("{{a.missing.name}}", v) == "")
    }

    /// Counts what it is asked, to show what the renderer asks twice.
    final class Counting: TemplateObject, @unchecked Sendable {
        var asked: [String: Int] = [:]
        func value(_ key: String) -> TemplateValue? {
            asked[key, default: 0] += 1
            return ["map": .text("<svg/>"), "inner": .object(Dict(values: ["map": .text("own")]))][key]
        }
    }

    @Test func aSectionsValueIsNotAskedForAgainInside() throws {
        var library = MustacheLibrary()
        library.register(try MustacheTemplate("{{#map}}<figure>{{{map}}}</figure>{{/map}}|{{#inner}}{{map}}{{/inner}}|{{#map}}{{#inner}}{{map}}{{/inner}}{{/map}}"), named: "main")
        let page = Counting()
        #expect(library.render("main", .object(page)) == "<figure><svg/></figure>|own|own")
        #expect(page.asked["map"] == 2, "once per section, never again inside it")
    }

    /// A view whose names are an enum's cases, found by number when a template asks.
    struct Keyed: KeyedTemplateObject {
        enum Key: String, CaseIterable, Sendable { case title, `default`, count }
        static let keys = KeyNumberTable<Key>.names()
        func value(_ key: Key) -> TemplateValue? {
            switch key {
            case .title: return .text("keyed title")
            case .default: return .text("a keyword as a name")
            case .count: return .null
            }
        }
    }

    @Test func keyedViewsAnswerTemplatesAndCodeAlike() throws {
        let keyed = Keyed()
        #expect(keyed.value("title")?.renderedText == "keyed title")
        #expect(keyed.value(TemplateKey("title"))?.renderedText == "keyed title")
        #expect(keyed.value("missing") == nil && keyed.value(TemplateKey("missing")) == nil)
        // A name numbered after the view's table was made is not one of its names.
        #expect(keyed.value(TemplateKey("a name first seen after the table \(#line)")) == nil)
        let v: [String: TemplateValue] = ["k": .object(keyed), "name": .text("outer"), "count": .number(3)]
        #expect(try render("{{#k}}{{title}}|{{default}}|{{name}}|{{count}}|{{^count}}none{{/count}}{{/k}}|{{k.title}}", v)
                == "keyed title|a keyword as a name|outer||none|keyed title",
                "names it lacks go to the outer context; a null it has stops there")
    }

    /// A partial may include itself inside a section over data that ends (a tree of items).
    @Test func recursionOverDataEnds() throws {
        func node(_ name: String, _ children: [TemplateValue]) -> TemplateValue { .object(Dict(values: ["name": .text(name), "children": .list(children)])) }
        let tree = node("a", [node("b", [node("c", [])]), node("d", [])])
        var library = MustacheLibrary()
        library.register(try MustacheTemplate("{{#tree}}{{>node}}{{/tree}}"), named: "main")
        library.register(try MustacheTemplate("({{name}}{{#children}}{{>node}}{{/children}})"), named: "node")
        #expect(library.render("main", .object(Dict(values: ["tree": tree]))) == "(a(b(c))(d))")
        #expect(library.overrunTemplate == nil)
    }

    @Test func sections() throws {
        let items: TemplateValue = .list([.object(Dict(values: ["n": .number(1)])), .object(Dict(values: ["n": .number(2)]))])
        let v: [String: TemplateValue] = ["items": items, "yes": .bool(true), "no": .bool(false), "empty": .list([]),
                                          "words": .list([.text("a"), .text("b")]), "blank": .text("")]
        #expect(try render("{{#items}}<{{n}}>{{/items}}", v) == "<1><2>")
        #expect(try render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}!N{{/no}}{{^yes}}!Y{{/yes}}", v) == "Y!N")
        #expect(try render("{{#empty}}E{{/empty}}{{^empty}}none{{/empty}}", v) == "none")
        #expect(try render("{{#words}}{{.}},{{/words}}", v) == "a,b,")
        #expect(try render("{{#blank}}B{{/blank}}{{^missing}}M{{/missing}}", v) == "M")
    }

    @Test func standaloneTagsTakeTheirLine() throws {
        let v: [String: TemplateValue] = ["a": .bool(true)]
        #expect(try render("<ul>\n  {{#a}}\n  <li>x</li>\n  {{/a}}\n</ul>\n", v) == "<ul>\n  <li>x</li>\n</ul>\n")
        #expect(try render("a\n{{! a comment }}\nb\n", v) == "a\nb\n")
        #expect(try render("  {{#a}}x{{/a}}  \n", v) == "  x  \n", "tags with content on the line are not standalone")
        #expect(try render("a\r\n{{#a}}\r\nb\r\n{{/a}}\r\n", v) == "a\r\nb\r\n")
    }

    @Test func commentsAndDelimiters() throws {
        let v: [String: TemplateValue] = ["x": .text("1")]
        #expect(try render("{{! not shown }}{{x}}", v) == "1")
        #expect(try render("{{=<% %>=}}<% x %>{{x}}<%={{ }}=%>{{x}}", v) == "1{{x}}1")
    }

    @Test func partialsShareTheContext() throws {
        let v: [String: TemplateValue] = ["items": .list([.object(Dict(values: ["n": .text("a")])), .object(Dict(values: ["n": .text("b")]))])]
        #expect(try render("{{#items}}{{>item}}{{/items}}", v, partials: ["item": "[{{n}}]"]) == "[a][b]")
        #expect(try render("{{>nope}}!", v) == "!")
    }

    @Test func inheritanceWithBlocks() throws {
        let layout = "<title>{{$title}}Default{{/title}}</title>\n<main>\n{{$content}}\n{{/content}}\n</main>\n"
        let page = "{{<layout}}\n{{$content}}\nHello {{name}}\n{{/content}}\n{{/layout}}\n"
        #expect(try render(page, ["name": .text("Lena")], partials: ["layout": layout]) == "<title>Default</title>\n<main>\nHello Lena\n</main>\n")
        let titled = "{{<layout}}{{$title}}Mine{{/title}}{{/layout}}"
        #expect(try render(titled, [:], partials: ["layout": layout]) == "<title>Mine</title>\n<main>\n</main>\n")
    }

    @Test func parseErrorsHaveLinesAndColumns() {
        do {
            _ = try MustacheTemplate("a\n{{#items}}\nb\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2 && error.column == 1)
            #expect(error.message == "'items' opened here is never closed; expected '{{/items}}'")
        }
        do {
            _ = try MustacheTemplate("{{#a}}\n  {{/b}}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2 && error.column == 3)
            #expect(error.message == "'{{/b}}' closes 'a', opened on line 1; expected '{{/a}}'")
        }
        #expect(throws: MustacheTemplate.ParseError.self) { try MustacheTemplate("{{name") }
    }

    @Test func missingPartialsAreFoundBeforeRendering() throws {
        var library = MustacheLibrary()
        library.register(try MustacheTemplate("x\n  {{> footer}}"), named: "page")
        let missing = library.missingReferences()
        #expect(missing.count == 1)
        #expect(missing.first?.name == "footer" && missing.first?.line == 2 && missing.first?.column == 3)
    }

    /// A page's bytes go through an 8 KB run (PageBytes): pieces that fill it exactly, overflow
    /// it, or are too long for it come out whole and in order, in a page and in values.
    @Test func pagesComeOutWholeWhateverTheSizesOfTheirPieces() throws {
        var page = PageBytes()
        var expected: [UInt8] = []
        for (index, size) in [0, 1, 8_191, 1, 4_096, 4_097, 8_192, 3, 20_000, 0, 5_000, 8_000, 7].enumerated() {
            let piece = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ index) }
            piece.withUnsafeBufferPointer { page.append($0) }
            expected += piece
        }
        let made = page.finish()
        // Compared first: a failure then names the sizes, not 60,000 bytes.
        let same = made == expected
        #expect(same, "\(made.count) bytes made, \(expected.count) expected")
        let long = String(repeating: "a<b>&", count: 3_000)
        let values: [String: TemplateValue] = ["x": .text(long), "y": .text("é")]
        #expect(try render("{{x}}|{{{x}}}|{{y}}", values) == HTMLEscaping.escape(long) + "|" + long + "|é")
    }
}
