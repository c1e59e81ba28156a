import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches a journal folder and reports changes in batches: a save by rename (vim, most IDEs), a
/// `git checkout` of 500 files or an editor's burst of writes each give one batch, once the folder
/// has been quiet for `quiet` seconds (or `longest` seconds after the first change, whichever is
/// sooner). A batch of one file whose last event finished it (closed after writing, or renamed
/// into place: how every editor's save ends) waits only `settled` seconds: a writer's save is
/// then served that much sooner, while a burst's next file, which comes within a millisecond,
/// makes the batch two files long and the wait `quiet` again. A batch past `bulkFiles` files is a
/// checkout, a sync or a copy, not a save: it waits for `bulkQuiet` of quiet (at most
/// `bulkLongest` after its first change), since such a tool pauses between files for longer than
/// a save's burst lasts (seen: over 0.3 s on a loaded machine), and every pause over `quiet` was
/// a rebuild of its own.
/// Linux uses inotify on every folder; elsewhere the folder is polled twice a second.
///
/// Folders whose names start with a dot (`.git`, `.journalgen-cache`) and the folders named in
/// `ignoring` (the site being built) are not watched; nor are editors' swap and backup files.
public final class FileWatcher: @unchecked Sendable {
    public let root: String
    let ignoring: Set<String>
    let quiet: TimeInterval
    let settled: TimeInterval
    let longest: TimeInterval
    let bulkFiles: Int
    let bulkQuiet: TimeInterval
    let bulkLongest: TimeInterval
    private var thread: Thread?
    private var stopPipe: [Int32] = [-1, -1]
    private let lock = NSLock()
    private var stopped = false

    /// `ignoring`: absolute paths of folders inside `root` not to watch.
    public init(root: String, ignoring: [String] = [], quiet: TimeInterval = 0.05, settled: TimeInterval = 0.02, longest: TimeInterval = 1.5,
                bulkFiles: Int = 16, bulkQuiet: TimeInterval = 0.6, bulkLongest: TimeInterval = 20) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.ignoring = Set(ignoring.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        self.quiet = quiet
        self.settled = min(settled, quiet)
        self.longest = longest
        self.bulkFiles = bulkFiles
        self.bulkQuiet = max(bulkQuiet, quiet)
        self.bulkLongest = max(bulkLongest, longest)
    }

    /// Starts watching on a thread of its own, and returns once every folder is watched (a save
    /// made after it returns is seen); `onChange` runs on that thread with the paths that
    /// changed, and events that arrive while it runs make the next batch.
    public func start(_ onChange: @escaping @Sendable (Set<String>) -> Void) {
        pipe(&stopPipe)
        let watching = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            #if os(Linux)
            if let fd = Optional(inotify_init1(Int32(IN_CLOEXEC))), fd >= 0 {
                watchWithInotify(fd, ready: { watching.signal() }, onChange)
                close(fd)
                return
            }
            #endif
            watchByPolling(ready: { watching.signal() }, onChange)
        }
        thread.name = "journalgen watcher"
        self.thread = thread
        thread.start()
        watching.wait()
    }

    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        if stopPipe[1] >= 0 { _ = write(stopPipe[1], "x", 1) }
    }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    /// Editors' temporary files, which come and go around every save.
    static func isNoise(_ name: String) -> Bool {
        name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".swpx")
            || name == "4913" || name.hasPrefix(".#") || (name.hasPrefix("#") && name.hasSuffix("#"))
            || name.hasSuffix(".tmp") || name == ".DS_Store"
    }

    func isWatchedFolder(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return !(name.hasPrefix(".") && path != root) && !ignoring.contains(path)
    }

    /// Waits for the next event or the stop signal; false when stopping.
    private func wait(on fd: Int32, timeout: TimeInterval?) -> (ready: Bool, stop: Bool) {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)]
        let ms = timeout.map { Int32(max(0, $0 * 1000).rounded(.up)) } ?? -1
        let n = poll(&fds, 2, ms)
        if fds[1].revents != 0 { return (false, true) }
        return (n > 0 && fds[0].revents != 0, false)
    }

    #if os(Linux)
    private func watchWithInotify(_ fd: Int32, ready: () -> Void, _ onChange: @Sendable (Set<String>) -> Void) {
        var folders: [Int32: String] = [:]
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_ATTRIB)
        func add(_ folder: String) {
            guard isWatchedFolder(folder) else { return }
            let wd = inotify_add_watch(fd, folder, mask)
            if wd >= 0 { folders[wd] = folder }
            for item in FileIO.folderItems(folder) ?? [] {
                let path = folder + "/" + item.name
                var info = stat()
                if item.type == UInt8(DT_DIR) || (item.type == UInt8(DT_UNKNOWN) && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) {
                    add(path)
                }
            }
        }
        add(root)
        ready()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending = Set<String>()
        var first: Date?
        var last = Date()
        var finished = false
        /// How long the folder must stay quiet before the batch goes: `settled` for one finished
        /// save, `bulkQuiet` for a checkout's worth of files.
        var calm: TimeInterval { pending.count > bulkFiles ? bulkQuiet : finished && pending.count == 1 ? settled : quiet }
        var cap: TimeInterval { pending.count > bulkFiles ? bulkLongest : longest }
        while true {
            let timeout: TimeInterval? = first.map { first in
                min(calm - Date().timeIntervalSince(last), cap - Date().timeIntervalSince(first))
            }
            let (ready, stop) = wait(on: fd, timeout: timeout)
            if stop { return }
            if ready {
                let count = read(fd, &buffer, buffer.count)
                var offset = 0
                while count > 0 && offset + MemoryLayout<inotify_event>.size <= count {
                    let (wd, eventMask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        return (event.wd, event.mask, Int(event.len))
                    }
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let name = length > 0 ? String(decoding: buffer[nameStart..<nameStart + length].prefix { $0 != 0 }, as: UTF8.self) : ""
                    offset = nameStart + length
                    guard let folder = folders[wd] else { continue }
                    if eventMask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil; continue }
                    let path = name.isEmpty ? folder : folder + "/" + name
                    if eventMask & UInt32(IN_ISDIR) != 0 {
                        if eventMask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { add(path) }
                        guard isWatchedFolder(path) else { continue }
                    } else if Self.isNoise(name) {
                        continue
                    }
                    pending.insert(path)
                    finished = eventMask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 && eventMask & UInt32(IN_ISDIR) == 0
                    if first == nil { first = Date() }
                    last = Date()
                }
            }
            if let started = first, !pending.isEmpty,
               Date().timeIntervalSince(last) >= calm || Date().timeIntervalSince(started) >= cap {
                let batch = pending
                pending = []
                first = nil
                onChange(batch)
                if isStopped { return }
            } else if pending.isEmpty {
                first = nil
            }
        }
    }
    #endif

    /// Every watched file's size and modification time.
    func snapshot() -> [String: [Int]] {
        var files: [String: [Int]] = [:]
        func walk(_ folder: String) {
            guard isWatchedFolder(folder), let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names {
                let path = folder + "/" + name
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR { walk(path); continue }
                if Self.isNoise(name) { continue }
                #if os(Linux)
                let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
                #else
                let modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
                #endif
                files[path] = [Int(info.st_size), modified]
            }
        }
        walk(root)
        return files
    }

    /// The fallback: compares snapshots twice a second.
    private func watchByPolling(ready: () -> Void, _ onChange: @Sendable (Set<String>) -> Void) {
        var known = snapshot()
        ready()
        while true {
            if wait(on: -1, timeout: 0.5).stop { return }
            let now = snapshot()
            var changed = Set<String>()
            for (path, stamp) in now where known[path] != stamp { changed.insert(path) }
            for path in known.keys where now[path] == nil { changed.insert(path) }
            known = now
            if !changed.isEmpty { onChange(changed) }
        }
    }
}
