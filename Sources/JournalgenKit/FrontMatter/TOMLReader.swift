/// Reads TOML front matter (between `+++` lines) into a `MetaNode` tree.
///
/// Hand-written because the TOML package in reach pulls a test dependency that does not resolve
/// here; front matter needs only TOML's value syntax: bare, quoted and dotted keys, `[table]`
/// headers, basic, literal and multi-line strings, numbers, booleans, dates, arrays and inline
/// tables. Dates are kept as the text written, like every other scalar.
public struct TOMLReader {
    public typealias Failure = YAMLReader.Failure

    private let chars: [Unicode.Scalar]
    private var i = 0
    private var line: Int
    private var lineStart = 0
    /// Lists and inline tables open around the value being read: bounded, since each level is a
    /// call, and thirty thousand `[` would overflow the stack.
    private var depth = 0

    public static func read(_ toml: String, firstLine: Int) throws(Failure) -> MetaNode {
        var reader = TOMLReader(chars: Array(toml.unicodeScalars), line: firstLine)
        return try reader.document()
    }

    private init(chars: [Unicode.Scalar], line: Int) {
        self.chars = chars
        self.line = line
    }

    private var column: Int { i - lineStart + 1 }
    private var peek: Unicode.Scalar? { i < chars.count ? chars[i] : nil }

    private func fail(_ message: String) -> Failure {
        Failure(message: "invalid TOML: \(message)", line: line, column: column)
    }

    private mutating func advance() {
        if chars[i] == "\n" { line += 1; lineStart = i + 1 }
        i += 1
    }

    private mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { advance() }
    }

    /// Spaces, newlines and comments (inside arrays).
    private mutating func skipBlank() {
        while let c = peek {
            if c == " " || c == "\t" || c == "\n" { advance() }
            else if c == "#" { while let d = peek, d != "\n" { advance() } }
            else { break }
        }
    }

    private mutating func endOfLine() throws(Failure) {
        skipSpaces()
        if peek == "#" { while let c = peek, c != "\n" { advance() } }
        if let c = peek {
            guard c == "\n" else { throw fail("found '\(c)' after a value; expected the end of the line") }
            advance()
        }
    }

    private mutating func document() throws(Failure) -> MetaNode {
        var root = MetaNode(.table([]), line: line, column: 1)
        var tablePath: [String] = []
        while true {
            skipBlank()
            guard let c = peek else { break }
            if c == "[" {
                advance()
                if peek == "[" { throw fail("arrays of tables ([[…]]) are not supported in front matter") }
                skipSpaces()
                tablePath = try keyPath(until: "]")
                advance()
                try endOfLine()
                continue
            }
            let keyLine = line, keyColumn = column
            let path = try keyPath(until: "=")
            advance()
            skipSpaces()
            let value = try self.value()
            try endOfLine()
            try Self.insert(value, at: tablePath + path, into: &root, line: keyLine, column: keyColumn)
        }
        return root
    }

    private static func insert(_ value: MetaNode, at path: [String], into node: inout MetaNode,
                               line: Int, column: Int) throws(Failure) {
        guard case .table(var entries) = node.value else {
            throw Failure(message: "invalid TOML: '\(path.joined(separator: "."))' is inside a value that is not a table", line: line, column: column)
        }
        let key = path[0]
        if let index = entries.firstIndex(where: { $0.key == key }) {
            guard path.count > 1 else {
                throw Failure(message: "invalid TOML: the key '\(key)' appears twice; each key may appear once", line: line, column: column)
            }
            try insert(value, at: Array(path.dropFirst()), into: &entries[index].node, line: line, column: column)
        } else if path.count == 1 {
            entries.append(MetaEntry(key: key, line: line, column: column, node: value))
        } else {
            var child = MetaNode(.table([]), line: line, column: column)
            try insert(value, at: Array(path.dropFirst()), into: &child, line: line, column: column)
            entries.append(MetaEntry(key: key, line: line, column: column, node: child))
        }
        node.value = .table(entries)
    }

    /// `a.b."c d"` up to (not including) `terminator`.
    private mutating func keyPath(until terminator: Unicode.Scalar) throws(Failure) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            guard let c = peek else { throw fail("unexpected end; expected a key") }
            if c == "\"" || c == "'" {
                parts.append(try quoted())
            } else {
                var s = ""
                while let d = peek, d.properties.isAlphabetic || ("0"..."9").contains(d) || d == "_" || d == "-" {
                    s.unicodeScalars.append(d); advance()
                }
                guard !s.isEmpty else { throw fail("found '\(c)'; expected a key") }
                parts.append(s)
            }
            skipSpaces()
            if peek == "." { advance(); continue }
            guard peek == terminator else {
                throw fail("found \(peek.map { "'\($0)'" } ?? "the end") after the key; expected '\(terminator)'")
            }
            return parts
        }
    }

    private mutating func value() throws(Failure) -> MetaNode {
        let l = line, col = column
        guard let c = peek else { throw fail("a key has no value; expected a value after '='") }
        if c == "[" || c == "{" {
            guard depth < YAMLReader.maximumDepth else {
                throw fail("lists and tables are nested more than \(YAMLReader.maximumDepth) levels deep; expected values a few levels deep")
            }
            depth += 1
        }
        defer { if c == "[" || c == "{" { depth -= 1 } }
        switch c {
        case "\"", "'":
            return MetaNode(.scalar(try quoted(), plain: false), line: l, column: col)
        case "[":
            advance()
            var items: [MetaNode] = []
            while true {
                skipBlank()
                if peek == "]" { advance(); break }
                items.append(try value())
                skipBlank()
                if peek == "," { advance(); continue }
                guard peek == "]" else { throw fail("found \(peek.map { "'\($0)'" } ?? "the end") in a list; expected ',' or ']'") }
                advance(); break
            }
            return MetaNode(.list(items), line: l, column: col)
        case "{":
            advance()
            var table = MetaNode(.table([]), line: l, column: col)
            skipSpaces()
            if peek == "}" { advance(); return table }
            while true {
                skipSpaces()
                let kl = line, kc = column
                let path = try keyPath(until: "=")
                advance(); skipSpaces()
                try Self.insert(try value(), at: path, into: &table, line: kl, column: kc)
                skipSpaces()
                if peek == "," { advance(); continue }
                guard peek == "}" else { throw fail("found \(peek.map { "'\($0)'" } ?? "the end") in an inline table; expected ',' or '}'") }
                advance()
                return table
            }
        default:
            // Numbers, booleans and dates: a run of characters that may appear in them.
            var s = ""
            while let d = peek, d != ",", d != "]", d != "}", d != "\n", d != "#" {
                s.unicodeScalars.append(d); advance()
            }
            while s.last == " " || s.last == "\t" { s.removeLast() }
            // Booleans and special floats by name; numbers and dates start with a digit or sign.
            let keyword = ["true", "false", "inf", "nan", "+inf", "-inf", "+nan", "-nan"].contains(s)
            let numeric = (s.unicodeScalars.first.map { ("0"..."9").contains($0) || $0 == "+" || $0 == "-" } ?? false)
                && s.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || "+-_.:TZtzeExXabcdefABCDEFoO ".unicodeScalars.contains($0) })
            guard keyword || numeric
            else { throw Failure(message: "invalid TOML: '\(s)' is not a value; expected a quoted string, number, boolean, date, list or table", line: l, column: col) }
            return MetaNode(.scalar(s, plain: true), line: l, column: col)
        }
    }

    private mutating func quoted() throws(Failure) -> String {
        let quote = chars[i]
        let multi = i + 2 < chars.count && chars[i + 1] == quote && chars[i + 2] == quote
        advance()
        if multi {
            advance(); advance()
            if peek == "\n" { advance() }
        }
        var s = ""
        while true {
            guard let c = peek else { throw fail("a string is never closed; expected \(multi ? "\(quote)\(quote)\(quote)" : "\(quote)")") }
            if c == quote {
                if !multi { advance(); return s }
                if i + 2 < chars.count, chars[i + 1] == quote, chars[i + 2] == quote {
                    advance(); advance(); advance(); return s
                }
            }
            if c == "\n" && !multi { throw fail("a string runs past the end of the line; expected \(quote)") }
            if c == "\\" && quote == "\"" {
                advance()
                guard let e = peek else { continue }
                advance()
                switch e {
                case "n": s += "\n"
                case "t": s += "\t"
                case "r": s += "\r"
                case "\"": s += "\""
                case "\\": s += "\\"
                case "u", "U":
                    let count = e == "u" ? 4 : 8
                    var hex = ""
                    for _ in 0..<count { if let h = peek { hex.unicodeScalars.append(h); advance() } }
                    guard let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                        throw fail("'\\\(e)\(hex)' is not a Unicode escape")
                    }
                    s.unicodeScalars.append(scalar)
                case "\n" where multi:
                    skipBlank()
                default:
                    throw fail("'\\\(e)' is not a TOML escape")
                }
                continue
            }
            s.unicodeScalars.append(c)
            advance()
        }
    }
}
