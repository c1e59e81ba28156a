import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `.journalgen-cache/` in the journal: sizes of photos and frames of videos made by earlier
/// builds, found again by the source's content and the settings, so a rebuild processes only new
/// or changed photos. The folder carries its own `.gitignore` ("*"), so git never sees it and the
/// journal's own `.gitignore` is left alone.
final class ImageCache: @unchecked Sendable {
    static let folderName = ".journalgen-cache"

    let folder: String
    /// Content hashes by path, size and modification time, so unchanged photos are not read again.
    private var known: [String: (size: Int, mtime: Int, hash: String)] = [:]
    private var changed = false
    private let lock = NSLock()
    private var indexPath: String { folder + "/images/index.tsv" }

    init(journal: String) {
        folder = journal + "/" + Self.folderName
        loadIndex()
    }

    /// Creates the folder and its `.gitignore` on first use.
    func prepare() -> Bool {
        guard FileIO.makeDirectories(folder + "/images") && FileIO.makeDirectories(folder + "/frames") else { return false }
        Self.writeIgnoreFile(in: folder)
        return true
    }

    /// The cache's own `.gitignore`, so git never sees the folder.
    static func writeIgnoreFile(in folder: String) {
        let ignore = folder + "/.gitignore"
        if !FileIO.isRegularFile(ignore) { _ = FileIO.write(Data("# Made by journalgen: processed photos and the salt of private pages, safe to delete.\n*\n".utf8), to: ignore) }
    }

    /// SHA-256 of a file's content; read again only when its size or modification time changed.
    func contentHash(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let size = Int(info.st_size), mtime = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        lock.lock()
        let entry = known[path]
        lock.unlock()
        if let entry, entry.size == size, entry.mtime == mtime { return entry.hash }
        guard let hash = Vips.sha256(file: path) else { return nil }
        lock.lock()
        known[path] = (size, mtime, hash)
        changed = true
        lock.unlock()
        return hash
    }

    /// The folder holding the sizes of one source made with one set of settings.
    func sizesFolder(hash: String, settings: ImageSettings) -> String {
        folder + "/images/" + hash.prefix(2) + "/" + hash + "-" + StaticFiles.fnv1a(Data(settings.signature.utf8))
    }

    func framePath(hash: String) -> String { folder + "/frames/" + hash + ".jpg" }

    private func loadIndex() {
        guard let data = FileIO.read(indexPath) else { return }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3)
            guard fields.count == 4, let size = Int(fields[0]), let mtime = Int(fields[1]) else { continue }
            known[String(fields[3])] = (size, mtime, String(fields[2]))
        }
    }

    func saveIndex() {
        lock.lock()
        defer { lock.unlock() }
        guard changed else { return }
        let lines = known.keys.sorted().map { path in
            let e = known[path]!
            return "\(e.size)\t\(e.mtime)\t\(e.hash)\t\(path)\n"
        }
        if FileIO.makeDirectories(folder + "/images") { _ = FileIO.write(Data(lines.joined().utf8), to: indexPath) }
    }
}
