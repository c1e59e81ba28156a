/// A front-matter value as the writer typed it, with where it stands in the file. YAML and TOML
/// both read into this one tree, so the rest of the pipeline has one way to read keys and one way
/// to point at mistakes.
public struct MetaNode: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        /// Text as written. `plain` is false for quoted strings, so `"true"` stays text.
        case scalar(String, plain: Bool)
        case list([MetaNode])
        case table([MetaEntry])
        case null
    }

    public var value: Value
    public var line: Int
    public var column: Int

    public init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    public var entries: [MetaEntry]? {
        if case .table(let e) = value { return e }
        return nil
    }

    public subscript(key: String) -> MetaNode? {
        entries?.first { $0.key == key }?.node
    }

    /// Scalar text, whatever its style.
    public var text: String? {
        if case .scalar(let s, _) = value { return s }
        return nil
    }

    public var bool: Bool? {
        guard case .scalar(let s, let plain) = value, plain else { return nil }
        switch s {
        case "true", "True", "TRUE", "yes", "Yes", "on": return true
        case "false", "False", "FALSE", "no", "No", "off": return false
        default: return nil
        }
    }

    public var double: Double? {
        guard case .scalar(let s, let plain) = value, plain else { return nil }
        return Double(s.containsByte(0x5F) ? s.replacingOccurrences(of: "_", with: "") : s)
    }

    public var int: Int? {
        guard case .scalar(let s, let plain) = value, plain else { return nil }
        return Int(s.containsByte(0x5F) ? s.replacingOccurrences(of: "_", with: "") : s)
    }

    /// A short description of what was found, for messages ("a list", "the text 'x'").
    public var kindDescription: String {
        switch value {
        case .scalar(let s, _): return "'\(s)'"
        case .list: return "a list"
        case .table: return "a mapping"
        case .null: return "nothing"
        }
    }
}

public struct MetaEntry: Sendable, Hashable {
    public var key: String
    public var line: Int
    public var column: Int
    public var node: MetaNode
}
