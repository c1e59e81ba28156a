import Dispatch

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
