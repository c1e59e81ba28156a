import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The signals that stop `serve`, taken by a thread of their own. Blocked in every thread and
/// waited for with `sigwait`: with a handler or a dispatch source instead, the kernel gives a
/// signal to any thread that does not block it, and one made before the handler was set (the
/// watcher's, the server's) could take it and drop it.
enum StopSignals {
    /// Ctrl-C, `kill`, and the terminal closing.
    static let all = [SIGINT, SIGTERM, SIGHUP]

    /// Those not ignored when `serve` started: a blocked signal is kept for `sigwait` even when
    /// ignored, so `nohup` (SIGHUP ignored) or a shell's background job (SIGINT ignored) would
    /// otherwise stop it.
    static let numbers = all.filter { !isIgnored($0) }

    /// Whether the process ignores it now (nohup, a shell's background job).
    static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        // SIG_IGN is the handler numbered 1.
        return current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } == 1
    }

    private static var set: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    /// Blocks them in this thread and in every thread it makes from now on.
    static func block() {
        var set = set
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// `stop` on a thread of its own once one of them comes, with its number.
    static func wait(_ stop: @escaping @Sendable (Int32) -> Void) {
        // The thread inherits the mask `block()` set (`sigwait` lets the set through only while
        // it waits, which /proc shows as none blocked).
        Thread.detachNewThread {
            var set = set
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            stop(number)
        }
    }
}
