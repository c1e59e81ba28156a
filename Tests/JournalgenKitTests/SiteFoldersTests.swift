import Testing
@testable import JournalgenKit

/// `StagedOutput.folders(of:)` skips a file whose folder is the file before's: it must still name
/// every folder of every file, as a walk over each file's every slash does, whatever the order.
struct SiteFoldersTests {
    /// Every prefix of every file that ends before a slash.
    static func plainFolders(_ files: [String]) -> Set<String> {
        var folders = Set<String>()
        for file in files {
            let bytes = Array(file.utf8)
            for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
                folders.insert(String(decoding: bytes[..<index], as: UTF8.self))
            }
        }
        return folders
    }

    @Test func everyFolderOfEveryFileInAnyOrder() {
        // A fixed sequence (tests never depend on chance): a linear congruential generator.
        var state: UInt64 = 36
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let parts = ["a", "b", "ab", "a.b", "é", "x y", "2026", "index.html", ""]
        for round in 0..<200 {
            var files: [String] = []
            for _ in 0..<next(30) {
                let depth = next(5)
                var path = (0...depth).map { _ in parts[next(parts.count)] }.joined(separator: "/")
                if next(10) == 0 { path = "/" + path }
                files.append(path)
                // Often a second file in the same folder, or one with a folder that starts alike.
                if next(2) == 0 { files.append(path + "-photo.webp") }
                if next(3) == 0, let slash = path.lastIndex(of: "/") { files.append(path[..<slash] + "b/x") }
            }
            if round % 3 == 0 { files.sort() }
            let found = Set(StagedOutput.folders(of: files).map(String.init))
            #expect(found == Self.plainFolders(files), "\(files)")
        }
    }
}
