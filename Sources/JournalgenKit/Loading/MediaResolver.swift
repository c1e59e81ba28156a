import Foundation
import Synchronization

/// Finds the files an entry names under `media:`: first in the entry's bundle folder
/// (`entries/2026/2026-04-03-kyoto/`), then in the journal's `media/`. A name may not leave the
/// journal, by `..`, an absolute path or a symbolic link.
public struct MediaResolver: Sendable {
    /// Absolute, standardised path of the journal folder.
    public var journal: String
    private let journalRealPath: String
    /// Folders' real paths, each worked out once: `realpath` of every media file looked at each
    /// folder above it again (eight system calls a photo, a tenth of loading's system time).
    private let folders: RealFolders
    /// The build's looks at files, given the resolver's own: a photo was `lstat`ed here and
    /// `stat`ed again for its size and time (11,500 of a 10k build's system calls).
    private let seen: SeenFiles?
    /// The journal held open: the files looked at are named from it, not walked to from `/`.
    private let journalFolder: OpenFolder

    public init(journal: String) {
        self.init(journal: journal, seen: nil)
    }

    init(journal: String, seen: SeenFiles?) {
        self.journal = journal
        self.journalRealPath = FileIO.realPath(journal) ?? journal
        self.seen = seen
        journalFolder = OpenFolder(journal)
        folders = RealFolders(journal: journalFolder)
    }

    private final class RealFolders: Sendable {
        private let known = Mutex<[String: String?]>([:])
        private let journal: OpenFolder

        init(journal: OpenFolder) { self.journal = journal }

        /// A folder that is not a link is where its parent really is: one `lstat` a folder.
        func realPath(_ folder: String) -> String? {
            if let real = known.withLock({ $0[folder] }) { return real }
            var real: String?
            if let slash = folder.utf8.lastIndex(of: 0x2F), slash != folder.startIndex,
               !folder.hasSuffix("/"), !folder.hasSuffix("/."), !folder.hasSuffix("/.."),
               let info = journal.linkInfo(of: folder), info.st_mode & S_IFMT == S_IFDIR {
                real = realPath(String(folder[..<slash])).map { $0 + folder[slash...] }
            } else {
                real = FileIO.realPath(folder)
            }
            known.withLock { $0[folder] = real }
            return real
        }
    }

    /// Where `candidate` really is, if it is a regular file (through links); nil otherwise.
    private func realFile(_ candidate: String) -> String?? {
        guard let info = journalFolder.linkInfo(of: candidate) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Not a link itself: it is where its folder really is.
            guard let slash = candidate.utf8.lastIndex(of: 0x2F) else { return .some(FileIO.realPath(candidate)) }
            seen?.note(candidate, info)
            return .some(folders.realPath(String(candidate[..<slash])).map { $0 + candidate[slash...] })
        case S_IFLNK:
            return FileIO.isRegularFile(candidate) ? .some(FileIO.realPath(candidate)) : nil
        default:
            return nil
        }
    }

    public enum Failure: Error, Equatable {
        case escapes
        case missing(searched: [String])
    }

    /// The bundle folder of an entry file: the same path without `.md`.
    public static func bundleFolder(of entryPath: String) -> String {
        guard let dot = entryPath.lastIndex(ofByte: 0x2E), let slash = entryPath.lastIndex(ofByte: 0x2F), dot > slash else {
            return entryPath
        }
        return String(entryPath[..<dot])
    }

    /// True for a name that could reach outside the journal.
    public static func escapes(_ name: String) -> Bool {
        if name.isEmpty || name.hasPrefix("/") || name.hasPrefix("~") || name.containsByte(0x5C) { return true }
        // Byte searches, not Foundation's `contains` (UTF-16 conversions, for every media name).
        if name.containsByte(0x3A) && name.containsBytes("://") { return true }
        return name == ".." || name.hasPrefix("../") || name.hasSuffix("/..") || name.containsBytes("/../")
    }

    /// The absolute path of the file `name` refers to, for the entry at `entryPath`.
    public func resolve(_ name: String, entryPath: String) -> Result<String, Failure> {
        let trimmed = name.trimmedSpaces
        guard !Self.escapes(trimmed) else { return .failure(.escapes) }
        let candidates = [Self.bundleFolder(of: entryPath) + "/" + trimmed, journal + "/media/" + trimmed]
        for candidate in candidates {
            guard let real = realFile(candidate) else { continue }
            // A symbolic link (of the file or a folder above it) may not lead out of the journal.
            guard let real, real.hasPrefix(journalRealPath + "/") else { return .failure(.escapes) }
            return .success(candidate)
        }
        return .failure(.missing(searched: candidates.map { $0.hasPrefix(journal + "/") ? String($0.dropFirst(journal.count + 1)) : $0 }))
    }
}
