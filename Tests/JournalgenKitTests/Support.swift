import Foundation
@testable import JournalgenKit

/// A journal in a temporary folder, written file by file by a test.
struct TemporaryJournal {
    let root: URL

    init(config: String = "title: Test journal\ntimezone: Europe/Berlin\nbase_url: https://example.org/j/\n") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("journalgen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("entries"), withIntermediateDirectories: true)
        try write("journal.yaml", config)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    var output: URL { root.appendingPathComponent("_site") }

    func build(today: String = "2026-11-22", configure: (inout BuildOptions) -> Void = { _ in }) -> BuildReport {
        var options = BuildOptions(journal: root)
        options.today = CalendarDay(iso: today)
        options.paths = DisplayPaths(workingDirectory: root.path)
        configure(&options)
        return BuildPipeline(options: options).run()
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// Every file below a folder, relative path -> bytes.
func snapshot(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let root = folder.standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
    while let item = walker.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let path = root + "/" + item
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            files[item] = FileManager.default.contents(atPath: path)
        }
    }
    return files
}

/// The package folder (for example-journal and the built binary).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func page(_ site: URL, _ path: String) throws -> MarkupDocument {
    let data = try Data(contentsOf: site.appendingPathComponent(path))
    guard let document = MarkupDocument(data: data) else { throw TestFailure("cannot parse \(path)") }
    return document
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
