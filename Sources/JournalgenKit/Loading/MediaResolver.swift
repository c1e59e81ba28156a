import Foundation

/// Finds the files an entry names under `media:`: first in the entry's bundle folder
/// (`entries/2026/2026-04-03-kyoto/`), then in the journal's `media/`. A name may not leave the
/// journal, by `..`, an absolute path or a symbolic link.
public struct MediaResolver: Sendable {
    public var journal: URL
    private let journalRealPath: String

    public init(journal: URL) {
        self.journal = journal
        self.journalRealPath = journal.resolvingSymlinksInPath().standardizedFileURL.path
    }

    public enum Failure: Error, Equatable {
        case escapes
        case missing(searched: [String])
    }

    /// The bundle folder of an entry file: the same path without `.md`.
    public static func bundleFolder(of entryFile: URL) -> URL {
        entryFile.deletingPathExtension()
    }

    public func resolve(_ name: String, entryFile: URL) -> Result<(file: URL, inBundle: Bool), Failure> {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("/") || trimmed.hasPrefix("~") || trimmed.contains("\\")
            || trimmed.split(separator: "/").contains("..") || trimmed.contains("://") {
            return .failure(.escapes)
        }
        let bundle = Self.bundleFolder(of: entryFile)
        let candidates = [(bundle.appendingPathComponent(trimmed), true),
                          (journal.appendingPathComponent("media").appendingPathComponent(trimmed), false)]
        for (candidate, inBundle) in candidates {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let real = candidate.resolvingSymlinksInPath().standardizedFileURL.path
            guard real.hasPrefix(journalRealPath + "/") else { return .failure(.escapes) }
            return .success((candidate, inBundle))
        }
        return .failure(.missing(searched: candidates.map { relative($0.0) }))
    }

    private func relative(_ url: URL) -> String {
        let p = url.standardizedFileURL.path
        let root = journal.standardizedFileURL.path
        return p.hasPrefix(root + "/") ? String(p.dropFirst(root.count + 1)) : p
    }
}
