import Dispatch
import Foundation
import Synchronization
import Testing
@testable import JournalgenKit

/// Work offered to another thread is done once, and by the thread that waits for it when no
/// other thread has taken it up (with both cores busy, the waiter would otherwise sit idle).
@Suite struct SideWorkTests {
    @Test func theWaiterDoesWorkNoThreadHasBegun() {
        let queue = DispatchQueue(label: "never-runs")
        queue.suspend()
        let runs = Atomic<Int>(0)
        let caller = pthread_self()
        let ranHere = Atomic<Bool>(false)
        let work = SideWork(on: queue) {
            runs.wrappingAdd(1, ordering: .relaxed)
            ranHere.store(pthread_equal(pthread_self(), caller) != 0, ordering: .relaxed)
            return 42
        }
        #expect(work.value == 42)
        #expect(work.value == 42)
        #expect(ranHere.load(ordering: .relaxed))
        // The offer, run at last, finds the work done and does nothing.
        queue.resume()
        queue.sync {}
        #expect(runs.load(ordering: .relaxed) == 1)
    }

    @Test func workBegunElsewhereIsWaitedForAndDoneOnce() {
        let runs = Atomic<Int>(0)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let work = SideWork {
            runs.wrappingAdd(1, ordering: .relaxed)
            started.signal()
            release.wait()
            return "made"
        }
        // Begun on the global queue: the waiters below wait for it rather than run it again.
        started.wait()
        let results = Mutex<[String]>([])
        let waiters = DispatchGroup()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: waiters) {
                let value = work.value
                results.withLock { $0.append(value) }
            }
        }
        release.signal()
        #expect(work.value == "made")
        waiters.wait()
        #expect(results.withLock { $0 } == Array(repeating: "made", count: 4))
        #expect(runs.load(ordering: .relaxed) == 1)
    }
}
