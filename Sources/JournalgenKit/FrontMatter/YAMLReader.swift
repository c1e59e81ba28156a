import Yams

/// Reads YAML front matter into a `MetaNode` tree with file positions. Uses Yams' basic resolver:
/// every scalar stays text and journalgen decides what it means (a date stays the date the writer
/// typed, not a converted timestamp), which is also much faster than regex-based tag resolution.
public enum YAMLReader {
    public struct Failure: Error {
        public var message: String
        public var line: Int
        public var column: Int
    }

    /// `firstLine` is the file line where `yaml` starts, so positions are file positions.
    public static func read(_ yaml: String, firstLine: Int) throws(Failure) -> MetaNode {
        let shift = firstLine - 1
        let root: Node?
        do {
            // Passing the encoding spares Yams a look at the environment on every call.
            root = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch let error as YamlError {
            throw explained(failure(error, shift: shift), yaml: yaml, shift: shift)
        } catch {
            throw Failure(message: "cannot read the YAML front matter: \(error)", line: firstLine, column: 1)
        }
        guard let root else { return MetaNode(.table([]), line: firstLine, column: 1) }
        var budget = Budget()
        return try convert(root, shift: shift, depth: 0, budget: &budget)
    }

    /// What front matter may hold. A handful of YAML aliases nested a few levels deep can name
    /// billions of values ("billion laughs"); nothing a journal writes comes near these bounds.
    static let maximumValues = 100_000
    static let maximumDepth = 200

    struct Budget {
        var values = 0
    }

    static func convert(_ node: Node, shift: Int, depth: Int, budget: inout Budget) throws(Failure) -> MetaNode {
        let line = (node.mark?.line ?? 1) + shift
        let column = node.mark?.column ?? 1
        budget.values += 1
        if budget.values > maximumValues {
            throw Failure(message: "the front matter holds more than \(maximumValues) values (YAML aliases such as *name repeat what they name, and these repeat each other); expected a few keys and lists", line: line, column: column)
        }
        if depth > maximumDepth {
            throw Failure(message: "the front matter is nested more than \(maximumDepth) levels deep; expected keys, lists and tables a few levels deep", line: line, column: column)
        }
        switch node {
        case .scalar(let scalar):
            let plain = scalar.style == .plain || scalar.style == .any
            if plain && (scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" || scalar.string == "Null" || scalar.string == "NULL") {
                return MetaNode(.null, line: line, column: column)
            }
            return MetaNode(.scalar(scalar.string, plain: plain), line: line, column: column)
        case .sequence(let seq):
            var items: [MetaNode] = []
            for item in seq { items.append(try convert(item, shift: shift, depth: depth + 1, budget: &budget)) }
            return MetaNode(.list(items), line: line, column: column)
        case .mapping(let map):
            var entries: [MetaEntry] = []
            for (key, value) in map {
                let k = try convert(key, shift: shift, depth: depth + 1, budget: &budget)
                entries.append(MetaEntry(key: k.text ?? "", line: k.line, column: k.column,
                                         node: try convert(value, shift: shift, depth: depth + 1, budget: &budget)))
            }
            return MetaNode(.table(entries), line: line, column: column)
        case .alias:
            return MetaNode(.null, line: line, column: column)
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

    static func failure(_ error: YamlError, shift: Int) -> Failure {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line + shift))" }
            return Failure(message: message, line: mark.line + shift, column: mark.column)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return Failure(message: "invalid YAML: the key '\(duplicates.joined(separator: "', '"))' appears twice; each key may appear once",
                           line: context.mark.line + shift, column: context.mark.column)
        case .reader(let problem, _, _, _):
            return Failure(message: "invalid YAML: \(problem)", line: shift + 1, column: 1)
        default:
            return Failure(message: "invalid YAML: \(error)", line: shift + 1, column: 1)
        }
    }
}
