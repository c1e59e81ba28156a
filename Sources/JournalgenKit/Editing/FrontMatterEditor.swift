import Foundation

/// Changes top-level keys of an entry's front matter in place. Only the lines of the keys asked
/// for are touched: every other byte of the file (comments, key order, quoting, the body, line
/// endings, a byte-order mark) stays as it was, so the edit is a one-line diff in git.
///
/// It refuses what it cannot edit that way (a value over several lines, a key written twice,
/// anchors and tags) and checks its own work: the edited file must read back with the same
/// front matter apart from the keys it changed, and the same body.
public enum FrontMatterEditor {
    /// A value as it will be written: text (quoted when YAML or TOML needs it) or a day (bare).
    public enum Value: Sendable, Equatable {
        case text(String)
        case day(CalendarDay)
    }

    public enum Edit: Sendable, Equatable {
        case set(String, Value)
        case remove(String)

        var key: String {
            switch self {
            case .set(let key, _), .remove(let key): return key
            }
        }
    }

    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { message }
    }

    public static func apply(_ edits: [Edit], to original: String) -> Result<String, Refusal> {
        var text = original
        let bom = text.hasPrefix("\u{FEFF}")
        if bom { text.removeFirst() }
        var lines = Lines(text)
        let newline = lines.newline

        let format: SplitEntry.Format
        switch lines.content(0) {
        case "---": format = .yaml
        case "+++": format = .toml
        default: format = .none
        }
        if format == .none {
            // No front matter yet: one is added above the text, which is kept whole.
            let added = edits.compactMap { edit -> String? in
                guard case .set(let key, let value) = edit else { return nil }
                return "\(key): \(yaml(value))" + newline
            }
            if added.isEmpty { return .success(original) }
            return .success((bom ? "\u{FEFF}" : "") + "---" + newline + added.joined() + "---" + newline + text)
        }
        let fence = format == .yaml ? "---" : "+++"
        guard let close = (1..<max(1, lines.count)).first(where: { lines.content($0) == fence || (format == .yaml && lines.content($0) == "...") }) else {
            return .failure(Refusal(line: 1, message: "the front matter has no closing '\(fence)' line"))
        }
        for edit in edits {
            // TOML's top-level keys end at the first [table]; YAML's at the closing fence.
            let end = format == .toml ? (1..<close).first { lines.content($0).hasPrefix("[") } ?? close : close
            let matches = (1..<end).filter { keyName(lines.content($0), format: format) == edit.key }
            guard matches.count <= 1 else {
                return .failure(Refusal(line: matches[1] + 1, message: "'\(edit.key)' is written twice in the front matter; expected it once"))
            }
            guard let index = matches.first else {
                if case .set(let key, let value) = edit {
                    let line = format == .yaml ? "\(key): \(yaml(value))" : "\(key) = \(toml(value))"
                    lines.insert(line + newline, at: end)
                }
                continue
            }
            let content = lines.content(index)
            let separator = Self.separator(in: content, format: format)!
            let rest = content[content.index(after: separator)...]
            let valueText = rest.drop { $0 == " " || $0 == "\t" }
            let (value, comment) = splitComment(String(valueText))
            if let problem = unsafeValue(value, format: format, lines: lines, index: index, end: end) {
                return .failure(Refusal(line: index + 1, message: "cannot edit '\(edit.key)' safely: \(problem)"))
            }
            switch edit {
            case .remove:
                lines.remove(at: index)
            case .set(_, let newValue):
                var written = format == .yaml ? yaml(newValue) : toml(newValue)
                // The writer's single quotes are kept only for text they can hold as it is: no quote,
                // and no line break or control character (a line break in them reads as a space).
                if case .text(let s) = newValue, format == .yaml, value.hasPrefix("'"),
                   s.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0 != "'" }) { written = "'\(s)'" }
                if case .text(let s) = newValue, format == .yaml, value.hasPrefix("\""), !written.hasPrefix("\"") { written = quoted(s) }
                let gap = rest.prefix { $0 == " " || $0 == "\t" }
                let head = String(content[...separator]) + (gap.isEmpty ? " " : String(gap))
                lines.replace(index, with: head + written + comment)
            }
        }
        let edited = (bom ? "\u{FEFF}" : "") + lines.joined
        var written: [String: String?] = [:]
        for edit in edits {
            switch edit {
            case .set(let key, .text(let text)): written[key] = .some(text)
            case .set(let key, .day(let day)): written[key] = .some(day.description)
            case .remove(let key): written[key] = .some(nil)
            }
        }
        return verify(original: original, edited: edited, written: written).map { .failure($0) } ?? .success(edited)
    }

    // MARK: - Lines

    /// The file as lines that keep their own endings.
    struct Lines {
        var items: [String]

        init(_ text: String) {
            items = []
            var current = ""
            for character in text {
                current.append(character)
                // A lone CR ends a line too, as it does for YAML.
                if character == "\n" || character == "\r\n" || character == "\r" {
                    items.append(current)
                    current = ""
                }
            }
            if !current.isEmpty { items.append(current) }
        }

        var count: Int { items.count }
        /// The file's own line ending: CRLF when its first line has one.
        var newline: String { items.first?.hasSuffix("\r\n") == true ? "\r\n" : "\n" }
        var joined: String { items.joined() }

        func content(_ index: Int) -> String {
            guard index < items.count else { return "" }
            var line = items[index]
            while line.hasSuffix("\n") || line.hasSuffix("\r\n") || line.hasSuffix("\r") { line.removeLast() }
            return line
        }

        func ending(_ index: Int) -> String { String(items[index].dropFirst(content(index).count)) }
        mutating func insert(_ line: String, at index: Int) { items.insert(line, at: index) }
        mutating func remove(at index: Int) { items.remove(at: index) }
        mutating func replace(_ index: Int, with content: String) { items[index] = content + ending(index) }
    }

    /// The key a top-level line sets, or nil (indented lines, comments, list items, and in YAML
    /// a line without ": ", which is text: `title:r` is not the key `title`).
    static func keyName(_ line: String, format: SplitEntry.Format) -> String? {
        guard let first = line.first, !" \t#-[".contains(first) else { return nil }
        guard let end = separator(in: line, format: format) else { return nil }
        var key = line[..<end].trimmingCharacters(in: .whitespaces)
        if key.count >= 2, let q = key.first, q == "\"" || q == "'", key.last == q { key = String(key.dropFirst().dropLast()) }
        return key
    }

    /// Where a key ends: TOML's first `=`; YAML's first `:` followed by a space, a tab or the
    /// end of the line.
    static func separator(in line: String, format: SplitEntry.Format) -> String.Index? {
        guard format == .yaml else { return line.firstIndex(of: "=") }
        return line.indices.first { index in
            guard line[index] == ":" else { return false }
            let next = line.index(after: index)
            return next == line.endIndex || line[next] == " " || line[next] == "\t"
        }
    }

    /// The value and its trailing ` # comment` (with the spaces before it), outside quotes.
    static func splitComment(_ text: String) -> (String, String) {
        var quote: Character?
        var previous: Character = " "
        for index in text.indices {
            let c = text[index]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" && (previous == " " || previous == "\t") {
                let value = text[..<index]
                let trimmed = value.trimmingCharacters(in: .whitespaces)
                return (trimmed, String(text[text.index(index, offsetBy: -(value.count - trimmed.count))...]))
            }
            previous = c
        }
        return (text.trimmingCharacters(in: .whitespaces), "")
    }

    /// Why a value cannot be replaced on its own line, or nil when it can.
    static func unsafeValue(_ value: String, format: SplitEntry.Format, lines: Lines, index: Int, end: Int) -> String? {
        if value.isEmpty { return "its value is on the lines below it; expected a one-line value such as '3 weeks'" }
        if let first = value.first, "[{|>&*!".contains(first) { return "its value '\(value)' is not a plain one-line value; expected one such as '3 weeks'" }
        if format == .toml && (value.hasPrefix("\"\"\"") || value.hasPrefix("'''")) { return "its value is a multi-line string" }
        // A plain value goes on over indented lines, even after blank ones.
        var next = index + 1
        while next < end, lines.content(next).allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { next += 1 }
        if next < end, let first = lines.content(next).first, first == " " || first == "\t" {
            return "its value goes on over the next lines; expected a one-line value"
        }
        return nil
    }

    // MARK: - Writing values

    static func yaml(_ value: Value) -> String {
        switch value {
        case .day(let day): return day.description
        case .text(let s): return YAMLText.isPlainSafe(s) ? s : quoted(s)
        }
    }

    static func toml(_ value: Value) -> String {
        switch value {
        case .day(let day): return day.description
        case .text(let s): return quoted(s)
        }
    }

    /// A double-quoted string, valid in YAML and TOML alike.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04X", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    // MARK: - Checking the result

    /// Reads both versions back: the edited one must parse, with the same body, the same front
    /// matter apart from the keys edited, and each of those reading back as written (`written`:
    /// key → its text, or nil for a key removed).
    static func verify(original: String, edited: String, written: [String: String?]) -> Refusal? {
        func withoutMark(_ s: String) -> String { s.hasPrefix("\u{FEFF}") ? String(s.dropFirst()) : s }
        let original = withoutMark(original), edited = withoutMark(edited)
        let keys = Set(written.keys)
        guard case .success(let before) = FrontMatterReader.read(original) else {
            return Refusal(line: 1, message: "the front matter does not read as YAML or TOML; fix it first (journalgen check shows where)")
        }
        guard before.meta.entries != nil || before.meta.value == .null else {
            return Refusal(line: 2, message: "the front matter is not a list of keys (is a ': ' missing after a key?); fix it first (journalgen check shows where)")
        }
        guard case .success(let after) = FrontMatterReader.read(edited) else {
            return Refusal(line: 1, message: "the edit would leave front matter that does not read; the file was left as it was")
        }
        for (key, text) in written {
            let node = after.meta[key]
            let got = node?.text ?? (node?.value == .null ? "" : nil)
            guard got == text else {
                return Refusal(line: 1, message: "the edit of '\(key)' would not read back as written; the file was left as it was")
            }
        }
        func others(_ node: MetaNode) -> [MetaEntry] { (node.entries ?? []).filter { !keys.contains($0.key) } }
        let same = before.split.body == after.split.body
            && others(before.meta).map(\.key) == others(after.meta).map(\.key)
            && zip(others(before.meta), others(after.meta)).allSatisfy { sameValue($0.node, $1.node) }
        return same ? nil : Refusal(line: 1, message: "the edit would change more than the keys it owns; the file was left as it was")
    }

    /// Equal values, wherever they stand in the file.
    static func sameValue(_ a: MetaNode, _ b: MetaNode) -> Bool {
        switch (a.value, b.value) {
        case (.scalar(let x, let p), .scalar(let y, let q)): return x == y && p == q
        case (.null, .null): return true
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
        case (.table(let x), .table(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && sameValue($0.node, $1.node) }
        default: return false
        }
    }
}

/// When a YAML string can be written without quotes and still read back as the same text.
enum YAMLText {
    static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]

    static func isPlainSafe(_ s: String) -> Bool {
        guard let first = s.first, let last = s.last, !s.isEmpty else { return false }
        if reserved.contains(s.lowercased()) || Double(s) != nil || CalendarDay(iso: s.prefix(10)) != nil { return false }
        if "-?:,[]{}#&*!|>'\"%@`~ ".contains(first) || last == " " || last == ":" { return false }
        if s.contains(": ") || s.contains(" #") || s.contains("\n") || s.contains("\t") { return false }
        return !s.unicodeScalars.contains { $0.value < 0x20 }
    }
}
