import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Plain POSIX file operations for the hot paths of a build (reading ten thousand entries,
/// writing ten thousand pages, copying their photos). Foundation's FileManager does the same
/// work with several extra system calls and allocations per file, which adds seconds at scale.
enum FileIO {
    static func read(_ path: String) -> Data? {
        readWithStamp(path)?.data
    }

    /// As `read`, with the size and time the file had when it was read (from the same look at
    /// the open file, not a second one at the path).
    /// `folder`: a folder held open that the file may be below (see `OpenFolder`).
    static func readWithStamp(_ path: String, in folder: OpenFolder? = nil) -> (data: Data, stamp: Stamp)? {
        readWhole(path, in: folder) { fd, info in
            var data = Data(count: Int(info.st_size))
            return data.withUnsafeMutableBytes { fill($0, from: fd) } ? (data, stampAndKind(info).stamp) : nil
        }
    }

    /// As `read`, into an array: no zeroed buffer first, and no copy for readers that want one
    /// (the entry cache's 66 MB at 10,000 entries).
    static func readBytes(_ path: String) -> [UInt8]? {
        readWhole(path) { fd, info in
            let size = Int(info.st_size)
            var ok = false
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                ok = fill(UnsafeMutableRawBufferPointer(buffer), from: fd)
                count = ok ? size : 0
            }
            return ok ? bytes : nil
        }
    }

    /// `body(fd, its stat)` for a regular file open for reading.
    private static func readWhole<T>(_ path: String, in folder: OpenFolder? = nil, _ body: (Int32, stat) -> T?) -> T? {
        let fd = folder?.openForReading(path) ?? open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return body(fd, info)
    }

    /// Reads exactly `buffer.count` bytes; false on an error or a file that turned out shorter.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from fd: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.read(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 { if errno == EINTR { continue }; return false }
            if n == 0 { break }
            offset += n
        }
        return offset == buffer.count
    }

    /// Memory in use now (resident set, in MB), for `--timings`; 0 where /proc is not there.
    static func residentMegabytes() -> Int {
        // /proc files have no size: read what is there.
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 127) }
        guard count > 0 else { return 0 }
        let pages = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    static func write(_ data: Data, to path: String) -> Bool {
        write(data, to: path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
    }

    /// Writes a file that must not exist yet (O_EXCL): false, and nothing written, if it does.
    static func createNew(_ data: Data, at path: String) -> Bool {
        write(data, to: path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC)
    }

    /// Appends, creating the file if needed.
    static func append(_ data: Data, to path: String) -> Bool {
        write(data, to: path, flags: O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC)
    }

    private static func write(_ data: Data, to path: String, flags: Int32) -> Bool {
        data.withUnsafeBytes { write($0, to: path, flags: flags) }
    }

    /// Bytes that are not Data (a page's, in its string), written as `write(_:to:)` does.
    /// `folder`: one held open that `path` may be below, to name it from there.
    static func write(_ bytes: UnsafeRawBufferPointer, to path: String, in folder: OpenFolder? = nil) -> Bool {
        write(bytes, to: path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, in: folder)
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to path: String, flags: Int32, in folder: OpenFolder? = nil) -> Bool {
        let fd = folder?.openFile(path, flags: flags) ?? open(path, flags, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return writeAll(bytes, to: fd)
    }

    /// Writes the parts one after the other, as one file: joining them first would copy every
    /// byte once more (the entry cache's shards are 65 MB at 10k entries).
    static func write(parts: [any ContiguousBytes], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return parts.allSatisfy { part in part.withUnsafeBytes { writeAll($0, to: fd) } }
    }

    /// Writes the parts to a new file beside `path` that then takes its name, so that `path` is
    /// never half written (a cache file read while another build writes it); nothing is left
    /// behind when it fails.
    static func replace(_ path: String, withParts parts: [any ContiguousBytes]) -> Bool {
        guard let aside = writeAside(path, parts: parts) else { return false }
        return aside.putInPlace()
    }

    /// The first half of `replace`: the parts written beside `path`, which `putInPlace` then
    /// names `path`, or `discard` removes. Nil, and nothing left behind, when writing failed.
    static func writeAside(_ path: String, parts: [any ContiguousBytes]) -> WrittenAside? {
        let temporary = path + ".new-\(getpid())"
        guard write(parts: parts, to: temporary) else {
            unlink(temporary)
            return nil
        }
        return WrittenAside(temporary: temporary, path: path)
    }

    /// A file written beside the one it replaces (`writeAside`).
    struct WrittenAside: Sendable {
        let temporary: String
        let path: String

        func putInPlace() -> Bool {
            guard rename(temporary, path) == 0 else {
                unlink(temporary)
                return false
            }
            return true
        }

        func discard() { unlink(temporary) }
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }

    /// True when the file at `path` holds exactly `data`.
    static func contentsEqual(_ path: String, _ data: Data) -> Bool {
        data.withUnsafeBytes { contentsEqual(path, $0) }
    }

    static func contentsEqual(_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count,
              let existing = read(path) else { return false }
        return existing.withUnsafeBytes { old in
            old.count == bytes.count && (bytes.isEmpty || memcmp(old.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
    }

    /// True when both files exist with the same size and modification time (copies keep the
    /// source's time, see `copy`).
    static func sameSizeAndTime(_ a: String, _ b: String) -> Bool {
        guard let stamp = sizeAndTime(a) else { return false }
        return sizeAndTime(b) == stamp
    }

    /// A file's size and modification time (ns): what `sizeAndTime` gives.
    struct Stamp: Sendable, Equatable {
        var size: Int
        var modified: Int
    }

    /// Deletes the files below `root` for which `shouldRemove(relativePath)` holds, and folders
    /// left empty. The top level's folders are walked on all cores: a 10k-entry site is 17,000
    /// folders, and walking them on one core was the longest part of putting a site in place.
    static func removeFiles(below root: String, where shouldRemove: @Sendable (String) -> Bool) {
        /// Whether the folder is left empty.
        @Sendable func walk(_ relative: String) -> Bool {
            guard let items = folderItems(root + "/" + relative) else { return false }
            var remaining = items.count
            for item in items where clear(relative + "/" + item.name, isFolder: item.type == UInt8(DT_DIR)) { remaining -= 1 }
            return remaining == 0
        }
        /// Whether the file or folder at `path` is gone.
        @Sendable func clear(_ path: String, isFolder: Bool) -> Bool {
            isFolder ? walk(path) && rmdir(root + "/" + path) == 0 : shouldRemove(path) && unlink(root + "/" + path) == 0
        }
        guard let top = folderItems(root) else { return }
        parallelForEach(count: top.count) { index in _ = clear(top[index].name, isFolder: top[index].type == UInt8(DT_DIR)) }
    }

    /// The names in a folder with their types as the directory reports them (`DT_DIR`, `DT_REG`,
    /// `DT_LNK`, `DT_UNKNOWN`...), "." and ".." left out; nil when it cannot be opened.
    /// `below`: a folder held open that `folder` may be below (see `OpenFolder`).
    static func folderItems(_ folder: String, below opened: OpenFolder? = nil) -> [(name: String, type: UInt8)]? {
        guard let dir = openFolder(folder, below: opened) else { return nil }
        defer { closedir(dir) }
        var items: [(name: String, type: UInt8)] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { items.append((name, item.pointee.d_type)) }
        }
        return items
    }

    /// `opendir(folder)`, named from `opened` when below it.
    private static func openFolder(_ folder: String, below opened: OpenFolder?) -> OpaquePointer? {
        guard let opened else { return opendir(folder) }
        let fd = opened.openDirectory(folder)
        guard fd >= 0 else { return nil }
        if let dir = fdopendir(fd) { return dir }
        close(fd)
        return nil
    }

    /// The folder's files and folders by name (links followed: one to a folder is a folder),
    /// hidden ones left out: what the walks of the journal's folders go through.
    static func visibleItems(_ folder: String, below opened: OpenFolder? = nil) -> [(name: String, isFolder: Bool)] {
        var found: [(name: String, isFolder: Bool)] = []
        for (name, reported) in folderItems(folder, below: opened) ?? [] where !name.hasPrefix(".") {
            var type = reported
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                var info = stat()
                guard stat(folder + "/" + name, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            found.append((name, type == UInt8(DT_DIR)))
        }
        return found
    }

    /// Copies inside the kernel with sendfile(2): no bytes pass through the process.
    /// `sourceFolder`: a folder held open that the source may be below (see `OpenFolder`).
    static func copy(from source: String, to destination: String, sourceFolder: OpenFolder? = nil, destinationFolder: OpenFolder? = nil) -> Bool {
        let input = sourceFolder?.openForReading(source) ?? open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return false }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { return false }
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let output = destinationFolder?.openFile(destination, flags: flags) ?? open(destination, flags, 0o644)
        guard output >= 0 else { return false }
        defer { close(output) }
        var remaining = Int(info.st_size)
        while remaining > 0 {
            let n = sendfile(output, input, nil, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                return fallbackCopy(input, output)
            }
            if n == 0 { break }
            remaining -= n
        }
        // Keep the source's modification time: the next build sees an unchanged copy at once.
        var times = [info.st_atim, info.st_mtim]
        _ = futimens(output, &times)
        return true
    }

    private static func fallbackCopy(_ input: Int32, _ output: Int32) -> Bool {
        guard lseek(input, 0, SEEK_SET) == 0, ftruncate(output, 0) == 0, lseek(output, 0, SEEK_SET) == 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return false }
            if n == 0 { return true }
            let w = buffer.withUnsafeBytes { Glibc.write(output, $0.baseAddress!, n) }
            if w != n { return false }
        }
    }

    /// `mkdir -p`.
    static func makeDirectories(_ path: String) -> Bool {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT else { return false }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path, makeDirectories(parent) else { return false }
        return mkdir(path, 0o755) == 0 || errno == EEXIST
    }

    /// Relative paths of the files below `root` whose name passes `include`; hidden files and
    /// folders (".git", ".DS_Store") are skipped.
    static func listFiles(below root: String, include: @Sendable (String) -> Bool) -> [String] {
        let opened = OpenFolder(root)
        @Sendable func items(_ relative: String) -> [(path: String, name: String, isFolder: Bool)] {
            visibleItems(relative.isEmpty ? root : root + "/" + relative, below: opened).map { item in
                (relative.isEmpty ? item.name : relative + "/" + item.name, item.name, item.isFolder)
            }
        }
        @Sendable func walk(_ item: (path: String, name: String, isFolder: Bool), into found: inout [String]) {
            guard item.isFolder else {
                if include(item.name) { found.append(item.path) }
                return
            }
            for inner in items(item.path) { walk(inner, into: &found) }
        }
        // The top level's folders on all cores (a journal's years), each walked in the order a
        // walk on one core takes, and joined in that order: the same list, sooner.
        let parts: [[String]] = parallelMap(items("")) { item in
            var found: [String] = []
            walk(item, into: &found)
            return found
        }
        return parts.flatMap { $0 }
    }

    /// Size and modification time (ns) of a file, the key of journalgen's caches; nil when it
    /// cannot be seen (or, with `regularFilesOnly`, is a folder or a device).
    static func sizeAndTime(_ path: String, regularFilesOnly: Bool = false) -> Stamp? {
        guard let look = stampAndKind(path), !regularFilesOnly || look.isRegularFile else { return nil }
        return look.stamp
    }

    /// One stat: the stamp, and whether it is a regular file.
    static func stampAndKind(_ path: String) -> (stamp: Stamp, isRegularFile: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return stampAndKind(info)
    }

    static func stampAndKind(_ info: stat) -> (stamp: Stamp, isRegularFile: Bool) {
        (Stamp(size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)),
         (info.st_mode & S_IFMT) == S_IFREG)
    }

    /// Size in bytes, or nil when the file cannot be seen.
    static func size(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
