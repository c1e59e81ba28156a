import Foundation
import Synchronization

/// The records of the site in place (its manifest, the files it lists and their folders, what
/// its spare holds), read on another thread while the site model is built.
final class SiteInPlaceRecords: Sendable {
    /// What the records say. The sets a build aside needs (the site's 34,000 names, the spare's
    /// files and the photo cache file of each of its 22,000 photo sizes) are made when first
    /// asked for: a build that refreshes the site where it stands asks for none of them, and
    /// they were a tenth of its work.
    final class Found: Sendable {
        let siteID: String
        let manifest: SiteManifest
        let folders: [Substring]
        /// The spare's record, when it is the record of the spare beside the output (its marker says which).
        let spareRecord: SpareRecord?
        private let derived = Mutex<Derived?>(nil)
        /// The site's own folder, whose folders the check looks at.
        private let site: String
        /// The look at the site's folders, once begun.
        private let folderCheck = Mutex<SideWork<Bool>?>(nil)

        private struct Derived {
            var files: Set<String>
            var spare: StagedOutput.RecordedSpare?
        }

        init(siteID: String, manifest: SiteManifest, folders: [Substring], spareRecord: SpareRecord?, site: String) {
            self.siteID = siteID
            self.manifest = manifest
            self.folders = folders
            self.spareRecord = spareRecord
            self.site = site
        }

        /// Whether no folder of the site changed since its build (`StagedOutput.unchangedSinceBuilt`),
        /// as looked at when the look was begun. The look (17,700 folders at 10k entries) was the
        /// last thing a build after one edit did, on cores the rest had left idle; begun with the
        /// loading, it took the second core from the mood history, which the site model then
        /// waited for with its own core idle; begun once the site model was made, on both cores,
        /// the build's last step waited 7 ms for it. It is now made on one core as soon as the
        /// records are read (`lookAtFolders`), while the site model is built on the other
        /// (views a refresh may not need are made lazily, the mood history among them). A file
        /// dropped into the site between that look and the refresh goes unseen, as one dropped
        /// between a later look and the rename would: the window is the build's length, not the
        /// look's.
        var unchangedSinceBuilt: Bool { beginFolderCheck().value }

        /// Begins the look at the site's folders (`unchangedSinceBuilt`), once: offered to another
        /// thread, made by the one that asks for it first if none has begun it (SideWork).
        @discardableResult
        func beginFolderCheck() -> SideWork<Bool> {
            folderCheck(offered: true)
        }

        /// Makes the look at the site's folders on this thread, one folder after the other, unless
        /// it was begun: the records' own thread, which has nothing else to do.
        func lookAtFolders() {
            _ = folderCheck(offered: false).value
        }

        private func folderCheck(offered: Bool) -> SideWork<Bool> {
            folderCheck.withLock { check in
                if let check { return check }
                let site = self.site, folders = self.folders
                let begun = SideWork(offered: offered) { StagedOutput.unchangedSinceBuilt(site, folders: folders, onAllCores: offered) }
                check = begun
                return begun
            }
        }

        /// Every file of the site.
        var files: Set<String> { derive().files }
        /// What the spare holds, by its record.
        var spare: StagedOutput.RecordedSpare? { derive().spare }

        private func derive() -> Derived {
            derived.withLock { made in
                if let made { return made }
                let files = Set(manifest.files)
                let result = Derived(files: files, spare: spareRecord?.spare(files: files, copies: manifest.copiedFrom, siteID: siteID))
                made = result
                return result
            }
        }
    }

    private let found = Mutex<Found?>(nil)
    private let done = DispatchGroup()
    /// Whether the output holds a site of journalgen's (its marker, read at once: a small file),
    /// known before its records are read: a build that will refresh it makes views lazily.
    let hasSite: Bool

    init(journal: String, output: URL) {
        let site = output.standardizedFileURL.path
        let marker = StagedOutput.markerID(in: site)
        hasSite = marker != nil
        done.enter()
        DispatchQueue.global().async { [self] in
            guard let id = marker,
                  let manifest = SiteManifest.load(journal: journal, id: id) else { return done.leave() }
            // Only for the spare that is there (its marker says which).
            let spareFolder = StagedOutput.spareFolder(of: output).path
            let spare = SpareRecord.load(journal: journal, site: id).flatMap { $0.spareID == StagedOutput.markerID(in: spareFolder) ? $0 : nil }
            let folders = Array(StagedOutput.folders(of: manifest.files))
            let record = Found(siteID: id, manifest: manifest, folders: folders, spareRecord: spare, site: site)
            found.withLock { $0 = record }
            done.leave()
            record.lookAtFolders()
        }
    }

    /// What was found, once it is read; nil when the output has no site of journalgen's with a
    /// manifest.
    var result: Found? {
        done.wait()
        return found.withLock { $0 }
    }
}
