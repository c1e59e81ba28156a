import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes diagnostics to standard error, coloured only when it is a terminal and NO_COLOR is unset.
public struct DiagnosticPrinter: Sendable {
    public var useColour: Bool

    public init(useColour: Bool? = nil) {
        self.useColour = useColour ?? (isatty(2) == 1 && getenv("NO_COLOR") == nil)
    }

    public func format(_ diagnostic: Diagnostic) -> String {
        guard useColour else { return diagnostic.description }
        let colour: String
        switch diagnostic.severity {
        case .error: colour = "\u{1B}[1;31m"
        case .warning: colour = "\u{1B}[1;35m"
        case .note: colour = "\u{1B}[1;36m"
        }
        let l = diagnostic.location
        return "\u{1B}[1m\(l.path):\(l.line):\(l.column):\u{1B}[0m \(colour)\(diagnostic.severity.rawValue):\u{1B}[0m \(diagnostic.message)"
    }

    public func print(_ diagnostics: [Diagnostic]) {
        let text = diagnostics.map { format($0) + "\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
    }
}
