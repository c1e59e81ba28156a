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
    /// Photo headers by path, size and modification time: loading a journal of thousands of
    /// photos then opens none of them.
    private var headers: [String: (size: Int, mtime: Int, header: Vips.Header)] = [:]
    private var changed = false
    private let lock = NSLock()
    private var indexPath: String { folder + "/images/index.tsv" }
    private var headersPath: String { folder + "/images/headers.tsv" }

    init(journal: String) {
        folder = CacheFolder.path(journal: journal)
        // Both at once: each is a file of tens of thousands of lines, read before any entry loads.
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { loadIndex() } else { loadHeaders() }
        }
    }

    /// Size and modification time (ns), the key of both indexes.
    private static func stamp(_ path: String) -> (size: Int, mtime: Int)? {
        FileIO.sizeAndTime(path).map { ($0.size, $0.modified) }
    }

    /// A photo's header, from the index while the file is unchanged, else read by libvips.
    func header(_ path: String) -> Result<Vips.Header, Vips.Failure> {
        guard let (size, mtime) = Self.stamp(path) else { return Vips.header(path) }
        lock.lock()
        let entry = headers[path]
        lock.unlock()
        if let entry, entry.size == size, entry.mtime == mtime { return .success(entry.header) }
        let result = Vips.header(path)
        if case .success(let header) = result {
            lock.lock()
            headers[path] = (size, mtime, header)
            changed = true
            lock.unlock()
        }
        return result
    }

    /// Creates the folder and its `.gitignore` on first use.
    func prepare() -> Bool {
        guard FileIO.makeDirectories(folder + "/images") && FileIO.makeDirectories(folder + "/frames") else { return false }
        CacheFolder.prepare(folder)
        return true
    }


    /// SHA-256 of a file's content; read again only when its size or modification time changed.
    func contentHash(_ path: String) -> String? {
        guard let (size, mtime) = Self.stamp(path) else { return nil }
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
    func sizesFolder(hash: String, settingsKey: String) -> String {
        folder + "/images/" + hash.prefix(2) + "/" + hash + "-" + settingsKey
    }

    static func settingsKey(_ settings: ImageSettings) -> String { StaticFiles.fnv1a(Data(settings.signature.utf8)) }

    func framePath(hash: String) -> String { folder + "/frames/" + hash + ".jpg" }

    private func loadIndex() {
        guard let data = FileIO.read(indexPath) else { return }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3)
            guard fields.count == 4, let size = Int(fields[0]), let mtime = Int(fields[1]) else { continue }
            known[String(fields[3])] = (size, mtime, String(fields[2]))
        }
    }

    /// `size mtime width height orientation alpha fields path`, the fields as `name=value`
    /// separated by U+001F.
    private func loadHeaders() {
        guard let data = FileIO.read(headersPath) else { return }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let f = line.split(separator: "\t", maxSplits: 7, omittingEmptySubsequences: false)
            guard f.count == 8, let size = Int(f[0]), let mtime = Int(f[1]), let width = Int(f[2]), let height = Int(f[3]),
                  let orientation = Int(f[4]) else { continue }
            var fields: [String: String] = [:]
            for pair in f[6].split(separator: "\u{1F}") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                fields[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            headers[String(f[7])] = (size, mtime, Vips.Header(width: width, height: height, orientation: orientation, hasAlpha: f[5] == "1", fields: fields))
        }
    }

    /// Writes both indexes, when this build learnt something new.
    func saveIndex() {
        lock.lock()
        defer { lock.unlock() }
        guard changed, prepare() else { return }
        let lines = known.keys.sorted().map { path in
            let e = known[path]!
            return "\(e.size)\t\(e.mtime)\t\(e.hash)\t\(path)\n"
        }
        _ = FileIO.write(Data(lines.joined().utf8), to: indexPath)
        func clean(_ s: String) -> String { s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\u{1F}", with: " ") }
        let headerLines = headers.keys.sorted().map { path in
            let e = headers[path]!, h = e.header
            let fields = h.fields.keys.sorted().map { "\($0)=\(clean(h.fields[$0]!))" }.joined(separator: "\u{1F}")
            return "\(e.size)\t\(e.mtime)\t\(h.width)\t\(h.height)\t\(h.orientation)\t\(h.hasAlpha ? 1 : 0)\t\(fields)\t\(path)\n"
        }
        _ = FileIO.write(Data(headerLines.joined().utf8), to: headersPath)
        changed = false
    }
}
