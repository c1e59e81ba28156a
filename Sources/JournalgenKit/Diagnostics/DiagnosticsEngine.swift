import Synchronization

/// Collects every problem of a build, from any thread, so a writer sees all of them at once
/// instead of fixing one error per run.
public final class DiagnosticsEngine: Sendable {
    private let collected = Mutex<[Diagnostic]>([])

    public init() {}

    public func emit(_ diagnostic: Diagnostic) {
        collected.withLock { $0.append(diagnostic) }
    }

    public func error(_ message: String, at location: SourceLocation) {
        emit(Diagnostic(.error, message, at: location))
    }

    public func warning(_ message: String, at location: SourceLocation) {
        emit(Diagnostic(.warning, message, at: location))
    }

    /// All messages, in file order: stable output whatever order the threads finished in.
    public var diagnostics: [Diagnostic] {
        collected.withLock { $0 }.sorted {
            ($0.location, $0.message) < ($1.location, $1.message)
        }
    }

    public var errorCount: Int { collected.withLock { $0.filter { $0.severity == .error }.count } }
    public var warningCount: Int { collected.withLock { $0.filter { $0.severity == .warning }.count } }
    public var hasErrors: Bool { errorCount > 0 }
}
