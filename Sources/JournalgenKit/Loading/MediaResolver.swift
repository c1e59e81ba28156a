import Foundation

/// Finds the files an entry names under `media:`: first in the entry's bundle folder
/// (`entries/2026/2026-04-03-kyoto/`), then in the journal's `media/`. A name may not leave the
/// journal, by `..`, an absolute path or a symbolic link.
public struct MediaResolver: Sendable {
    /// Absolute, standardised path of the journal folder.
    public var journal: String
    private let journalRealPath: String

    public init(journal: String) {
        self.journal = journal
        self.journalRealPath = FileIO.realPath(journal) ?? journal
    }

    public enum Failure: Error, Equatable {
        case escapes
        case missing(searched: [String])
    }

    /// The bundle folder of an entry file: the same path without `.md`.
    public static func bundleFolder(of entryPath: String) -> String {
        guard let dot = entryPath.utf8.lastIndex(of: 0x2E), let slash = entryPath.utf8.lastIndex(of: 0x2F), dot > slash else {
            return entryPath
        }
        return String(entryPath[..<dot])
    }

    /// True for a name that could reach outside the journal.
    public static func escapes(_ name: String) -> Bool {
        if name.isEmpty || name.hasPrefix("/") || name.hasPrefix("~") || name.utf8.contains(0x5C) { return true }
        if name.utf8.contains(0x3A) && name.contains("://") { return true }
        return name == ".." || name.hasPrefix("../") || name.hasSuffix("/..") || name.contains("/../")
    }

    /// The absolute path of the file `name` refers to, for the entry at `entryPath`.
    public func resolve(_ name: String, entryPath: String) -> Result<String, Failure> {
        let trimmed = name.trimmedSpaces
        guard !Self.escapes(trimmed) else { return .failure(.escapes) }
        let candidates = [Self.bundleFolder(of: entryPath) + "/" + trimmed, journal + "/media/" + trimmed]
        for candidate in candidates where FileIO.isRegularFile(candidate) {
            // A symbolic link (of the file or a folder above it) may not lead out of the journal.
            guard let real = FileIO.realPath(candidate), real.hasPrefix(journalRealPath + "/") else { return .failure(.escapes) }
            return .success(candidate)
        }
        return .failure(.missing(searched: candidates.map { $0.hasPrefix(journal + "/") ? String($0.dropFirst(journal.count + 1)) : $0 }))
    }
}
