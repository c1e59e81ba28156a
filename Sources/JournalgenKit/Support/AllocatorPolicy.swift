import CAllocatorShim
import Foundation

/// How the C allocator is asked to behave in `journalgen build`. Not in `serve`: its rebuilds
/// reuse the same large blocks save after save, and mapping each anew made saves 10 to 15 ms
/// slower in the serve latency benchmark.
public enum AllocatorPolicy {
    /// Blocks of a megabyte or more (the entry cache's shards as they are written, the photo
    /// cache's indexes as they are read, the largest pages) get memory of their own from the
    /// kernel and give it back when freed. glibc would otherwise raise that limit each time such
    /// a block is freed, and later blocks would be carved out of the heap, leaving holes that
    /// small, long-lived values fill: a 10k-entry build peaked 16 MB higher for it (242 MB
    /// against 226 MB; docs/benchmarks.md). The price is a few hundred more `mmap` calls.
    ///
    /// The heap grows 16 MB at a time, not 128 KB: each growth is a system call, and memory got
    /// back by `releaseFreeMemory` was faulted in again page by page. Half the page faults of a
    /// 10k build (113,000 -> 63,000), its system time -0.11 to -0.15 s, its peak +2 MB: pages
    /// reserved and never touched are not resident.
    public static func apply() {
        jg_map_blocks_from(1 << 20)
        jg_pad_heap_growth(16 << 20)
    }

    /// Called between loading and rendering: what loading freed (the entry cache's records as they
    /// were written, parse trees) is scattered among values that live on, and pages would not
    /// reuse all of it. About 4 MB off a 10k-entry build's peak, for a few milliseconds.
    public static func releaseFreeMemory() {
        jg_release_free_memory()
    }

    /// Keeps `values` until the process exits, which reclaims their memory at once; freeing a
    /// site model's entries, media and pages one by one is work on one core after the build.
    static func leaveForExit(_ values: Any...) {
        exitLock.lock()
        leftForExit.append(values)
        exitLock.unlock()
    }

    private static let exitLock = NSLock()
    nonisolated(unsafe) private static var leftForExit: [Any] = []
}
