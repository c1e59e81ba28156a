import Foundation
import Synchronization

/// The records of the site in place (its manifest, the files it lists and their folders, what
/// its spare holds), read on another thread while the site model is built on one core.
final class SiteInPlaceRecords: Sendable {
    struct Found: Sendable {
        var siteID: String
        var manifest: SiteManifest
        var files: Set<String>
        var folders: [Substring]
        /// The photo cache's file (SiteManifest.sourceKey) each photo size of the site was copied from.
        var copies: [String: Int]
        var spare: StagedOutput.RecordedSpare?
    }

    private let found = Mutex<Found?>(nil)
    private let done = DispatchGroup()

    init(journal: String, output: URL) {
        done.enter()
        DispatchQueue.global().async { [self] in
            defer { done.leave() }
            guard let id = StagedOutput.markerID(in: output.standardizedFileURL.path),
                  let manifest = SiteManifest.load(journal: journal, id: id) else { return }
            let files = Set(manifest.files)
            let copies = manifest.copiedFrom
            // Only for the spare that is there (its marker says which).
            let spareFolder = StagedOutput.spareFolder(of: output).path
            let spare = SpareRecord.load(journal: journal, site: id)
                .flatMap { $0.spareID == StagedOutput.markerID(in: spareFolder) ? $0.spare(files: files, copies: copies, siteID: id) : nil }
            let folders = Array(StagedOutput.folders(of: manifest.files))
            found.withLock { $0 = Found(siteID: id, manifest: manifest, files: files, folders: folders, copies: copies, spare: spare) }
        }
    }

    /// What was found, once it is read; nil when the output has no site of journalgen's with a
    /// manifest.
    var result: Found? {
        done.wait()
        return found.withLock { $0 }
    }
}
