import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A build whose site is the site in place but for at most one file: that file is replaced where
/// it stands (a rename, which readers see as one change), and nothing else is touched.
///
/// A build normally writes its site beside the output and exchanges the two folders, then prunes
/// the previous site into the spare: after one edit of a 10k journal that was a third of the
/// build's time (keeping 22,600 copies in the spare, looking at its 17,700 folders, removing
/// what changed, recording it all), to publish one page. When the new site has exactly the files
/// the site in place holds, each copy made from the same source, and all pages but one as they
/// are, replacing that one file gives the very same site, and the output path holds a whole
/// site at every instant as the exchange would: one rename is atomic. Two or more changed
/// files take the exchange, which swaps them all at once.
///
/// Only where the journal's records of the site in place hold (its manifest, with the folder
/// unchanged since its build: a file dropped in by hand takes the exchange, which removes it),
/// never under `serve` (which keeps its folders in memory).
struct InPlaceRefresh {
    let target: String
    let record: SiteInPlaceRecords.Found
    let journal: String
    /// The copies other than photo sizes: journal and theme files, generated ones.
    private let copies: [StaticFiles.Copy]
    /// The site's files and their photo cache files (SiteManifest.copySources, 0 for none), as
    /// its record lists them.
    var files: [String] { record.manifest.files }
    let sources: [Int]

    /// Nil when the site in place's record does not list exactly `pages`, `before`, `photos`
    /// files and `after`, in this order, each copy of `before` and `after` from the same photo
    /// cache file (its record lists what `BuildPipeline.plannedFiles` gave its build: pages,
    /// copies, the marker). The `photos` files, the photo stage's, are compared by the caller
    /// (`ImageProcessor.listed`). Compared in order, name by name, not as sets: hashing the
    /// site's 34,000 names took longer than the copies and the pruning this saves.
    init?(target: URL, record: SiteInPlaceRecords.Found, journal: String, pages: [String], before: [StaticFiles.Copy], photos: Int, after: [StaticFiles.Copy]) {
        let files = record.manifest.files
        // None listed when no file is a photo size.
        let sources = record.manifest.copySources.isEmpty ? Array(repeating: 0, count: files.count) : record.manifest.copySources
        guard files.count == pages.count + before.count + photos + after.count + 1, files.last == StagedOutput.markerName,
              sources.count == files.count else { return nil }
        for index in pages.indices where files[index] != pages[index] || sources[index] != 0 { return nil }
        for (start, copies) in [(pages.count, before), (pages.count + before.count + photos, after)] {
            for index in copies.indices where files[start + index] != copies[index].sitePath || sources[start + index] != copies[index].sourceKey { return nil }
        }
        copies = before + after
        self.sources = sources
        self.target = target.standardizedFileURL.path
        self.record = record
        self.journal = journal
    }

    /// True when the site holds each copy of a journal or theme file and each generated file as
    /// this build would make it (photo sizes are named by their content: the record vouches for them).
    func holdsCurrentCopies() -> Bool {
        let stale = Atomic<Bool>(false)
        let run = 512
        parallelForEach(count: (copies.count + run - 1) / run) { part in
            for index in part * run..<min(copies.count, (part + 1) * run) {
                if stale.load(ordering: .relaxed) { return }
                let file = target + "/" + copies[index].sitePath
                let current: Bool
                switch copies[index].source {
                case .cached: current = true
                // A kept private file's source is the site's own file (SealedPartStore).
                case .file(let source): current = source == file || FileIO.sameSizeAndTime(source, file)
                case .data(let data): current = FileIO.contentsEqual(file, data)
                }
                if !current { stale.store(true, ordering: .relaxed) }
            }
        }
        return !stale.load(ordering: .relaxed)
    }

    /// True when the site holds exactly these bytes at `path`.
    func holds(_ bytes: UnsafeRawBufferPointer, at path: String) -> Bool {
        FileIO.contentsEqual(target + "/" + path, bytes)
    }

    /// Puts `bytes` at `path` of the site in place (nil: nothing changes), once nothing but this
    /// site's build wrote in the folder since. False, with the site as it was, when that is not
    /// so or the file cannot be written: the caller then builds aside and exchanges.
    func apply(_ change: (path: String, bytes: UnsafeRawBufferPointer)?) -> Bool {
        let url = URL(fileURLWithPath: target)
        let parent = url.deletingLastPathComponent().path, name = url.lastPathComponent
        guard record.unchangedSinceBuilt else { return false }
        StagedOutput.removeLeftovers(in: parent, name: name)
        guard let change else { return true }
        // Written beside the site, where killed builds' leftovers are looked for, then renamed in.
        let temporary = parent + "/.\(name).journalgen-new-\(getpid())"
        let file = target + "/" + change.path
        guard FileIO.write(change.bytes, to: temporary) else {
            unlink(temporary)
            return false
        }
        // The spare loses its copy first (its record says so, and it is gone from its folder):
        // it shares the site's file, and the next build must not keep it as the site's.
        if var spare = SpareRecord.load(journal: journal, site: record.siteID) {
            if !spare.madeAnew.contains(change.path) {
                spare.madeAnew.append(change.path)
                spare.save(journal: journal, site: record.siteID)
            }
        }
        unlink(StagedOutput.spareFolder(of: url).path + "/" + change.path)
        guard rename(temporary, file) == 0 else {
            unlink(temporary)
            return false
        }
        // The folder written in is older than the marker (StagedOutput.unchangedSinceBuilt).
        StagedOutput.markBuilt(target)
        return true
    }
}
