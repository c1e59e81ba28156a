import CFileShim
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Has the kernel read, on threads of their own, the files a first build is about to read, so
/// that the build's cores work while the disk does.
///
/// A first build of 10,000 entries reads 10,000 entry files and copies 22,600 photo sizes. On a
/// machine whose page cache lets files go after a minute or two, most of them come from disk:
/// the build waited for each read on the core that needed it, both cores idle a fifth of the
/// time while loading and two fifths while copying (5.2 s against 2.7 s with every file in
/// memory). Here a thread for each folder walks it in the order of its listing: it looks at
/// each file (the kernel reads its inode) and asks for the data of those the build reads
/// (`POSIX_FADV_WILLNEED`, which returns at once; the disk reads in the background). A walk
/// stops when the build is done with it, at its end, or when the first files it meets are all
/// in memory already: then the others most likely are too (a build a moment ago read them),
/// and opening each for nothing cost that build 0.1 s.
final class ReadAhead: Sendable {
    /// A folder to walk, and which of its files' data are wanted; the others are only looked
    /// at (an entry's photo, whose sizes come from the photo cache).
    struct Folder: Sendable {
        var path: String
        var readData: @Sendable (String) -> Bool

        init(path: String, readData: @escaping @Sendable (String) -> Bool) {
            self.path = path
            self.readData = readData
        }
    }

    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchGroup()
    /// The folders walked, in the order given.
    let folders: [String]
    /// Files whose data were asked for, and files only looked at (for the tests).
    let asked = Atomic<Int>(0), looked = Atomic<Int>(0)

    /// Starts walking `folders`, each on a thread of its own: the disk is given several reads
    /// at once, and the photos the copies need later are not queued behind the entries.
    init(_ folders: [Folder]) {
        self.folders = folders.map(\.path)
        for folder in folders {
            finished.enter()
            let thread = Thread { [self] in
                walk(folder.path, folder.readData)
                finished.leave()
            }
            thread.qualityOfService = .utility
            thread.start()
        }
    }

    /// Ends the walks (the build needs no more of them), and waits for the threads to be done:
    /// a build in a longer-lived process (`serve`, the tests) leaves no thread behind.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
    }

    /// Waits for the walks to end by themselves.
    func waitUntilDone() { finished.wait() }

    /// How many of a walk's first files are looked at to tell whether its folder is in memory,
    /// and how many of them may be missing for it still to be.
    static let sample = 32, missingInMemory = 2

    /// Files of a walk whose data were asked for, and how many of them were in memory.
    private struct Probe {
        var files = 0
        var inMemory = 0

        /// Whether the sample says the rest need not be read ahead.
        var allInMemory: Bool { files >= ReadAhead.sample && inMemory >= files - ReadAhead.missingInMemory }
    }

    private func walk(_ folder: String, _ readData: (String) -> Bool) {
        var probe = Probe()
        walk(folder, readData, &probe)
    }

    /// The folder's visible files and folders as every walk of the journal sees them
    /// (`FileIO.visibleItems`), files first, then each folder in turn.
    private func walk(_ folder: String, _ readData: (String) -> Bool, _ probe: inout Probe) {
        let items = FileIO.visibleItems(folder)
        for item in items where !item.isFolder {
            guard !stopped.load(ordering: .relaxed), !probe.allInMemory else { return }
            let path = folder + "/" + item.name
            if readData(item.name) {
                let fd = open(path, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { continue }
                if probe.files < Self.sample {
                    probe.files += 1
                    if jg_first_byte_in_memory(fd) == 1 { probe.inMemory += 1 }
                }
                posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED)
                close(fd)
                asked.add(1, ordering: .relaxed)
            } else {
                var info = stat()
                if stat(path, &info) == 0 { looked.add(1, ordering: .relaxed) }
            }
        }
        for item in items where item.isFolder {
            guard !stopped.load(ordering: .relaxed), !probe.allInMemory else { return }
            walk(folder + "/" + item.name, readData, &probe)
        }
    }
}
