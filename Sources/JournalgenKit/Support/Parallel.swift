import Dispatch
import Synchronization

/// `map` over both cores (or however many the machine has), keeping the input order.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
    if items.count < 2 { return items.map(transform) }
    // Each slot is initialised by the thread that computes it, then all are moved into the
    // array: copying them out (and freeing the originals) was a copy of every result on one core.
    let buffer = UnsafeMutableBufferPointer<R>.allocate(capacity: items.count)
    defer { buffer.deallocate() }
    nonisolated(unsafe) let results = buffer
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        (results.baseAddress! + index).initialize(to: transform(items[index]))
    }
    return Array(unsafeUninitializedCapacity: items.count) { array, count in
        array.baseAddress!.moveInitialize(from: results.baseAddress!, count: results.count)
        count = results.count
    }
}

/// A value handed whole to work on another thread, and taken out there: a capture would leave
/// a second reference behind, and a list whose buffer is shared copies every element before its
/// first change.
final class Handover<Value: Sendable>: @unchecked Sendable {
    private var value: Value?

    init(_ value: consuming Value) { self.value = value }

    /// Once, on the thread the value is for.
    func take() -> Value { value.take()! }
}

/// Runs `body` for every index on all cores (Dispatch hands out indexes as threads free up).
func parallelForEach(count: Int, _ body: @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
}

/// Changes each element in place, on all cores (each element by one thread only).
func parallelUpdate<T>(_ items: inout [T], _ change: @Sendable (inout T) -> Void) {
    items.withUnsafeMutableBufferPointer { buffer in
        nonisolated(unsafe) let all = buffer
        DispatchQueue.concurrentPerform(iterations: all.count) { change(&all[$0]) }
    }
}

extension Array {
    /// Rearranges the elements so that the one at `order[k]` ends up at `k`, by swaps along each
    /// cycle of the permutation: every element moves once or twice, none is copied.
    mutating func permute<S: Sequence>(to order: S) where S.Element == Int {
        let order = Array<Int>(order)
        precondition(order.count == count)
        var placed = [Bool](repeating: false, count: count)
        // Through the buffer: its swaps move the values, where the array's copy them in and out.
        withUnsafeMutableBufferPointer { buffer in
            for start in buffer.indices where !placed[start] {
                // Position `k` wants the element now at `order[k]`; follow the cycle from `start`.
                var k = start
                while true {
                    placed[k] = true
                    let from = order[k]
                    if from == start { break }
                    buffer.swapAt(k, from)
                    k = from
                }
            }
        }
    }
}

/// Work handed to another thread that the thread waiting for it does itself when no thread has
/// taken it up yet. Dispatch runs queued work on as many threads as the machine has cores; with
/// both busy (a first build writes the entry cache and seals the private pages beside the site
/// model), work queued behind them waited for a thread while the core that wanted its result sat
/// idle: the main thread of a first build of 10,000 entries waited 0.16 s so
/// (docs/tools/timeline.py).
final class SideWork<Value: Sendable>: @unchecked Sendable {
    private let claimed = Atomic<Bool>(false)
    private let done = DispatchGroup()
    /// Read and cleared only by the thread that claimed the work.
    private var work: (@Sendable () -> Value)?
    /// Written once before `done` is left, read only after it.
    private var result: Value?

    /// Set once `result` is written: later reads skip the claim and the wait.
    private let finished = Atomic<Bool>(false)

    /// `queue`: where the work is offered (a test's suspended queue leaves it to the waiter).
    /// `offered`: false leaves the work to the first thread that asks for its value: a view that
    /// a build after an edit may never read is then never made.
    init(on queue: DispatchQueue = .global(), offered: Bool = true, _ work: @escaping @Sendable () -> Value) {
        self.work = work
        done.enter()
        if offered { queue.async { self.runUnlessBegun() } }
    }

    private func runUnlessBegun() {
        guard !claimed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        result = work.take()!()
        finished.store(true, ordering: .releasing)
        done.leave()
    }

    /// The work's result; made on this thread when no other has begun it.
    var value: Value {
        if finished.load(ordering: .acquiring) { return result! }
        runUnlessBegun()
        done.wait()
        return result!
    }
}
