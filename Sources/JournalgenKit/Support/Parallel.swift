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
