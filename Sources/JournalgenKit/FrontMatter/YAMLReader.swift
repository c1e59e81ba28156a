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
            throw failure(error, shift: shift)
        } catch {
            throw Failure(message: "cannot read the YAML front matter: \(error)", line: firstLine, column: 1)
        }
        guard let root else { return MetaNode(.table([]), line: firstLine, column: 1) }
        return convert(root, shift: shift)
    }

    static func convert(_ node: Node, shift: Int) -> MetaNode {
        let line = (node.mark?.line ?? 1) + shift
        let column = node.mark?.column ?? 1
        switch node {
        case .scalar(let scalar):
            let plain = scalar.style == .plain || scalar.style == .any
            if plain && (scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" || scalar.string == "Null" || scalar.string == "NULL") {
                return MetaNode(.null, line: line, column: column)
            }
            return MetaNode(.scalar(scalar.string, plain: plain), line: line, column: column)
        case .sequence(let seq):
            return MetaNode(.list(seq.map { convert($0, shift: shift) }), line: line, column: column)
        case .mapping(let map):
            var entries: [MetaEntry] = []
            for (key, value) in map {
                let k = convert(key, shift: shift)
                entries.append(MetaEntry(key: k.text ?? "", line: k.line, column: k.column,
                                         node: convert(value, shift: shift)))
            }
            return MetaNode(.table(entries), line: line, column: column)
        case .alias:
            return MetaNode(.null, line: line, column: column)
        }
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
