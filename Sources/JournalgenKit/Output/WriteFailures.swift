import Foundation
import Synchronization

/// Failed writes of one build, told once: a full disk fails every one of thousands of files for
/// the same reason, and one message with the reason and the count says it better than thousands.
final class WriteFailures: Sendable {
    private let state = Mutex<(first: String?, more: Int)>((nil, 0))

    func note(_ error: Error) {
        state.withLock { state in
            if state.first == nil { state.first = "\(error)" } else { state.more += 1 }
        }
    }

    var isEmpty: Bool { state.withLock { $0.first == nil } }

    func report(to diagnostics: DiagnosticsEngine, at location: SourceLocation) {
        let (first, more) = state.withLock { $0 }
        guard let first else { return }
        diagnostics.error(first + (more > 0 ? " (and \(more) more file\(more == 1 ? "" : "s") could not be written)" : ""), at: location)
    }
}
