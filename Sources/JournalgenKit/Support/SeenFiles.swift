import Foundation
import Synchronization

/// Files' sizes and modification times as this build first looked at them. A photo is looked at
/// when its entry loads (its header, or the entry cache checking it), again as a media input of
/// the entry's record, and again when its sizes are found in the photo cache: at 10,000 entries
/// that was 21,000 of a build's 100,000 stats. One look per build also keeps a build to one
/// version of each file, as the entry that read it saw it.
final class SeenFiles: Sendable {
    struct Look: Sendable {
        /// Nil when nothing is there (or the system cannot say).
        var stamp: FileIO.Stamp?
        var isRegularFile: Bool
    }

    private final class Shard: Sendable {
        let looks = Mutex<[String: Look]>([:])
    }
    /// Sixteen, so both cores rarely wait for each other.
    private let shards = (0..<16).map { _ in Shard() }

    func look(_ path: String) -> Look {
        let shard = shards[Int(UInt(bitPattern: path.hashValue) % 16)]
        if let known = shard.looks.withLock({ $0[path] }) { return known }
        let found = FileIO.stampAndKind(path)
        let look = Look(stamp: found?.stamp, isRegularFile: found?.isRegularFile ?? false)
        shard.looks.withLock { $0[path] = look }
        return look
    }

    /// As FileIO.sizeAndTime.
    func sizeAndTime(_ path: String, regularFilesOnly: Bool = false) -> FileIO.Stamp? {
        let look = look(path)
        return !regularFilesOnly || look.isRegularFile ? look.stamp : nil
    }
}
