import Foundation

/// What the hidden spare beside an output folder holds, written by the build that made the site
/// in place once it has pruned the previous site into the spare: every file of the site in place
/// but those that build wrote anew (a spare keeps only the files it shares with the site, inode for
/// inode). The next build, which reuses the spare as its folder, then knows what is in it without
/// an `access` for each of 12,000 pages and a `stat` for each of 22,000 photo sizes and their cache
/// files (at 10k entries). Kept as `.journalgen-cache/sites/<site id>.spare`, beside the site's
/// manifest, and removed with it. serve knows its folders itself and writes none.
struct SpareRecord: Equatable {
    /// The spare's id (its marker's): the record holds for that folder only.
    var spareID: String
    /// The files of the site in place that its build wrote anew: the spare lacks them.
    var madeAnew: [String]

    static let magic = Array("journalgen spare record 1\n".utf8)

    static func path(journal: String, site: String) -> String { SiteManifest.folder(journal: journal) + "/" + site + ".spare" }

    static func load(journal: String, site: String) -> SpareRecord? {
        guard SiteManifest.isID(site),
              let source = CompactSource(mapping: path(journal: journal, site: site), position: magic.count),
              source.bytes.starts(with: magic),
              let spareID = try? source.string(), let madeAnew = try? source.strings(), source.position == source.bytes.count
        else { return nil }
        return SpareRecord(spareID: spareID, madeAnew: madeAnew)
    }

    func save(journal: String, site: String) {
        let sink = CompactSink(capacity: 64 + madeAnew.reduce(0) { $0 + $1.utf8.count + 2 })
        sink.append(Self.magic)
        sink.string(spareID)
        sink.list(madeAnew)
        _ = FileIO.replace(Self.path(journal: journal, site: site), withParts: [sink])
    }

    /// The spare's files, given the files of the site in place and the cache file each photo
    /// size among them was copied from (SiteManifest.copiedFrom).
    func spare(files siteFiles: Set<String>, copies siteCopies: [String: Int], siteID: String) -> StagedOutput.RecordedSpare {
        // The site's 34,000 names (and 22,000 sizes) are copied only when this changes them:
        // after an edit, the spare lacks a dozen pages, and those are asked about.
        let anew = Set(madeAnew)
        var files = siteFiles
        if anew.contains(where: { files.contains($0) }) { files.subtract(anew) }
        if !files.contains(StagedOutput.markerName) { files.insert(StagedOutput.markerName) }
        var copiedFrom = siteCopies
        if anew.contains(where: { copiedFrom[$0] != nil }) { copiedFrom = copiedFrom.filter { !anew.contains($0.key) } }
        return StagedOutput.RecordedSpare(siteID: siteID, spareID: spareID, files: files, copiedFrom: copiedFrom)
    }
}
