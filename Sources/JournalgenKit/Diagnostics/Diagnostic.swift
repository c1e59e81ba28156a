/// A place in a journal file that a message points at. Lines and columns count from 1;
/// columns count Unicode scalars, as editors do.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// One message for the writer of the journal: what was found, and what was expected.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable, CaseIterable {
        case error, warning, note
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `path:line:column: error: message`, the form compilers use, so editors can jump to it.
    public var description: String {
        "\(location.path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}
