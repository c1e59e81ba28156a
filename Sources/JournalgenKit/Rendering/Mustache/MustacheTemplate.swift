import Synchronization

/// A parsed Mustache template: the spec's variables, sections, inverted sections, comments,
/// partials, set-delimiter tags and template inheritance (parents and blocks), with the
/// standalone-line rules, so templates written for any Mustache implementation work.
///
/// Its nodes hold no references: texts, names and child lists are pointers into memory the
/// template owns (`Storage`). Rendering a page goes through tens of thousands of nodes, and when
/// nodes held arrays and strings, taking each out of its list retained and released them: 12.8
/// million retains in a 10k build, 2.4 % of its instructions. Nothing is written to that memory
/// once the template is parsed, so copies may be read on any thread (`@unchecked Sendable`).
public struct MustacheTemplate: @unchecked Sendable {
    enum Node {
        /// The text's UTF-8 bytes: the renderer writes bytes (see `MustacheLibrary.Renderer`).
        case text(UnsafeBufferPointer<UInt8>)
        case variable(UnsafePointer<Path>, escaped: Bool)
        case section(UnsafePointer<Path>, inverted: Bool, UnsafeBufferPointer<Node>)
        /// The name's TemplateKey number: the library finds the template by it.
        case partial(Int)
        /// Its children, among which its blocks.
        case parent(Int, UnsafeBufferPointer<Node>)
        case block(Int, UnsafeBufferPointer<Node>)
    }

    /// A dotted name, with what the renderer asks of every lookup worked out once, when parsed.
    struct Path {
        /// The names as the views are asked for them.
        let keys: [TemplateKey]
        /// `{{.}}`: the current item.
        let isDot: Bool
        /// `t` or `t.…`: the page's labels.
        let isLabels: Bool
        /// The same for the same names in any template: a lookup compares paths at every frame
        /// of its walk, and comparing their names was a string comparison each time.
        let number: Int

        init(_ names: [String]) {
            keys = names.map(TemplateKey.init)
            isDot = names == ["."]
            isLabels = names.first == "t"
            number = Self.numbers.number(of: names)
        }

        private static let numbers = ProcessNumbers<[String]>()
    }

    /// The memory the nodes point into, freed with the last copy of the template.
    private final class Storage {
        var texts: [UnsafeMutableBufferPointer<UInt8>] = []
        var paths: [UnsafeMutablePointer<Path>] = []
        var lists: [UnsafeMutableBufferPointer<Node>] = []

        deinit {
            for text in texts { text.deallocate() }
            for path in paths { path.deinitialize(count: 1); path.deallocate() }
            for list in lists { list.deallocate() }
        }

        func keep(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = copy.initialize(from: bytes)
            texts.append(copy)
            return UnsafeBufferPointer(copy)
        }

        func keep(_ path: Path) -> UnsafePointer<Path> {
            let copy = UnsafeMutablePointer<Path>.allocate(capacity: 1)
            copy.initialize(to: path)
            paths.append(copy)
            return UnsafePointer(copy)
        }

        func keep(_ nodes: [Node]) -> UnsafeBufferPointer<Node> {
            let copy = UnsafeMutableBufferPointer<Node>.allocate(capacity: nodes.count)
            _ = copy.initialize(from: nodes)
            lists.append(copy)
            return UnsafeBufferPointer(copy)
        }
    }

    private let storage: Storage
    private let source: String
    let nodes: UnsafeBufferPointer<Node>
    /// Names of the partials and parents it includes, with their lines, for checking.
    /// `inSection`: inside a section or inverted section, so included only when a value says so.
    let references: [Reference]

    struct Reference {
        var name: String
        var line: Int
        var column: Int
        var inSection: Bool
    }

    public struct ParseError: Error, Sendable {
        public var message: String
        public var line: Int
        public var column: Int
    }

    /// The same template, parsed again into memory of its own: rendered on one thread while
    /// another renders the original, neither touches the other's memory (the keys' and names'
    /// reference counts, and the cache lines of the nodes).
    var separateCopy: MustacheTemplate {
        // It parsed once; it parses the same again.
        try! MustacheTemplate(source.separateCopy)
    }

    public init(_ source: String) throws(ParseError) {
        var parser = MustacheParser(source)
        let tokens = try parser.tokens()
        var references: [Reference] = []
        var index = 0
        let storage = Storage()
        nodes = storage.keep(try Self.build(tokens, &index, closing: nil, references: &references, storage: storage))
        self.storage = storage
        self.source = source
        self.references = references
    }

    private static func build(_ tokens: [MustacheParser.Token], _ index: inout Int, closing: MustacheParser.Token?,
                              references: inout [Reference], storage: Storage) throws(ParseError) -> [Node] {
        var nodes: [Node] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .text:
                nodes.append(.text(storage.keep(Array(token.content.utf8))))
            case .variable, .unescaped:
                nodes.append(.variable(storage.keep(path(token.content)), escaped: token.kind == .variable))
            case .section, .inverted, .parent, .block:
                let first = references.count
                let children = storage.keep(try build(tokens, &index, closing: token, references: &references, storage: storage))
                if token.kind == .section || token.kind == .inverted {
                    for i in first..<references.count { references[i].inSection = true }
                }
                switch token.kind {
                case .section, .inverted:
                    nodes.append(.section(storage.keep(path(token.content)), inverted: token.kind == .inverted, children))
                case .parent:
                    references.append(Reference(name: token.content, line: token.line, column: token.column, inSection: false))
                    nodes.append(.parent(TemplateKey(token.content).number, children))
                default:
                    nodes.append(.block(TemplateKey(token.content).number, children))
                }
            case .close:
                guard let closing else {
                    throw ParseError(message: "'{{/\(token.content)}}' closes a section that was never opened", line: token.line, column: token.column)
                }
                guard closing.content == token.content else {
                    throw ParseError(message: "'{{/\(token.content)}}' closes '\(closing.content)', opened on line \(closing.line); expected '{{/\(closing.content)}}'",
                                     line: token.line, column: token.column)
                }
                return nodes
            case .partial:
                references.append(Reference(name: token.content, line: token.line, column: token.column, inSection: false))
                nodes.append(.partial(TemplateKey(token.content).number))
            case .comment:
                break
            }
        }
        if let closing {
            throw ParseError(message: "'\(closing.content)' opened here is never closed; expected '{{/\(closing.content)}}'", line: closing.line, column: closing.column)
        }
        return nodes
    }

    private static func path(_ name: String) -> Path {
        Path(name == "." ? ["."] : name.split(separator: ".").map(String.init))
    }
}

/// Splits a template into tokens, then applies the standalone-line rule: a section, comment,
/// partial or delimiter tag alone on its line takes the whole line with it.
struct MustacheParser {
    enum Kind: Equatable { case text, variable, unescaped, section, inverted, close, partial, parent, block, comment }

    struct Token {
        var kind: Kind
        var content: String
        var line: Int
        var column: Int
        /// Alone on its line: may remove that line's whitespace and newline.
        var standaloneCandidate: Bool { ![.text, .variable, .unescaped].contains(kind) }
    }

    private let source: [UInt8]
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)

    init(_ text: String) {
        source = Array(text.utf8)
    }

    /// Where the last position was asked for: tags are found in order, so each position is
    /// counted on from the last one (from the start each time, a template's parse was quadratic).
    private var counted = (offset: 0, line: 1, column: 1)

    private mutating func position(of offset: Int) -> (Int, Int) {
        if offset < counted.offset { counted = (0, 1, 1) }
        var (line, column) = (counted.line, counted.column)
        for i in counted.offset..<offset {
            if source[i] == 0x0A { line += 1; column = 1 } else if source[i] & 0xC0 != 0x80 { column += 1 }
        }
        counted = (offset, line, column)
        return (line, column)
    }

    private func matches(_ pattern: [UInt8], at i: Int) -> Bool {
        i + pattern.count <= source.count && source[i..<(i + pattern.count)].elementsEqual(pattern)
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + pattern.count <= source.count {
            if source[i] == pattern[0] && matches(pattern, at: i) { return i }
            i += 1
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: source[range], as: UTF8.self)
    }

    private static func trim(_ s: String) -> String {
        var u = Substring(s)
        while let f = u.first, f == " " || f == "\t" || f == "\n" || f == "\r" { u.removeFirst() }
        while let l = u.last, l == " " || l == "\t" || l == "\n" || l == "\r" { u.removeLast() }
        return String(u)
    }

    /// Tokens, with `textBefore`/`textAfter` of standalone tags already trimmed.
    mutating func tokens() throws(MustacheTemplate.ParseError) -> [Token] {
        var raw: [(token: Token, start: Int, end: Int)] = []
        var i = 0
        var textStart = 0
        while let tagStart = find(open, from: i) {
            let (line, column) = position(of: tagStart)
            var cursor = tagStart + open.count
            var kind = Kind.variable
            var closer = close
            if cursor < source.count {
                switch source[cursor] {
                case UInt8(ascii: "{"): kind = .unescaped; closer = Array("}".utf8) + close; cursor += 1
                case UInt8(ascii: "&"): kind = .unescaped; cursor += 1
                case UInt8(ascii: "#"): kind = .section; cursor += 1
                case UInt8(ascii: "^"): kind = .inverted; cursor += 1
                case UInt8(ascii: "/"): kind = .close; cursor += 1
                case UInt8(ascii: ">"): kind = .partial; cursor += 1
                case UInt8(ascii: "<"): kind = .parent; cursor += 1
                case UInt8(ascii: "$"): kind = .block; cursor += 1
                case UInt8(ascii: "!"), UInt8(ascii: "%"): kind = .comment; cursor += 1
                case UInt8(ascii: "="): kind = .comment; closer = Array("=".utf8) + close; cursor += 1
                default: break
                }
            }
            guard let end = find(closer, from: cursor) else {
                throw .init(message: "a tag is never closed; expected '\(String(decoding: closer, as: UTF8.self))'", line: line, column: column)
            }
            let content = Self.trim(string(cursor..<end))
            if tagStart > textStart {
                raw.append((Token(kind: .text, content: string(textStart..<tagStart), line: line, column: column), textStart, tagStart))
            }
            if source[tagStart + open.count] == UInt8(ascii: "=") {
                // {{=<% %>=}}: new delimiters.
                let parts = content.split(separator: " ", omittingEmptySubsequences: true)
                guard parts.count == 2 else {
                    throw .init(message: "'\(content)' does not set delimiters; expected two delimiters such as {{=<% %>=}}", line: line, column: column)
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            }
            if kind != .comment && kind != .text && content.isEmpty {
                throw .init(message: "an empty tag; expected a name inside it", line: line, column: column)
            }
            raw.append((Token(kind: kind, content: content, line: line, column: column), tagStart, end + closer.count))
            i = end + closer.count
            textStart = i
        }
        if textStart < source.count {
            let (line, column) = position(of: textStart)
            raw.append((Token(kind: .text, content: string(textStart..<source.count), line: line, column: column), textStart, source.count))
        }

        // Standalone lines: the tag is the only non-blank thing between two newlines. Decided on
        // the text as written, then the whitespace and newline around such tags are removed.
        var tokens = raw.map(\.token)
        let original = tokens
        func isBlank(_ bytes: some Collection<UInt8>) -> Bool { bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        let standalone: [Bool] = original.indices.map { index in
            guard original[index].standaloneCandidate else { return false }
            let beforeOK: Bool
            if index == 0 {
                beforeOK = true
            } else if original[index - 1].kind == .text {
                let t = original[index - 1].content.utf8
                if let newline = t.lastIndex(of: 0x0A) {
                    beforeOK = isBlank(t[t.index(after: newline)...])
                } else {
                    beforeOK = index == 1 && isBlank(t)
                }
            } else {
                beforeOK = false
            }
            guard beforeOK else { return false }
            if index == original.count - 1 { return true }
            guard original[index + 1].kind == .text else { return false }
            let t = original[index + 1].content.utf8
            if let newline = t.firstIndex(of: 0x0A) {
                let head = t[..<newline]
                return isBlank(head) || (isBlank(head.dropLast()) && head.last == 0x0D)
            }
            return index + 1 == original.count - 1 && isBlank(t)
        }
        for index in tokens.indices where standalone[index] {
            if index > 0 && tokens[index - 1].kind == .text {
                let t = tokens[index - 1].content
                let keep = t.utf8.count - t.utf8.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
                tokens[index - 1].content = String(decoding: t.utf8.prefix(keep), as: UTF8.self)
            }
            if index + 1 < tokens.count && tokens[index + 1].kind == .text {
                var t = Substring(tokens[index + 1].content).utf8
                while let f = t.first, f == 0x20 || f == 0x09 { t = t.dropFirst() }
                if t.first == 0x0D { t = t.dropFirst() }
                if t.first == 0x0A { t = t.dropFirst() }
                tokens[index + 1].content = String(decoding: t, as: UTF8.self)
            }
        }
        return tokens.filter { $0.kind != .text || !$0.content.isEmpty }
    }
}

extension String {
    /// The same text in storage of its own, not shared with `self`.
    var separateCopy: String { String(decoding: Array(utf8), as: UTF8.self) }
}
