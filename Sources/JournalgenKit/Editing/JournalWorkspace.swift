import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A journal opened by the writing commands (`new`, `mood`, `due`, `list`, …): found from a
/// folder inside it, its settings read, its entries loaded (drafts, private and future ones too:
/// these commands are the writer's own view), and single entries edited in place.
public struct JournalWorkspace: Sendable {
    public let root: URL
    public let config: JournalConfig
    public let paths: DisplayPaths

    /// The nearest folder at or above `start` that holds journal.yaml, as git finds its repository.
    public static func find(from start: URL) -> URL? {
        var folder = start.standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            folder.deleteLastPathComponent()
        }
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(JournalConfig.fileName).path) { return folder }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads journal.yaml; its problems are in `diagnostics`.
    public static func open(_ root: URL, paths: DisplayPaths = DisplayPaths(), diagnostics: DiagnosticsEngine) -> JournalWorkspace? {
        let display = paths.display(root.appendingPathComponent(JournalConfig.fileName))
        guard let config = JournalConfigReader.read(journal: root, displayPath: display, diagnostics: diagnostics) else { return nil }
        return JournalWorkspace(root: root.standardizedFileURL, config: config, paths: paths)
    }

    /// Every entry (drafts, private and future ones included) and the mood log.
    public func load(diagnostics: DiagnosticsEngine) -> LoadedJournal {
        JournalLoader(journal: root, paths: paths)
            .load(config: config, options: LoadOptions(includeDrafts: true, includeFuture: true), diagnostics: diagnostics)
    }

    /// One entry file, read with the journal's settings (for its date).
    public func entry(at path: String, diagnostics: DiagnosticsEngine) -> Entry? {
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        let display = paths.display(path: file)
        guard let data = FileIO.read(file) else {
            let reason = FileManager.default.fileExists(atPath: file) ? String(cString: strerror(errno)) : "there is no such file"
            diagnostics.error("cannot read this file: \(reason); expected an entry of the journal, such as entries/2026/2026-04-03-kyoto.md", at: SourceLocation(path: display))
            return nil
        }
        guard let text = TextDecoding.decode(data) else {
            diagnostics.error("cannot read this file as UTF-8 text; expected an entry of the journal", at: SourceLocation(path: display))
            return nil
        }
        let entriesFolder = root.path + "/entries/"
        let relative = file.hasPrefix(entriesFolder) ? String(file.dropFirst(entriesFolder.count)) : (file as NSString).lastPathComponent
        return EntryParser(config: config).parse(text: text, fileName: (file as NSString).lastPathComponent, filePath: file,
                                                 displayPath: display, relativePath: relative, diagnostics: diagnostics)
    }

    /// Applies `edits` to the front matter of the file at `path`, changing nothing else, and
    /// replaces the file in one step (a crash leaves the old file or the new one, never half).
    public func edit(_ path: String, _ edits: [FrontMatterEditor.Edit], diagnostics: DiagnosticsEngine) -> Bool {
        let display = paths.display(path: URL(fileURLWithPath: path).standardizedFileURL.path)
        guard let data = FileIO.read(path) else {
            diagnostics.error("cannot read this file", at: SourceLocation(path: display))
            return false
        }
        guard let text = String(data: data, encoding: .utf8) else {
            diagnostics.error("the file is not UTF-8 text; it was left as it was", at: SourceLocation(path: display))
            return false
        }
        switch FrontMatterEditor.apply(edits, to: text) {
        case .failure(let refusal):
            diagnostics.error(refusal.message + "; the file was left as it was", at: SourceLocation(path: display, line: refusal.line, column: 1))
            return false
        case .success(let edited):
            if edited == text { return true }
            guard replace(path, with: edited) else {
                diagnostics.error("cannot write the file", at: SourceLocation(path: display))
                return false
            }
            return true
        }
    }

    /// Writes `text` beside the file, with its mode, and renames it over the file: a crash
    /// leaves the old file or the new one, never half of one.
    func replace(_ path: String, with text: String) -> Bool {
        let temporary = path + ".journalgen-edit"
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        guard FileIO.write(Data(text.utf8), to: temporary), chmod(temporary, mode) == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
