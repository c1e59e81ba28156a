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
        let ranOn = Mutex<pthread_t?>(nil)
        let work = SideWork(on: queue) {
            runs.wrappingAdd(1, ordering: .relaxed)
            ranOn.withLock { $0 = pthread_self() }
            return 42
        }
        // Asked on a thread of its own, so that a waiter that only waits fails the test rather
        // than hangs it: the queue it was offered on never runs it.
        let answered = DispatchSemaphore(value: 0)
        let answer = Mutex<(value: Int, thread: pthread_t)?>(nil)
        Thread.detachNewThread {
            let value = work.value
            answer.withLock { $0 = (value, pthread_self()) }
            answered.signal()
        }
        let inTime = answered.wait(timeout: .now() + 10) == .success
        #expect(inTime)
        let (got, thread) = (answer.withLock { $0?.value }, answer.withLock { $0?.thread })
        #expect(got == 42)
        let worker = ranOn.withLock { $0 }
        let onTheWaiter = thread != nil && worker != nil && pthread_equal(thread!, worker!) != 0
        #expect(onTheWaiter)
        // The offer, run at last, finds the work done and does nothing.
        queue.resume()
        queue.sync {}
        let runCount = runs.load(ordering: .relaxed)
        #expect(runCount == 1)
    }

    /// Work not offered is made by its first reader, once, and never before it is asked for.
    @Test func workNotOfferedWaitsForItsFirstReader() {
        let runs = Atomic<Int>(0)
        let work = SideWork(offered: false) { runs.wrappingAdd(1, ordering: .relaxed).newValue }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(runs.load(ordering: .relaxed) == 0)
        #expect(work.value == 1)
        #expect(work.value == 1)
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
        let made = results.withLock { $0 }, runCount = runs.load(ordering: .relaxed)
        #expect(made == Array(repeating: "made", count: 4))
        #expect(runCount == 1)
    }
}
