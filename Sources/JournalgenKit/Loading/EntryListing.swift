import Foundation

/// The entry files below entries/, listed with the help of the last listing, as git's untracked
/// cache does: a folder whose modification and change times are those the last listing saw (and
/// were already two seconds old then) holds the same names, so it is looked at (one `stat`) and
/// not read again (`opendir`, `readdir` until empty, `closedir`: five system calls). A name added,
/// removed or renamed in a folder changes both its times; editing a file changes neither, and
/// does not change the list. At 10,000 entries with 4,000 bundle folders, listing took 28 ms of a
/// build after one edit, the walk waiting on the system.
///
/// The change time cannot be set by hand (`touch -d`, `cp -a`, `rsync -t` set the modification
/// time only), so a folder put back from elsewhere is read again.
struct EntryListing {
    struct Folder: Sendable, Equatable {
        var modified: Int
        var changed: Int
        /// The folder's inode: one moved in by a rename or a link that now points elsewhere is
        /// another folder, whatever its times.
        var inode: Int
        /// Its entry files, by path relative to entries/ (made once, when the folder is read: a
        /// listing that trusts every folder hands them on without making 10,000 paths), and the
        /// names of its folders, as read.
        var files: [String]
        var folders: [String]
    }

    /// Every folder of a listing, by path relative to entries/ ("" for entries/ itself).
    struct Snapshot: Sendable, Equatable {
        /// When its listing began (nanoseconds since 1970): a folder changed less than two
        /// seconds before may change again within the same tick of its clock, unseen.
        var madeAt: Int
        var folders: [String: Folder]
    }

    /// Two seconds: the coarsest clock of the file systems journals live on (FAT's).
    static let settling = 2_000_000_000

    /// The entry files below `root` (relative to it: a folder's own files in order, then those of
    /// its folders, folder by folder in order; sorted as a whole unless a folder's name sorts
    /// among the files beside it), and the snapshot the next listing starts from. `foldersRead`
    /// counts the folders read rather than trusted.
    static func list(below root: String, last: Snapshot?, now: Date = Date()) -> (files: [String], snapshot: Snapshot, foldersRead: Int) {
        let madeAt = Int(now.timeIntervalSince1970 * 1e9)
        let trustedBefore = last.map { $0.madeAt > Int.min + settling ? $0.madeAt - settling : Int.min } ?? Int.min
        /// The folder, and whether it was read (not trusted from the last listing).
        let entries = OpenFolder(root)
        @Sendable func look(_ relative: String) -> (folder: Folder, read: Bool)? {
            let path = relative.isEmpty ? root : root + "/" + relative
            guard let info = entries.info(of: relative), (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
            let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            let changed = Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec)
            let inode = Int(truncatingIfNeeded: info.st_ino)
            if let known = last?.folders[relative], known.modified == modified, known.changed == changed, known.inode == inode,
               max(modified, changed) < trustedBefore {
                return (known, false)
            }
            var folder = Folder(modified: modified, changed: changed, inode: inode, files: [], folders: [])
            // As FileIO.listFiles reads a folder.
            for item in FileIO.visibleItems(path, below: entries) {
                if item.isFolder {
                    folder.folders.append(item.name)
                } else if EntryFileName.isEntry(item.name) {
                    folder.files.append(relative.isEmpty ? item.name : relative + "/" + item.name)
                }
            }
            // In order once, as read: a listing of folders all trusted then comes out in the
            // order the build wants, and is only checked (`JournalLoader.inOrder`).
            folder.files.sort()
            folder.folders.sort()
            return (folder, true)
        }
        /// `relative`'s folder and those below it: (path, folder, read or trusted) each.
        @Sendable func walk(_ relative: String, into found: inout [(String, Folder, Bool)]) {
            guard let (folder, read) = look(relative) else { return }
            found.append((relative, folder, read))
            for name in folder.folders { walk(relative.isEmpty ? name : relative + "/" + name, into: &found) }
        }
        var top: [(String, Folder, Bool)] = []
        if let (folder, read) = look("") { top.append(("", folder, read)) }
        // The top level's folders (a journal's years) on all cores, as FileIO.listFiles walks them.
        let below: [[(String, Folder, Bool)]] = parallelMap(top.first?.1.folders ?? []) { name in
            var found: [(String, Folder, Bool)] = []
            walk(name, into: &found)
            return found
        }
        let found = top + below.joined()
        var files: [String] = []
        files.reserveCapacity(found.reduce(0) { $0 + $1.1.files.count })
        for (_, folder, _) in found { files.append(contentsOf: folder.files) }
        let read = found.reduce(0) { $0 + ($1.2 ? 1 : 0) }
        // Every folder trusted: the last snapshot says all this listing would. Its 4,000 folders
        // put in a dictionary again, and 10,000 paths joined from names, were most of a build's
        // listing after one edit, on one core (42 M instructions; 8 M now, the looks included).
        if read == 0, let last { return (files, last, 0) }
        var snapshot = Snapshot(madeAt: madeAt, folders: [:])
        snapshot.folders.reserveCapacity(found.count)
        for (relative, folder, _) in found { snapshot.folders[relative] = folder }
        return (files, snapshot, read)
    }
}

extension EntryListing.Folder: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.int(modified)
        sink.int(changed)
        sink.int(inode)
        sink.list(files)
        sink.list(folders)
    }

    init(compact source: CompactSource) throws {
        modified = try source.int()
        changed = try source.int()
        inode = try source.int()
        files = try source.strings()
        folders = try source.strings()
    }
}
