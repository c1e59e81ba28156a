import CFileShim
import Foundation
import Testing
@testable import JournalgenKit

/// The files a first build reads are read ahead; a build that reads few of them, or whose
/// files are in memory already, does not pay for a walk over them.
@Suite struct ReadAheadTests {
    @Test func asksForTheDataOfTheFilesChosenLooksAtTheOthersAndSkipsHiddenOnes() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        for day in 1...10 { try journal.write("entries/2026/11/\(day)/entry.md", "---\ndate: 2026-11-\(day)\n---\nText.\n") }
        for day in 1...5 { try journal.write("entries/2026/11/\(day)/photo.jpg", Data([0xFF, 0xD8])) }
        try journal.write("entries/.git/objects/x.md", "hidden")
        try journal.write("entries/.draft.md", "hidden")
        // Fewer files than the sample: every one is walked, in memory or not.
        let walk = ReadAhead([ReadAhead.Folder(path: journal.root.path + "/entries") { $0.hasSuffix(".md") }])
        walk.waitUntilDone()
        #expect(walk.asked.load(ordering: .relaxed) == 10)
        #expect(walk.looked.load(ordering: .relaxed) == 5)
    }

    @Test func stopsAfterTheSampleWhenTheFilesAreInMemory() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        for n in 0..<100 { try journal.write("entries/e\(n).md", "Text \(n).\n") }
        // Just written, so in memory, as a kernel that tells says.
        let fd = open(journal.root.path + "/entries/e0.md", O_RDONLY)
        defer { close(fd) }
        try #require(jg_first_byte_in_memory(fd) == 1)
        let walk = ReadAhead([ReadAhead.Folder(path: journal.root.path + "/entries") { _ in true }])
        walk.waitUntilDone()
        #expect(walk.asked.load(ordering: .relaxed) == ReadAhead.sample)
    }

    @Test func onlyABuildFromNothingReadsAhead() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-11-20-first.md", "---\ndate: 2026-11-20\n---\nFirst.\n")
        func folders(_ configure: (inout BuildOptions) -> Void = { _ in }) -> [String]? {
            var options = BuildOptions(journal: journal.root)
            configure(&options)
            let walk = BuildPipeline(options: options).readAhead(journal: journal.root.path)
            walk?.stop()
            return walk?.folders
        }
        let cache = CacheFolder.path(journal: journal.root.path)
        #expect(folders() == [journal.root.path + "/entries", cache + "/images"])
        #expect(journal.build().succeeded)
        // The entry cache and the site in place hold what a walk would read.
        #expect(folders() == nil)
        #expect(folders { $0.useCache = false } == [journal.root.path + "/entries"])
        #expect(folders { $0.output = journal.root.appendingPathComponent("elsewhere") } == [cache + "/images"])
        #expect(folders { $0.writeOutput = false } == nil)
    }
}
