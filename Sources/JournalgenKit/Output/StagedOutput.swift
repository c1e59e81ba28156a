import Foundation

/// Writes a site into a hidden folder beside the output and swaps it in only when the whole
/// build succeeded, so a failed build leaves the previous site exactly as it was.
public final class StagedOutput: Sendable {
    public let target: URL
    public let staging: URL

    /// Marks a folder as journalgen's, so a build never replaces a folder it did not make.
    public static let markerName = ".journalgen-site"

    public enum Failure: Error, CustomStringConvertible {
        case notASite(String)
        case io(String)

        public var description: String {
            switch self {
            case .notASite(let path): return "refusing to replace \(path): it holds files and was not written by journalgen (no \(StagedOutput.markerName) inside); expected an empty folder, a new one, or an earlier output"
            case .io(let message): return message
            }
        }
    }

    public init(target: URL) throws(Failure) {
        self.target = target.standardizedFileURL
        let parent = self.target.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.target.lastPathComponent).journalgen-new-\(getpid())")
        let fm = FileManager.default
        if let existing = try? fm.contentsOfDirectory(atPath: self.target.path), !existing.isEmpty,
           !existing.contains(Self.markerName) {
            throw .notASite(self.target.path)
        }
        do {
            try? fm.removeItem(at: staging)
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            try Data("This folder is written by `journalgen build` and replaced by each build.\n".utf8)
                .write(to: staging.appendingPathComponent(Self.markerName))
        } catch {
            throw .io("cannot create \(staging.path): \(error.localizedDescription)")
        }
    }

    /// `path` is relative to the site root; folders are made as needed.
    public func write(_ data: Data, to path: String) throws {
        let file = staging.path + "/" + path
        if !FileIO.write(data, to: file) {
            guard FileIO.makeDirectories((file as NSString).deletingLastPathComponent), FileIO.write(data, to: file) else {
                throw Failure.io("cannot write \(file): \(String(cString: strerror(errno)))")
            }
        }
    }

    public func copy(_ source: String, to path: String) throws {
        let file = staging.path + "/" + path
        if !FileIO.copy(from: source, to: file) {
            guard FileIO.makeDirectories((file as NSString).deletingLastPathComponent), FileIO.copy(from: source, to: file) else {
                throw Failure.io("cannot copy \(source) to \(file): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Puts the new site in place: old -> aside, new -> target, then the old one is removed.
    public func commit() throws(Failure) {
        let fm = FileManager.default
        let aside = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).journalgen-old-\(getpid())")
        do {
            if fm.fileExists(atPath: target.path) {
                try fm.moveItem(at: target, to: aside)
            }
            try fm.moveItem(at: staging, to: target)
        } catch {
            if fm.fileExists(atPath: aside.path) && !fm.fileExists(atPath: target.path) {
                try? fm.moveItem(at: aside, to: target)
            }
            throw .io("cannot put the new site in place at \(target.path): \(error.localizedDescription)")
        }
        try? fm.removeItem(at: aside)
    }

    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}
