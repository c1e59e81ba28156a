import Dispatch

/// `map` over both cores (or however many the machine has), keeping the input order.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
    if items.count < 2 { return items.map(transform) }
    let buffer = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
    buffer.initialize(repeating: nil)
    defer {
        buffer.deinitialize()
        buffer.deallocate()
    }
    nonisolated(unsafe) let results = buffer
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        results[index] = transform(items[index])
    }
    return results.map { $0! }
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
        for start in indices where !placed[start] {
            // Position `k` wants the element now at `order[k]`; follow the cycle from `start`.
            var k = start
            while true {
                placed[k] = true
                let from = order[k]
                if from == start { break }
                swapAt(k, from)
                k = from
            }
        }
    }
}
