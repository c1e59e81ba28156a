import Foundation
import Synchronization

/// Files' sizes and modification times as this build first looked at them. A photo is looked at
/// when its entry loads (its header, or the entry cache checking it), again as a media input of
/// the entry's record, and again when its sizes are found in the photo cache: at 10,000 entries
/// that was 21,000 of a build's 100,000 stats. One look per build also keeps a build to one
/// version of each file, as the entry that read it saw it.
final class SeenFiles: Sendable {
    private final class Shard: Sendable {
        /// Nil for a file that was not there (or that the system could not look at). Room for a
        /// build's worth made at once: grown from nothing, the shards were rehashed again and
        /// again (5 ms of a 10k build's CPU), for the 16,000 files it looks at.
        let looks = Mutex<[String: (stamp: FileIO.Stamp, isRegularFile: Bool)?]>(Dictionary(minimumCapacity: 1024))
    }
    /// Sixteen, so both cores rarely wait for each other.
    private let shards = (0..<16).map { _ in Shard() }
    /// The journal: files below it are looked at (and entries read) from it.
    let folder: OpenFolder?

    init(below folder: String? = nil) {
        self.folder = folder.map(OpenFolder.init)
    }

    /// As FileIO.sizeAndTime, from the first look of this build.
    func sizeAndTime(_ path: String, regularFilesOnly: Bool = false) -> FileIO.Stamp? {
        let shard = shard(of: path)
        let look: (stamp: FileIO.Stamp, isRegularFile: Bool)?
        if let known = shard.looks.withLock({ $0[path] }) {
            look = known
        } else {
            look = stampAndKind(path)
            shard.looks.withLock { $0[path] = .some(look) }
        }
        guard let look, !regularFilesOnly || look.isRegularFile else { return nil }
        return look.stamp
    }

    /// A look now, not kept: for a file looked at once a build (an entry's own file).
    func stampNow(_ path: String, regularFilesOnly: Bool = false) -> FileIO.Stamp? {
        guard let look = stampAndKind(path), !regularFilesOnly || look.isRegularFile else { return nil }
        return look.stamp
    }

    private func stampAndKind(_ path: String) -> (stamp: FileIO.Stamp, isRegularFile: Bool)? {
        if let folder { return folder.stampAndKind(path) }
        return FileIO.stampAndKind(path)
    }

    /// A look taken elsewhere (the media resolver's `lstat` of a file that is not a link is its
    /// `stat`): kept unless the build looked already.
    func note(_ path: String, _ info: stat) {
        shard(of: path).looks.withLock { looks in
            if looks[path] == nil { looks[path] = .some(FileIO.stampAndKind(info)) }
        }
    }

    /// By the path's last bytes (its file's name, where paths differ): the dictionary hashes the
    /// whole path again anyway, and hashing it twice was a tenth of each look-up.
    private func shard(of path: String) -> Shard { shards[Int(FNV1a.hash(path.utf8.suffix(12)) % 16)] }

    /// Forgets every look: a new build begins, and files may have changed since.
    func forget() {
        for shard in shards { shard.looks.withLock { $0.removeAll(keepingCapacity: true) } }
    }
}
