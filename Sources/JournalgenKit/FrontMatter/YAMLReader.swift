import CYaml

/// Reads YAML front matter into a `MetaNode` tree with file positions, straight from libyaml's
/// events (the C parser inside Yams): no intermediate node tree, which cost more per entry than
/// Markdown did. Every scalar stays text and journalgen decides what it means (a date stays the
/// date the writer typed, not a converted timestamp).
public enum YAMLReader {
    public struct Failure: Error {
        public var message: String
        public var line: Int
        public var column: Int
    }

    /// What front matter may hold. A handful of YAML aliases nested a few levels deep can name
    /// billions of values ("billion laughs"); nothing a journal writes comes near these bounds.
    static let maximumValues = 100_000
    static let maximumDepth = 200

    /// `firstLine` is the file line where `yaml` starts, so positions are file positions.
    public static func read(_ yaml: String, firstLine: Int) throws(Failure) -> MetaNode {
        let result: Result<MetaNode?, Failure> = yaml.withUTF8Bytes { bytes in
            var builder = Builder(shift: firstLine - 1)
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return .failure(Failure(message: "cannot read the YAML front matter: out of memory", line: firstLine, column: 1))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return .failure(explained(failure(parser, shift: firstLine - 1), yaml: yaml, shift: firstLine - 1))
                }
                defer { yaml_event_delete(&event) }
                do throws(Failure) {
                    if try builder.take(event) { return .success(builder.root) }
                } catch {
                    return .failure(error)
                }
            }
        }
        switch result {
        case .success(let root?): return root
        case .success(nil): return MetaNode(.table([]), line: firstLine, column: 1)
        case .failure(let failure): throw failure
        }
    }

    /// Turns the events of one document into a tree, one open list or table at a time.
    struct Builder {
        let shift: Int
        var root: MetaNode?
        var documents = 0
        /// Values so far, aliases counted as often as they repeat what they name.
        var values = 0

        struct Open {
            var isTable: Bool
            var line: Int
            var column: Int
            var anchor: String?
            var items: [MetaNode] = []
            var entries: [MetaEntry] = []
            var key: MetaNode?
            /// The keys given as text so far, searched in turn: a front matter's tables have a
            /// handful of keys, and a set made and grown for each was a tenth of reading it.
            var keys: [String] = []
            /// The same keys as a set, once a table has more than `listedKeys` of them.
            var keySet: Set<String>?
            static let listedKeys = 16

            /// Notes a key given as text; false when the table already has it.
            mutating func insertKey(_ name: String) -> Bool {
                if keySet == nil {
                    if keys.contains(name) { return false }
                    keys.append(name)
                    if keys.count > Self.listedKeys { keySet = Set(keys) }
                    return true
                }
                return keySet!.insert(name).inserted
            }
            /// Values inside, and levels below, for aliases that repeat it.
            var count = 1
            var height = 1
        }
        var open: [Open] = []
        var anchors: [String: (node: MetaNode, count: Int, height: Int)] = [:]

        /// True at the end of the stream.
        mutating func take(_ event: yaml_event_t) throws(Failure) -> Bool {
            let line = Int(event.start_mark.line) + 1 + shift, column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return true
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw Failure(message: "invalid YAML: but found another document (expected a single document in the stream)", line: line, column: column)
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                // libyaml reads only valid UTF-8 (it stops at an invalid byte) and writes escapes
                // only as valid code points (no surrogates, nothing past U+10FFFF).
                let value = TextDecoding.trusted(UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), from: "libyaml")
                let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE || scalar.style == YAML_ANY_SCALAR_STYLE
                let node = plain && value.utf8.count <= 4 && (value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL")
                    ? MetaNode(.null, line: line, column: column) : MetaNode(.scalar(value, plain: plain), line: line, column: column)
                try count(1, at: line, column)
                try add(node, count: 1, height: 1, anchor: Self.text(scalar.anchor), at: line, column)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                try count(1, at: line, column)
                if open.count >= YAMLReader.maximumDepth {
                    throw tooDeep(line, column)
                }
                let isTable = event.type == YAML_MAPPING_START_EVENT
                let anchor = isTable ? Self.text(event.data.mapping_start.anchor) : Self.text(event.data.sequence_start.anchor)
                open.append(Open(isTable: isTable, line: line, column: column, anchor: anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let done = open.popLast() else { break }
                let node = MetaNode(done.isTable ? .table(done.entries) : .list(done.items), line: done.line, column: done.column)
                try add(node, count: done.count, height: done.height, anchor: done.anchor, at: done.line, done.column)
            case YAML_ALIAS_EVENT:
                guard let name = Self.text(event.data.alias.anchor), let named = anchors[name] else {
                    throw Failure(message: "invalid YAML: found undefined alias", line: line, column: column)
                }
                try count(named.count, at: line, column)
                if open.count + named.height > YAMLReader.maximumDepth {
                    throw tooDeep(line, column)
                }
                try add(named.node, count: named.count, height: named.height, anchor: nil, at: line, column)
            default:
                break
            }
            return false
        }

        func tooDeep(_ line: Int, _ column: Int) -> Failure {
            Failure(message: "the front matter is nested more than \(YAMLReader.maximumDepth) levels deep; expected keys, lists and tables a few levels deep", line: line, column: column)
        }

        mutating func count(_ n: Int, at line: Int, _ column: Int) throws(Failure) {
            values += n
            if values > YAMLReader.maximumValues {
                throw Failure(message: "the front matter holds more than \(YAMLReader.maximumValues) values (YAML aliases such as *name repeat what they name, and these repeat each other); expected a few keys and lists", line: line, column: column)
            }
        }

        /// Puts a finished value into the open list or table (as its key or its value), or makes it the root.
        mutating func add(_ node: MetaNode, count: Int, height: Int, anchor: String?, at line: Int, _ column: Int) throws(Failure) {
            if let anchor { anchors[anchor] = (node, count, height) }
            guard !open.isEmpty else {
                root = node
                return
            }
            let last = open.count - 1
            open[last].count += count
            open[last].height = max(open[last].height, height + 1)
            guard open[last].isTable else {
                open[last].items.append(node)
                return
            }
            guard let key = open[last].key else {
                open[last].key = node
                return
            }
            open[last].key = nil
            let name = key.text ?? ""
            if key.text != nil, !open[last].insertKey(name) {
                throw Failure(message: "invalid YAML: the key '\(name)' appears twice; each key may appear once", line: key.line, column: key.column)
            }
            open[last].entries.append(MetaEntry(key: name, line: key.line, column: key.column, node: node))
        }

        static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }

    /// libyaml's words for the two mistakes people make most, said plainly: a tab in the
    /// indentation, and a colon in an unquoted title.
    static func explained(_ failure: Failure, yaml: String, shift: Int) -> Failure {
        var failure = failure
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let index = failure.line - shift - 1
        guard lines.indices.contains(index) else { return failure }
        let line = lines[index]
        if failure.message.contains("found character that cannot start any token"), line.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
            failure.message = "invalid YAML: this line is indented with a tab; YAML indents with spaces only (replace the tab with spaces)"
        } else if failure.message.contains("mapping values are not allowed"),
                  let colon = line.firstIndex(of: ":"), line[line.index(after: colon)...].contains(": ") {
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            failure.message = "invalid YAML: the value of '\(key)' holds ': ', which YAML reads as the start of another key; put the value in quotes: \(key): \"\(value.replacingOccurrences(of: "\"", with: "\\\""))\""
        }
        return failure
    }

    /// libyaml's own message for what stopped it, at its place.
    static func failure(_ parser: yaml_parser_t, shift: Int) -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            var message = "invalid YAML: \(problem)"
            if let context = parser.context { message += " (\(String(cString: context)) at line \(Int(parser.context_mark.line) + 1 + shift))" }
            return Failure(message: message, line: Int(parser.problem_mark.line) + 1 + shift, column: Int(parser.problem_mark.column) + 1)
        case YAML_MEMORY_ERROR:
            return Failure(message: "cannot read the YAML front matter: out of memory", line: shift + 1, column: 1)
        default:
            return Failure(message: "invalid YAML: \(problem)", line: shift + 1, column: 1)
        }
    }
}
