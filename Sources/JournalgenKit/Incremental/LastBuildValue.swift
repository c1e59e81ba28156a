import Synchronization

/// A value one `serve` build made, handed to the build just after it, which takes it when it
/// still holds: what a save that changed only texts leaves as it was need not be made again.
final class LastBuildValue<Value: Sendable>: Sendable {
    private let last = Mutex<(build: Int, value: Value)?>(nil)

    /// The value of the build just before `build` when `holds` says it still does, else
    /// `make()`'s; either is handed on to the next build.
    func value(build: Int, holds: (Value) -> Bool, make: () -> Value) -> Value {
        let value = last.withLock { known in known.flatMap { $0.build == build - 1 && holds($0.value) ? $0.value : nil } } ?? make()
        last.withLock { $0 = (build, value) }
        return value
    }
}
