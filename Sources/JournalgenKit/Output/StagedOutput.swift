import CFileShim
import Foundation
import Synchronization

/// Writes a site into a hidden folder beside the output and swaps it in only when the whole
/// build succeeded, so a failed build leaves the previous site exactly as it was.
///
/// After each swap, the files of the previous site that the new one shares byte for byte (the
/// same inodes) stay beside it as a hidden spare (`.NAME.journalgen-spare`); everything else of
/// the previous site is deleted, so no page it showed and the new site does not (an entry made
/// private since) is left in clear next to the output. The spare becomes the next build's staging
/// folder: pages that did not change are not rewritten (they keep their timestamps, so
/// rsync-style deploys upload only what changed) and no file system churn of deleting and
/// recreating tens of thousands of files slows the next build down. Without a spare (the first
/// build after a clean one, after a failed one), the site in place is cloned with hard links
/// instead. Either way a file is never written in place: a changed one is unlinked and made anew,
/// so a linked file of the site in place stays as it was.
public final class StagedOutput: Sendable {
    public let target: URL
    public let staging: URL
    public let spare: URL
    /// The two folders' paths, made once: URL.path decodes the URL again on every call, and
    /// every file of the site is named from them.
    private let targetPath: String
    private let stagingPath: String
    /// The staging folder held open: the site's files are named from it, not walked to from `/`.
    private let stagingFolder: OpenFolder
    /// Every file this build wrote or kept, and how many of each kind: one lock for all, taken
    /// once per file (a save keeps 34,000 files).
    private let tally = Mutex(Tally())
    private struct Tally {
        var written = Set<String>()
        /// Left as they were, rewritten.
        var unchanged = 0, rewritten = 0
        /// Distinct files of `written` that `knownContents` holds: when it is all of them, no
        /// file of the reused folder is stale, and the commit need not compare 34,000 names.
        var known = 0
    }
    /// Files this build made anew in a reused folder: their earlier bytes are no longer the site's
    /// (and the spare it leaves lacks them). A new folder leaves no spare: not kept there.
    private let changed = Mutex<[String]>([])
    /// The staging folder is an earlier site: compare before writing. A new one is empty.
    private let reused: Bool
    /// The id in the reused folder's marker (its SiteManifest's name), if it had one.
    public let previousID: String?
    /// The id of the site this build's folder replaces for good (the spare's): its manifest can
    /// go. Nil for a clone, whose original stays as the spare.
    public let consumedID: String?
    /// This build's id, written in the marker: names the manifest of what the folder now holds.
    public let id = UUID().uuidString.lowercased()
    /// The id of the site in place when this build began (the next spare), if it had one.
    public let targetID: String?
    /// Exactly the files of the staging folder, when known: a clone's (files journalgen did not
    /// write included, so the build removes them: it replaces the folder), what serve knows
    /// (nothing else writes in its output), or what the spare's record says (SpareRecord). Pages and copies are then kept without a system
    /// call each.
    private let knownContents: Set<String>?
    /// Exactly the files of the site in place, when known: the spare is then pruned from that
    /// list instead of walking it, and what it keeps is known in turn (`spareFiles`).
    private let targetFiles: Set<String>?
    /// The photo cache's file (SiteManifest.sourceKey) each photo size of the reused folder was
    /// copied from, when the journal's records say (`RecordedSpare`).
    private let copiedFrom: [String: Int]
    /// Set once the previous site is pruned into the spare (by a build that waits for it).
    private let prunedIntoSpare = Atomic<Bool>(false)

    /// What the journal's records say of the spare beside the site in place (see SpareRecord).
    public struct RecordedSpare: Sendable {
        /// The site in place and the spare the records are of.
        var siteID: String
        var spareID: String
        var files: Set<String>
        var copiedFrom: [String: Int]
    }

    /// What serve knows of the folders it builds into, from its last successful build.
    public struct Known: Sendable {
        /// The site in place: its id and every file in it.
        public var siteID: String
        public var siteFiles: Set<String>
        /// The spare beside it, once pruned.
        public var spareID: String?
        public var spareFiles: SpareList?
    }

    /// The hidden folder beside `target` that keeps what the previous site shares with it.
    static func spareFolder(of target: URL) -> URL {
        let target = target.standardizedFileURL
        return target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).journalgen-spare")
    }

    /// Marks a folder as journalgen's, so a build never replaces a folder it did not make.
    public static let markerName = ".journalgen-site"
    static let markerText = "This folder is written by `journalgen build` and replaced by each build.\n"

    /// The id a marker names ("build: <id>" on its second line).
    static func markerID(in folder: String) -> String? {
        guard let data = FileIO.read(folder + "/" + markerName), let text = String(data: data, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("build: ") }.map { String($0.dropFirst(7)) }
    }

    public enum Failure: Error, CustomStringConvertible, LocalizedError {
        /// The output path holds something journalgen cannot prove it wrote: the path, and why.
        case notASite(String, String)
        case io(String)

        public var description: String {
            switch self {
            case .notASite(let path, let why): return "refusing to replace \(path): \(why); expected an empty folder, a new one, or an earlier output of journalgen"
            case .io(let message): return message
            }
        }

        public var errorDescription: String? { description }
    }

    /// The system's reason for the last failed call.
    static var reason: String { String(cString: strerror(errno)) }

    /// What is at the output path must be something journalgen may replace: nothing, an empty
    /// folder, or a folder holding its marker. Anything else (a file, a link, a folder it cannot
    /// read or did not write) is an error, and nothing is moved.
    static func checkTarget(_ path: String) throws(Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .io("cannot look at \(path): \(reason)")
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw .notASite(path, "it is a symbolic link, and journalgen replaces the output folder itself; give the folder's own path with --output")
        default: throw .notASite(path, "it is a file, not a folder")
        }
        guard let names = FileIO.folderItems(path)?.map(\.name) else {
            throw .notASite(path, "it cannot be read (\(reason)), so journalgen cannot tell whether it wrote it")
        }
        guard !names.isEmpty else { return }
        guard names.contains(markerName), let marker = FileIO.read(path + "/" + markerName), marker.starts(with: Data(markerText.utf8)) else {
            throw .notASite(path, "it holds files and was not written by journalgen (no \(markerName) inside)")
        }
        guard access(path, W_OK) == 0 else {
            throw .io("cannot replace \(path): \(reason)")
        }
    }

    /// Files in an earlier output that its build did not write (a note dropped into the web
    /// root, a copy made by hand): they are published with the site, and the next build removes
    /// them. Nil when the folder is not journalgen's or its record is gone.
    static func foreignFiles(in target: String, journal: String) -> [String]? {
        guard let id = markerID(in: target), let manifest = SiteManifest.load(journal: journal, id: id) else { return nil }
        let site = Set(manifest.files)
        return FileIO.listFiles(below: target) { _ in true }.filter { !site.contains($0) }.sorted()
    }

    /// Staging folders of builds that were killed (their process is gone) are removed, and
    /// previous sites they were pruning.
    static func removeLeftovers(in parent: String, name: String) {
        for item in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] {
            guard let prefix = [".\(name).journalgen-new-", ".\(name).journalgen-old-"].first(where: item.hasPrefix),
                  let pid = Int32(item.dropFirst(prefix.count)), pid != getpid() else { continue }
            // Alive (or not ours to signal): another build at work.
            if kill(pid, 0) == 0 || errno == EPERM { continue }
            try? FileManager.default.removeItem(atPath: parent + "/" + item)
        }
    }

    /// `known`: what the caller knows of the folders; `recorded`: what the journal's records say
    /// of the spare. Each taken at its word only where the ids in the folders' markers match.
    public init(target: URL, known: Known? = nil, recorded: RecordedSpare? = nil) throws(Failure) {
        self.target = target.standardizedFileURL
        let parent = self.target.deletingLastPathComponent()
        let name = self.target.lastPathComponent
        staging = parent.appendingPathComponent(".\(name).journalgen-new-\(getpid())")
        spare = Self.spareFolder(of: self.target)
        targetPath = self.target.path
        stagingPath = staging.path
        let fm = FileManager.default
        try Self.checkTarget(self.target.path)
        // serve's previous save may still be pruning the spare: it is ready once that is done.
        let sparePath = spare.path
        Self.pruning.withLock { $0.removeValue(forKey: sparePath) }?.wait()
        Self.removeLeftovers(in: parent.path, name: name)
        try? fm.removeItem(at: staging)
        let targetID = Self.markerID(in: self.target.path)
        self.targetID = targetID
        targetFiles = targetID != nil && known?.siteID == targetID ? known?.siteFiles : nil
        var copiedFrom: [String: Int] = [:]
        if FileIO.isRegularFile(spare.appendingPathComponent(Self.markerName).path),
           rename(spare.path, staging.path) == 0 {
            // Reused: files are compared before they are written, stale ones removed at the end.
            reused = true
            previousID = Self.markerID(in: staging.path)
            consumedID = previousID
            if previousID != nil && known?.spareID == previousID {
                knownContents = known?.spareFiles?.files
            } else if let recorded, recorded.spareID == previousID, recorded.siteID == targetID {
                knownContents = recorded.files
                copiedFrom = recorded.copiedFrom
            } else {
                knownContents = nil
            }
        } else if let id = targetID, let files = Self.cloneWithLinks(self.target.path, to: staging.path) {
            reused = true
            previousID = id
            consumedID = nil
            // With the marker written below (the listing leaves hidden files out).
            knownContents = Set(files).union([Self.markerName])
        } else if FileIO.makeDirectories(staging.path) {
            reused = false
            previousID = nil
            consumedID = nil
            knownContents = []
        } else {
            throw .io("cannot create \(staging.path): \(Self.reason)")
        }
        self.copiedFrom = copiedFrom
        stagingFolder = OpenFolder(stagingPath)
        // Room for the site's files at once: grown insert by insert, under the lock both cores
        // take, it was a twentieth of a `serve` rebuild's work.
        if let count = knownContents?.count ?? targetFiles?.count, count > 0 {
            tally.withLock { $0.written.reserveCapacity(count + count / 8) }
        }
        do {
            try write(Data((Self.markerText + "build: \(id)\n").utf8), to: Self.markerName)
        } catch {
            throw .io("cannot write in \(staging.path): \(error)")
        }
    }

    /// serve, a save that makes exactly the files of the site in place (the same pages, documents
    /// and copies, by path): when the reused folder is that site's twin, holding exactly its
    /// files (`knownContents` is the site's own list, as the last save's pruning left it), each
    /// of them is counted as this build's at once. The caller then writes only what changed and
    /// asks nothing of the others: at 50,000 entries a save marked 100,000 files kept one by one,
    /// each hashed into a set, the largest work left in it. False, nothing changed, when the
    /// folder is not the twin.
    func keepWholeTwin() -> Bool {
        guard reused, let knownContents, knownContents == targetFiles else { return false }
        tally.withLock { tally in
            // Only the marker is written by now (one of the site's files too).
            tally.written = knownContents
            tally.known = knownContents.count
            tally.unchanged = knownContents.count - tally.rewritten
        }
        wholeTwin.store(true, ordering: .relaxed)
        return true
    }
    private let wholeTwin = Atomic<Bool>(false)

    /// Pages left as they were because their bytes did not change.
    public var unchangedCount: Int { tally.withLock { $0.unchanged } }
    /// Files written because they were new or different.
    public var rewrittenCount: Int { tally.withLock { $0.rewritten } }
    /// The files it made anew in a reused folder, by path.
    var madeAnew: [String] { changed.withLock { $0 } }
    /// True once the previous site is the spare beside the new one, holding the files the new
    /// site kept (not `madeAnew`): what a SpareRecord says.
    var spareIsPruned: Bool { prunedIntoSpare.load(ordering: .relaxed) }

    /// True when the folder holds `path` as a copy of the photo cache's file whose
    /// SiteManifest.sourceKey is `sourceKey` (named by its content: the same bytes), by the
    /// journal's records; nothing is looked at.
    func holdsCopy(_ path: String, of sourceKey: Int) -> Bool {
        // `copiedFrom` names only files of `knownContents` (the spare's record lists both):
        // asking the set as well was a second look-up for each of 22,000 photo sizes.
        copiedFrom[path] == sourceKey
    }

    /// `path` is relative to the site root; folders are made as needed. A file that already
    /// holds exactly these bytes is left alone.
    public func write(_ data: Data, to path: String) throws {
        try data.withUnsafeBytes { try write(bytes: $0, to: path) }
    }

    /// A page as rendered, written from its own bytes: copying each into Data first was 190 MB
    /// of copies in a first build at 10,000 entries.
    public func write(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBytes { try write(bytes: $0, to: path) }
    }

    private func write(bytes: UnsafeRawBufferPointer, to path: String) throws {
        try place(path, isCurrent: { FileIO.contentsEqual($0, bytes) }, make: { FileIO.write(bytes, to: $0, in: stagingFolder) })
    }

    /// Copies a media or theme file; one with the same size and modification time is kept.
    /// `link`: a hard link where the file system allows (same device), else a copy.
    /// `sourceUnchanged`: the caller knows the source is the one this path was copied from when
    /// the staged file was made, unchanged since; a staged file is then kept without a look.
    /// `sourceStamp`: the source's size and time, when the caller has just looked.
    /// `sourceFolder`: a folder held open that the source may be below (the photo cache's).
    func copy(_ source: String, to path: String, link: Bool = false, sourceUnchanged: Bool = false, sourceStamp: FileIO.Stamp? = nil,
              sourceFolder: OpenFolder? = nil) throws {
        if sourceUnchanged, reused, knownContents?.contains(path) == true { return markKept(path, known: true) }
        try place(path, isCurrent: { file in sourceStamp.map { FileIO.sizeAndTime(file) == $0 } ?? FileIO.sameSizeAndTime(source, file) }, make: { target in
            if link && !linksFail.load(ordering: .relaxed) {
                if (sourceFolder ?? stagingFolder).link(source, to: target, in: stagingFolder) { return true }
                // Another file system (the photo cache on disk, the site on tmpfs), or one
                // without hard links: no later link will work either, and each try cost two
                // path lookups (a tenth of a build's system time with 22,000 photo sizes).
                if errno == EXDEV || errno == EPERM { linksFail.store(true, ordering: .relaxed) }
            }
            return FileIO.copy(from: source, to: target, sourceFolder: sourceFolder, destinationFolder: stagingFolder)
        })
    }

    private let linksFail = Atomic<Bool>(false)

    /// `copy(_:to:sourceUnchanged: true)` for many files at once: those the reused folder is
    /// known to hold are counted as kept under one lock for all (57,000 copies of a save at
    /// 50,000 entries took the lock one by one on both cores). Returns the positions of the
    /// others, for `copy` to make one by one.
    func keepUnchangedCopies(_ paths: [String]) -> [Int] {
        guard reused, let knownContents else { return Array(paths.indices) }
        var kept: [String] = [], others: [Int] = []
        kept.reserveCapacity(paths.count)
        for index in paths.indices {
            if knownContents.contains(paths[index]) { kept.append(paths[index]) } else { others.append(index) }
        }
        markKept(kept, known: true)
        return others
    }

    /// Keeps a page of the site in place, known to be current without rendering it (its inputs
    /// are those the site in place was built from); false when the file is not there after all
    /// (the page must then be written). The spare holds it as the site in place does (the same
    /// file: only those stay in a spare), or lost it when the build before last rewrote it: it is
    /// then linked from the site in place, so a build after one that changed every page renders
    /// only what changed since, not every page again.
    public func keep(_ path: String) -> Bool {
        guard reused else { return false }
        let file = stagingPath + "/" + path
        if knownContents?.contains(path) ?? (access(file, F_OK) == 0) {
            markKept(path, known: knownContents != nil)
            return true
        }
        let live = targetPath + "/" + path
        guard targetFiles?.contains(path) ?? (access(live, F_OK) == 0), Self.withFolders(file, { link(live, $0) == 0 }) else { return false }
        markKept(path, known: false)
        return true
    }

    /// Counts a file of the reused folder as this build's, as it was. `known`: `knownContents`
    /// holds it (the caller just looked).
    private func markKept(_ path: String, known: Bool) { markKept(CollectionOfOne(path), known: known) }

    /// `markKept` for many files, under one lock.
    private func markKept(_ paths: some Collection<String>, known: Bool) {
        tally.withLock { tally in
            for path in paths where tally.written.insert(path).inserted && known { tally.known += 1 }
            tally.unchanged += paths.count
        }
    }

    /// Makes every folder the given files need, once, before files are written on all cores
    /// (instead of each write failing, making its folders and trying again).
    public func prepareFolders(for paths: @autoclosure () -> [String]) {
        // A reused folder has nearly all of them (12,000 at 10k entries, a mkdir each): the few
        // new ones are made when a file first fails to be written there.
        guard !reused else { return }
        Self.makeFolders(for: paths(), in: stagingFolder)
    }

    static func makeFolders(for paths: [String], in root: OpenFolder) {
        // Parents before children.
        forEachFolder(of: paths, deepestFirst: false) { _ = root.makeFolder(relative: $0) }
    }

    /// Every folder that holds one of `files` (relative paths; the root not included), as parts of
    /// their names: 34,000 files of a site share 12,000 folders. Byte-wise: NSString's path
    /// functions cost more than the system calls made for 100,000 paths.
    static func folders<C: Collection>(of files: C) -> Set<Substring> where C.Element == String {
        var folders = Set<Substring>()
        folders.reserveCapacity(files.count / 2)
        // The file before and the length of its folder's name: a site lists a folder's files one
        // after the other (a page, then its photos), and a file in the same folder adds nothing,
        // so its folder is not hashed (a third of the 52,000 insertions after one edit at 10k).
        var last: (file: String, folder: Int)?
        for file in files {
            // The slashes found in the path's bytes in place, deepest first (the UTF-8 view's
            // generic search was most of this function's 36 M instructions after one edit).
            file.withUTF8Bytes { bytes in
                var slash = bytes.count
                repeat { slash -= 1 } while slash >= 0 && bytes[slash] != 0x2F
                guard slash >= 0 else { return }
                if let (before, length) = last, length == slash {
                    if before.withUTF8Bytes({ memcmp($0.baseAddress!, bytes.baseAddress!, slash) == 0 }) { return }
                }
                last = (file, slash)
                var at = slash + 1
                while at > 0 {
                    at -= 1
                    guard bytes[at] == 0x2F else { continue }
                    if !folders.insert(file[..<file.utf8.index(file.startIndex, offsetBy: at)]).inserted { break }
                }
            }
        }
        return folders
    }

    /// `body` for each folder of `files`, one depth at a time (parents first, or children
    /// first), each depth on all cores.
    static func forEachFolder<C: Collection>(of files: C, deepestFirst: Bool, _ body: @Sendable (Substring) -> Void) where C.Element == String {
        let byDepth = Dictionary(grouping: folders(of: files)) { $0.utf8.reduce(0) { $1 == 0x2F ? $0 + 1 : $0 } }
        for depth in byDepth.keys.sorted(by: deepestFirst ? (>) : (<)) {
            let level = byDepth[depth]!
            parallelForEach(count: level.count) { body(level[$0]) }
        }
    }

    private func place(_ path: String, isCurrent: (String) -> Bool, make: (String) -> Bool) throws {
        // A whole twin's files are all counted already, as unchanged (`keepWholeTwin`).
        let twin = wholeTwin.load(ordering: .relaxed)
        let known = knownContents?.contains(path) == true
        if !twin || !known {
            tally.withLock { if $0.written.insert(path).inserted && known { $0.known += 1 } }
        }
        let file = stagingPath + "/" + path
        if reused && isCurrent(file) {
            if !twin { tally.withLock { $0.unchanged += 1 } }
            return
        }
        if reused && access(file, F_OK) != 0 {
            // Not in the spare (it changed in the last build), but the site in place has it as
            // it is now: link that one, so the file stays shared with the previous site and is
            // not taken out of the next spare (and made again next time, and the time after).
            let live = targetPath + "/" + path
            if isCurrent(live), Self.withFolders(file, { link(live, $0) == 0 }) {
                if !twin { tally.withLock { $0.unchanged += 1 } }
                return
            }
        }
        // The file may be a hard link into the site in place (a clone): never write through it.
        if reused { unlink(file) }
        guard Self.withFolders(file, make) else {
            throw Failure.io("cannot write \(target.path)/\(path): \(Self.reason)")
        }
        tally.withLock { tally in
            tally.rewritten += 1
            if twin && known { tally.unchanged -= 1 }
        }
        if reused { changed.withLock { $0.append(path) } }
    }

    /// `make(file)`, tried again once its folders are made (they usually are already).
    private static func withFolders(_ file: String, _ make: (String) -> Bool) -> Bool {
        make(file) || (FileIO.makeDirectories((file as NSString).deletingLastPathComponent) && make(file))
    }

    /// A copy of `source` made of hard links (folders made, files linked, on all cores), and
    /// the files linked; nil, with nothing left behind, where the file system cannot link.
    static func cloneWithLinks(_ source: String, to destination: String) -> [String]? {
        try? FileManager.default.removeItem(atPath: destination)
        let files = FileIO.listFiles(below: source) { _ in true }
        guard mkdir(destination, 0o755) == 0 else { return nil }
        makeFolders(for: files, in: OpenFolder(destination))
        let failed = Mutex(false)
        parallelForEach(count: files.count) { index in
            if link(source + "/" + files[index], destination + "/" + files[index]) != 0 { failed.withLock { $0 = true } }
        }
        if failed.withLock({ $0 }) {
            try? FileManager.default.removeItem(atPath: destination)
            return nil
        }
        return files
    }

    /// Every file this build wrote or kept.
    public var writtenPaths: Set<String> { tally.withLock { $0.written } }

    /// Removes what an earlier build wrote and this one did not, then puts the new site in
    /// place: old -> spare, new -> target, in one exchange of the two paths where the system
    /// allows (Linux), so the output path holds a whole site at every instant. `siteInPlaceFiles`:
    /// the files of the site in place as its record lists them, when it does; the reused folder
    /// holds no others, so its stale ones are removed without walking it, and the site in place
    /// is pruned by the list too when no folder of it changed since its build (nothing else
    /// wrote in it); `siteInPlaceFolders`: the folders of those files (`folders(of:)`), when the
    /// caller has them. `alongside` runs once
    /// the new site is in place, on this thread, while the previous one is pruned on another.
    /// `waitForPruning`: false under `serve`, which serves the new site at once and lets the
    /// next build into this folder wait for the pruning instead (its spare is in journalgen's
    /// cache, not beside a published site).
    /// `siteInPlaceUnchanged`: whether the site in place (the one `siteInPlaceFolders` are of)
    /// was found unchanged since its build (`unchangedSinceBuilt`), when a look was made earlier.
    public func commit(siteInPlaceFiles: @autoclosure () -> Set<String>? = nil, siteInPlaceFolders: [Substring]? = nil,
                       siteInPlaceUnchanged: (@Sendable () -> Bool)? = nil,
                       waitForPruning: Bool = true, alongside: () -> Void = {}) throws(Failure) {
        lazy var listed = siteInPlaceFiles()
        if reused {
            let (keep, known) = tally.withLock { ($0.written, $0.known) }
            if let knownContents, known == knownContents.count {
                // Every file the folder held is this build's: none is stale.
            } else if let previousFiles = knownContents ?? listed {
                Self.remove(previousFiles.subtracting(keep), in: staging.path)
            } else {
                FileIO.removeFiles(below: staging.path) { !keep.contains($0) }
            }
        }
        // The site is written: its marker's time says so. A folder of it that is newer was
        // written in by someone else (see `unchangedSinceBuilt`), and so is one of the same
        // clock tick: the marker waits for the next one, or the next build would take this
        // site for one written in since.
        Self.markBuilt(stagingPath)
        let pruneList = targetFiles == nil && reused ? listed : nil
        let fm = FileManager.default
        try? fm.removeItem(at: spare)
        let hadTarget = fm.fileExists(atPath: target.path)
        if hadTarget {
            if jg_exchange_paths(staging.path, target.path) == 0 {
                // The staging path now holds the previous site: what of it is still the site's
                // becomes the spare.
                keepAsSpare(staging.path, listed: pruneList, folders: siteInPlaceFolders, unchanged: siteInPlaceUnchanged, wait: waitForPruning, alongside: alongside)
                return
            }
            guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else {
                throw .io("cannot put the new site in place at \(target.path): \(Self.reason)")
            }
            // A file system that cannot exchange: two renames, with a moment between them. The
            // previous site becomes the spare once pruned (a build killed before that leaves a
            // leftover, never a spare holding pages the site in place does not).
            if rename(target.path, previousAside) != 0 {
                throw .io("cannot move the previous site aside (\(target.path)): \(Self.reason)")
            }
        }
        if rename(staging.path, target.path) != 0 {
            let reason = Self.reason
            if hadTarget { _ = rename(previousAside, target.path) }
            throw .io("cannot put the new site in place at \(target.path): \(reason)")
        }
        if hadTarget {
            keepAsSpare(previousAside, listed: pruneList, folders: siteInPlaceFolders, unchanged: siteInPlaceUnchanged, wait: waitForPruning, alongside: alongside)
        } else {
            alongside()
            if !waitForPruning {
                let id = startTwinClone()
                onPruningThread(wait: false) { [self] in cloneAsTwin(id: id) }
            }
        }
    }

    /// serve, after a build into a new folder (its first, or one that found no spare): the spare
    /// is made the new site's twin by linking each of its files, on another thread, so that the
    /// next save finds them all in place and known by name (`keepWholeTwin`) instead of cloning
    /// the site itself, which was 4 s of the first save at 50,000 entries. Returns the twin's id.
    private func startTwinClone() -> String {
        let id = UUID().uuidString.lowercased()
        twinSpareID.withLock { $0 = id }
        return id
    }

    /// The clone `startTwinClone` announced, on the calling thread. Its marker, with its own id,
    /// is written last: a clone stopped half-way is not a spare, and is removed by the next build.
    private func cloneAsTwin(id: String) {
        guard let files = Self.cloneWithLinks(targetPath, to: spare.path) else { return }
        guard FileIO.write(Data((Self.markerText + "build: \(id)\n").utf8), to: spare.path + "/" + Self.markerName) else {
            try? FileManager.default.removeItem(at: spare)
            return
        }
        var list = Set(files)
        list.insert(Self.markerName)
        spareList.files = list
    }

    /// The previous site, just replaced, sits beside the output (often inside a web root): only
    /// its files that are also, byte for byte, the new site's stay (the same inodes, linked), so
    /// nothing it showed that the new site does not, an entry made private since, say, stays
    /// there in clear. What stays is the next build's head start. A previous site that shares no
    /// files with this one goes entirely.
    /// `listed`: the previous site's files as its record lists them, used instead of a walk when
    /// nothing else wrote in it since it was built.
    private func keepAsSpare(_ previous: String, listed: Set<String>?, folders: [Substring]?, unchanged: (@Sendable () -> Bool)?, wait: Bool,
                             alongside: () -> Void) {
        let site = writtenPaths
        let gone = Set(changed.withLock { $0 })
        @Sendable func stale(_ path: String) -> Bool { path != Self.markerName && (gone.contains(path) || !site.contains(path)) }
        // Under serve (which does not wait) the spare becomes the new site's twin, on the
        // pruning thread (the next build waits for it), not in the way of this one: after a save
        // that rewrote every page (a template), the next save finds every page there instead of
        // linking 12,000 of them and making their folders itself; and its files are known by name.
        let fillsUp = reused && !wait
        // A new folder's previous site shares nothing with it: the spare is then a clone.
        let clone = !reused && !wait ? startTwinClone() : nil
        if fillsUp { twinSpareID.withLock { $0 = targetID } }
        let knownBefore = targetFiles
        onPruningThread(wait: wait, alongside: alongside) { [self] in
            guard reused else {
                try? FileManager.default.removeItem(atPath: previous)
                if let clone { cloneAsTwin(id: clone) }
                return
            }
            if fillsUp {
                // What the new site no longer has goes; each file of it that the folder lacks, or
                // holds in an earlier version, is linked in, replaced where it stands (its
                // folder stays: making 12,000 folders again was most of the work).
                @Sendable func notInSite(_ path: String) -> Bool { path != Self.markerName && !site.contains(path) }
                let lacking: Set<String>
                if wholeTwin.load(ordering: .relaxed), let knownBefore, site.count == knownBefore.count {
                    // The same files as the site before (`keepWholeTwin`): only those written again
                    // changed, without going through 100,000 names twice.
                    lacking = gone.filter { $0 != Self.markerName }
                } else {
                    if let knownBefore {
                        Self.remove(knownBefore.filter(notInSite), in: previous)
                    } else {
                        FileIO.removeFiles(below: previous, where: notInSite)
                    }
                    lacking = site.filter { path in
                        path != Self.markerName && (gone.contains(path) || (knownBefore.map { !$0.contains(path) } ?? (access(previous + "/" + path, F_OK) != 0)))
                    }
                }
                spareList.files = Self.linkAll(Array(lacking), from: targetPath, into: previous) ? site : nil
            } else if let listed, listed.contains(Self.markerName),
                      // The site's folders were looked at early in the build (the same folders:
                      // exchanged in place, they keep their times), else now.
                      unchanged?() ?? Self.unchangedSinceBuilt(previous, files: listed, folders: folders) {
                let names = Array(listed)
                let stale: [[String]] = parallelMap(Array(stride(from: 0, to: names.count, by: 4096))) { start in
                    names[start..<min(start + 4096, names.count)].filter(stale)
                }
                Self.remove(Set(stale.joined()), in: previous)
            } else {
                FileIO.removeFiles(below: previous, where: stale)
            }
            if previous != spare.path, rename(previous, spare.path) != 0 {
                try? FileManager.default.removeItem(atPath: previous)
            } else if !fillsUp {
                prunedIntoSpare.store(true, ordering: .relaxed)
            }
        }
    }

    /// `work` on a thread of its own, which the spare is made or pruned on; `alongside` meanwhile
    /// on this one. `wait`: return once `work` is done; else the next build into the folder (or
    /// `finishPruning`) waits for it.
    private func onPruningThread(wait: Bool, alongside: () -> Void = {}, _ work: @escaping @Sendable () -> Void) {
        let done = DispatchGroup()
        done.enter()
        Thread.detachNewThread {
            defer { done.leave() }
            work()
        }
        alongside()
        if wait { done.wait() } else { Self.pruning.withLock { $0[spare.path] = done } }
    }

    /// Sets the marker's time of the site at `folder` once the kernel's clock for file times
    /// (which moves in ticks of a few milliseconds) has moved past every write made before:
    /// the marker is then newer than each folder written in (`unchangedSinceBuilt`).
    static func markBuilt(_ folder: String) {
        var start = timespec(), now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &start)
        // At most a tick (4 ms at 250 Hz); bounded should the clock be set back meanwhile.
        for _ in 0..<200 {
            clock_gettime(CLOCK_REALTIME_COARSE, &now)
            if now.tv_sec != start.tv_sec || now.tv_nsec != start.tv_nsec { break }
            usleep(100)
        }
        utimensat(AT_FDCWD, folder + "/" + markerName, nil, 0)
    }

    /// True when no folder of the site at `folder` (its root, and every folder holding one of
    /// `files`) changed after its build finished, which set its marker's time last: so nothing but
    /// `files` is in it (a file dropped in by hand, or a folder made, changes its folder's time).
    /// A folder changed in the clock tick of the marker counts as changed. `folders`: those of
    /// `files`, when known.
    static func unchangedSinceBuilt(_ folder: String, files: Set<String>, folders known: [Substring]? = nil) -> Bool {
        guard files.contains(markerName) else { return false }
        return unchangedSinceBuilt(folder, folders: known ?? Array(folders(of: files)))
    }

    /// `unchangedSinceBuilt(_:files:folders:)` given the folders of the site's files (`folders(of:)`).
    /// `onAllCores`: false looks at one folder after the other, on this thread.
    static func unchangedSinceBuilt(_ folder: String, folders: [Substring], onAllCores: Bool = true) -> Bool {
        var marker = stat()
        guard stat(folder + "/" + markerName, &marker) == 0 else { return false }
        let list = [""] + folders, since = marker.st_mtim
        // Each folder looked up from the site's own: the path's first parts are not walked again
        // for each of 17,000 folders.
        let root = OpenFolder(folder)
        /// Gone, or newer than the marker.
        @Sendable func changed(_ index: Int) -> Bool {
            let time = root.info(of: String(list[index]))?.st_mtim
            return time.map({ $0.tv_sec > since.tv_sec || ($0.tv_sec == since.tv_sec && $0.tv_nsec >= since.tv_nsec) }) ?? true
        }
        guard onAllCores else { return !list.indices.contains(where: changed) }
        let found = Atomic<Bool>(false)
        parallelForEach(count: list.count) { index in
            if changed(index) { found.store(true, ordering: .relaxed) }
        }
        return !found.load(ordering: .relaxed)
    }

    /// The files of the spare as this build leaves it, when it is made the new site's twin
    /// (serve): filled in by the pruning, which the next build into the folder waits for.
    public var spareFiles: SpareList? { twinSpareID.withLock { $0 } == nil ? nil : spareList }
    /// The id in the marker of that twin (the site replaced, or a clone's own).
    public var spareID: String? { twinSpareID.withLock { $0 } }
    private let spareList = SpareList()
    private let twinSpareID = Mutex<String?>(nil)

    /// Links each of `paths` of the site at `site` into `folder` (folders made as needed, a file
    /// there replaced); false when one could not be linked.
    private static func linkAll(_ paths: [String], from site: String, into folder: String) -> Bool {
        let failed = Atomic<Bool>(false)
        parallelForEach(count: paths.count) { index in
            let file = folder + "/" + paths[index]
            unlink(file)
            if !withFolders(file, { Glibc.link(site + "/" + paths[index], $0) == 0 }) { failed.store(true, ordering: .relaxed) }
        }
        return !failed.load(ordering: .relaxed)
    }

    /// A spare's files, known once its pruning is done.
    public final class SpareList: Sendable {
        private let contents = Mutex<Set<String>?>(nil)
        public var files: Set<String>? {
            get { contents.withLock { $0 } }
            set { contents.withLock { $0 = newValue } }
        }
    }

    /// Removes the given files of `root`, and the folders they leave empty (a deleted entry's).
    /// On all cores; each folder is tried once, deepest first (a site's worth of stale files, after
    /// a change of every page, was 34,000 unlinks and as many `rmdir`s on one core).
    private static func remove(_ paths: Set<String>, in root: String) {
        let files = Array(paths)
        parallelForEach(count: files.count) { unlink(root + "/" + files[$0]) }
        forEachFolder(of: files, deepestFirst: true) { _ = rmdir(root + "/" + $0) }
    }

    /// Where the previous site waits to be pruned when the system cannot exchange two paths.
    private var previousAside: String {
        target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).journalgen-old-\(getpid())").path
    }

    /// Spares still being pruned after a build that did not wait, by path.
    private static let pruning = Mutex<[String: DispatchGroup]>([:])

    /// Waits for the spares still being pruned (serve is stopping): a spare left half-pruned is
    /// not one, and the next `serve` rendered every page again (13 s at 10,000 entries, against
    /// under a second from a whole spare).
    public static func finishPruning() {
        for group in pruning.withLock({ $0.values }) { group.wait() }
    }

    /// After a failed build: the half-written folder goes (it holds pages never published), the
    /// site in place is not touched.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}
