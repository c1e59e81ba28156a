import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder held open, so that a look at a file below it names the file from there: the kernel
/// then walks only the part of the path below the folder, not every folder above it again. At
/// 10,000 entries a build after one edit looks at 22,700 entry files and photos, seven or eight
/// folders deep from `/` and three or four from the journal; the walk was most of each look's
/// time, and the looks went from 17.3 % to 15.6 % of that build's CPU.
final class OpenFolder: Sendable {
    /// The folder's path and a slash.
    let prefix: String
    /// The same, to compare with a path's bytes in place (the generic `starts(with:)` over a
    /// string's UTF-8 view cost more than the rest of the look, for 43,000 looks a build).
    private let prefixBytes: [UInt8]
    /// -1 when the folder could not be opened: looks then name whole paths.
    private let descriptor: Int32

    init(_ path: String) {
        prefix = path.hasSuffix("/") ? path : path + "/"
        prefixBytes = Array(prefix.utf8)
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// `stat` of the file at `relative` below the folder ("" for the folder itself).
    func info(of relative: String) -> stat? {
        var info = stat()
        let found = descriptor >= 0
            ? (relative.isEmpty ? fstat(descriptor, &info) : fstatat(descriptor, relative, &info, 0)) == 0
            : stat(relative.isEmpty ? prefix : prefix + relative, &info) == 0
        return found ? info : nil
    }

    /// As `FileIO.stampAndKind`, for any path: one below the folder is named from it.
    func stampAndKind(_ path: String) -> (stamp: FileIO.Stamp, isRegularFile: Bool)? {
        var info = stat()
        let found = named(path) { base, name in fstatat(base, name, &info, 0) == 0 }
        return found ? FileIO.stampAndKind(info) : nil
    }

    /// `open(path, O_RDONLY)` for any path, one below the folder named from it.
    func openForReading(_ path: String) -> Int32 {
        named(path) { base, name in openat(base, name, O_RDONLY | O_CLOEXEC) }
    }

    /// The folder at `path` opened for reading its items (`fdopendir`), named from the folder when below it.
    func openDirectory(_ path: String) -> Int32 {
        named(path) { base, name in openat(base, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    }

    /// `lstat` of any path (a link is looked at, not followed), one below the folder named from it.
    func linkInfo(of path: String) -> stat? {
        var info = stat()
        let found = named(path) { base, name in fstatat(base, name, &info, AT_SYMLINK_NOFOLLOW) == 0 }
        return found ? info : nil
    }

    /// `open(path, flags, 0o644)` for any path, one below the folder named from it: the site's
    /// 34,000 pages and copies at 10,000 entries were each opened by a path eight to eleven
    /// folders deep, walked from `/` every time.
    func openFile(_ path: String, flags: Int32) -> Int32 {
        named(path) { base, name in openat(base, name, flags, 0o644) }
    }

    /// `mkdir` of `relative` below the folder; true when it is there now.
    func makeFolder(relative: some StringProtocol) -> Bool {
        let made = descriptor >= 0 ? mkdirat(descriptor, String(relative), 0o755) : mkdir(prefix + relative, 0o755)
        return made == 0 || errno == EEXIST
    }

    /// `link(path, target)`, the existing file `path` named from the folder when below it, and
    /// `target` from `targetFolder` when below that: the site's 20,000 photo links at 10,000
    /// entries each named their new file from `/`, twelve folders deep on the bench's disk.
    func link(_ path: String, to target: String, in targetFolder: OpenFolder? = nil) -> Bool {
        named(path) { base, name in
            guard let targetFolder else { return linkat(base, name, AT_FDCWD, target, 0) == 0 }
            return targetFolder.named(target) { targetBase, targetName in linkat(base, name, targetBase, targetName, 0) == 0 }
        }
    }

    /// `body` with the folder's descriptor and `path` below it, or with AT_FDCWD and the whole
    /// path when it is not below the folder (or the folder could not be opened).
    private func named<T>(_ path: String, _ body: (Int32, UnsafePointer<CChar>) -> T) -> T {
        let length = prefixBytes.count
        let mayBeBelow = descriptor >= 0 && path.utf8.count > length
        return path.withCString { whole in
            mayBeBelow && memcmp(whole, prefixBytes, length) == 0 ? body(descriptor, whole + length) : body(AT_FDCWD, whole)
        }
    }
}
