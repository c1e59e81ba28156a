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

    /// Writes the file and gives it this modification time (seconds since 1970).
    func write(_ path: String, _ text: String, modified seconds: Int) throws {
        try write(path, text)
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        guard utimensat(AT_FDCWD, root.appendingPathComponent(path).path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
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

/// Every file below a folder, relative path -> bytes; the `.journalgen-site` marker, which names
/// each build, is left out.
func snapshot(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let root = folder.standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
    while let item = walker.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let path = root + "/" + item
        if item != StagedOutput.markerName, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
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

/// Real, tiny images (96 x 24: red left half, blue right half), as libvips wrote them.
enum TestImages {
    static let jpeg = Data(base64Encoded: "/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAYAGADAREAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDxSvzc/tUKACgAoAKACgDy+v8AR0/gcKACgAoAKACgD1Cv84j++AoAKACgAoAKAPL6/wBHT+BwoAKACgAoAKAPUK/ziP74CgAoAKACgAoA8vr/AEdP4HCgAoAKACgAoA//2Q==")!
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAGAAAAAYCAIAAACKi2/DAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASklEQVRYhe3QoQ0AMAwDwYyT/afoWOUlhTY46bmtm7NbVXr/bfIXAAECBKin9D4gQIAANQUIECBAgAABAgSopPQ+IECAADUF6NMFC9bYiOqNbt4AAAAASUVORK5CYII=")!

    /// The JPEG with an EXIF block: an orientation, GPS coordinates and a date, as a phone writes them.
    static func jpeg(orientation: UInt16, latitude: (UInt32, UInt32, UInt32, UInt32), longitude: (UInt32, UInt32, UInt32, UInt32), taken: String) -> Data {
        var tiff = Data("MM".utf8) + be16(42) + be32(8)
        // IFD0: Orientation, DateTime, GPS IFD pointer; then the GPS IFD; then the values.
        let gpsIFD: UInt32 = 8 + 2 + 3 * 12 + 4
        let latitudeAt = gpsIFD + 2 + 4 * 12 + 4, longitudeAt = latitudeAt + 24, dateAt = longitudeAt + 24
        tiff += be16(3)
        tiff += be16(0x0112) + be16(3) + be32(1) + be16(orientation) + be16(0)
        tiff += be16(0x0132) + be16(2) + be32(20) + be32(dateAt)
        tiff += be16(0x8825) + be16(4) + be32(1) + be32(gpsIFD)
        tiff += be32(0)
        tiff += be16(4)
        tiff += be16(1) + be16(2) + be32(2) + Data("N\0\0\0".utf8)
        tiff += be16(2) + be16(5) + be32(3) + be32(latitudeAt)
        tiff += be16(3) + be16(2) + be32(2) + Data("E\0\0\0".utf8)
        tiff += be16(4) + be16(5) + be32(3) + be32(longitudeAt)
        tiff += be32(0)
        for value in [latitude, longitude] {
            tiff += be32(value.0) + be32(1) + be32(value.1) + be32(1) + be32(value.2) + be32(value.3)
        }
        tiff += Data((taken + "\0").utf8)
        let payload = Data("Exif\0\0".utf8) + tiff
        let segment = Data([0xFF, 0xE1]) + be16(UInt16(payload.count + 2)) + payload
        return jpeg.prefix(2) + segment + jpeg.dropFirst(2)
    }

    private static func be16(_ v: UInt16) -> Data { Data([UInt8(v >> 8), UInt8(v & 0xFF)]) }
    private static func be32(_ v: UInt32) -> Data { Data([UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]) }
}

/// The passphrase of the tests' private entries.
enum TestPassphrase {
    static let value = "correct horse battery staple"
}

struct CommandResult {
    var status: Int32
    var out: String
    var err: String
}

/// Runs a program to its end; standard output and error as text.
func runCommand(_ executable: String, _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    // Test journals (each with a salt of its own) leave no keys in the user's keyring, where a
    // non-root user's quota is 200 (KeyAgent); a test may still ask for them.
    process.environment = ProcessInfo.processInfo.environment.merging(["JOURNALGEN_KEY_CACHE": "0"].merging(environment) { $1 }) { $1 }
    // No terminal: commands that would ask questions run on their flags alone.
    process.standardInput = FileHandle.nullDevice
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self))
}

/// A port for a test's server: below Linux's ephemeral range (32768 and up), where the local ends
/// of the tests' own connections are placed, so a pick is not taken by one of them (a serve test
/// failed once on "port 33458 is already in use").
func testPort() -> UInt16 { UInt16.random(in: 20000...32000) }
