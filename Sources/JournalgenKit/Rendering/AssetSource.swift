import Foundation

/// Templates and theme files, looked up first in the journal's own folders and then in the copies
/// built into journalgen: a journal overrides a built-in file by putting one at the same path.
public struct AssetSource: Sendable {
    public var journal: URL

    public init(journal: URL) {
        self.journal = journal
    }

    public enum Origin: Sendable, Equatable {
        case journal(URL)
        case builtIn
    }

    public struct File: Sendable {
        public var path: String
        public var data: Data
        public var origin: Origin
    }

    /// `path` is relative: "templates/entry.mustache", "themes/paper/static/style.css".
    public func file(_ path: String, includeBuiltIn: Bool = true) -> File? {
        let local = journal.appendingPathComponent(path)
        if let data = FileManager.default.contents(atPath: local.path) {
            return File(path: path, data: data, origin: .journal(local))
        }
        guard includeBuiltIn else { return nil }
        if let text = EmbeddedAssets.textFiles[path] {
            return File(path: path, data: Data(text.utf8), origin: .builtIn)
        }
        if let base64 = EmbeddedAssets.binaryFiles[path], let data = Data(base64Encoded: base64) {
            return File(path: path, data: data, origin: .builtIn)
        }
        return nil
    }

    /// Relative paths of every file below `folder` ("themes/paper/static"), from both sources.
    public func files(under folder: String) -> [String] {
        var paths = Set<String>()
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for key in EmbeddedAssets.textFiles.keys where key.hasPrefix(prefix) { paths.insert(key) }
        for key in EmbeddedAssets.binaryFiles.keys where key.hasPrefix(prefix) { paths.insert(key) }
        let local = journal.appendingPathComponent(folder)
        let root = journal.standardizedFileURL.path
        if let walker = FileManager.default.enumerator(at: local, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) {
            while let url = walker.nextObject() as? URL {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let p = url.standardizedFileURL.path
                if p.hasPrefix(root + "/") { paths.insert(String(p.dropFirst(root.count + 1))) }
            }
        }
        return paths.sorted()
    }

    public func exists(folder: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: journal.appendingPathComponent(folder).path, isDirectory: &isDirectory), isDirectory.boolValue {
            return true
        }
        let prefix = folder + "/"
        return EmbeddedAssets.textFiles.keys.contains { $0.hasPrefix(prefix) }
            || EmbeddedAssets.binaryFiles.keys.contains { $0.hasPrefix(prefix) }
    }

    /// Where a message about this file should point.
    public func displayPath(of file: File, paths: DisplayPaths) -> String {
        switch file.origin {
        case .journal(let url): return paths.display(url)
        case .builtIn: return "(built-in) \(file.path)"
        }
    }
}
