import Foundation
import Synchronization

/// The private part of the last successful `build`, kept on disk for the next one: sealing it
/// again means rendering every private page with the whole journal's model and reading and
/// encrypting every private photo (about 0.4 s at 10k entries), though most builds change no
/// private entry. Its pages' payloads are kept here (ciphertext only); its sealed files are not
/// copied anywhere: they are in the site in place, and the next build links them from there.
/// Used only when everything it was made from is the same (LockedSiteMemo's key, with the
/// output folder) and every one of its files is still in the site in place.
struct SealedPartStore {
    struct Saved: Codable {
        var key: String
        var output: String
        /// Entry path and text fingerprint, in turn (CompactCoder codes no dictionaries).
        var texts: [String]
        var pages: [LockedPage]
        var reads: [String]
        var files: [String]
        var images: Int
    }

    let path: String
    /// The file as read and decoded on another thread, from the start of the build.
    private let early: EarlyRead?

    /// `early`: read the saved part at once, on another thread (beside the loading of entries),
    /// not when the build asks for it, on the one core that then builds the site model.
    init(journal: String, early: Bool = false) {
        path = CacheFolder.path(journal: journal) + "/private/sealed"
        self.early = early ? EarlyRead(path: path) : nil
    }

    private final class EarlyRead: Sendable {
        private let saved = Mutex<Saved?>(nil)
        private let done = DispatchGroup()

        init(path: String) {
            DispatchQueue.global().async(group: done) { [self] in
                let read = SealedPartStore.read(path)
                saved.withLock { $0 = read }
            }
        }

        var result: Saved? {
            done.wait()
            return saved.withLock { $0 }
        }
    }

    /// The part as saved at `path`, if it is there and decodes. Mapped, not read: reading the
    /// 4.5 MB of a 10k-entry journal's part and copying it for the decoder took 8 ms of a build
    /// after an edit (`save` replaces the file by a rename, so a mapping never sees it change).
    private static func read(_ path: String) -> Saved? {
        guard let source = CompactSource(mapping: path) else { return nil }
        return try? CompactCoder.decode(Saved.self, from: source, length: source.bytes.count)
    }

    func load(key: String, output: URL, split: LockedSite.Split) -> LockedSite? {
        guard let saved = early?.result ?? Self.read(path),
              saved.key == key, saved.output == output.path,
              LockedSiteMemo.texts(of: stride(from: 0, to: saved.texts.count, by: 2).map { saved.texts[$0] }, in: split) == Self.table(saved.texts),
              saved.files.allSatisfy({ access(output.path + "/" + $0, R_OK) == 0 })
        else { return nil }
        var site = LockedSite()
        site.pages = saved.pages
        site.reads = saved.reads
        site.copies = saved.files.map { StaticFiles.Copy(source: .file(output.path + "/" + $0), sitePath: $0) }
        site.imagesFromCache = saved.images
        return site
    }

    /// After the build that made `site` put it in place at `output`.
    func save(_ site: LockedSite, key: String, output: URL, split: LockedSite.Split) {
        _ = writeAside(site, key: key, output: output, split: split)?.putInPlace()
    }

    /// `save`'s writing, beside the file, without putting it in place: done while the pages are
    /// rendered, so that the end of a first build waits only for the renaming (writing these
    /// 4.5 MB at the end of a 10k build was 12 to 40 ms with a core idle).
    func writeAside(_ site: LockedSite, key: String, output: URL, split: LockedSite.Split) -> FileIO.WrittenAside? {
        let texts = LockedSiteMemo.texts(of: site.reads, in: split).sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        let saved = Saved(key: key, output: output.path, texts: texts, pages: site.pages,
                          reads: site.reads, files: site.copies.map(\.sitePath), images: site.imagesProcessed + site.imagesFromCache)
        // Sized for its payloads at once and written as it is: grown by doubling and copied into
        // Data, the 4.5 MB of a 10k-entry journal's sealed pages took 13 MB at the build's end,
        // when its memory peaks.
        let capacity = 4096 + site.pages.reduce(0) { $0 + $1.payload.utf8.count + $1.sitePath.utf8.count + 16 }
            + [texts, site.reads, saved.files].reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count + 8 } }
        guard let bytes = try? CompactCoder.sink(of: saved, capacity: capacity),
              FileIO.makeDirectories((path as NSString).deletingLastPathComponent) else { return nil }
        return FileIO.writeAside(path, parts: [bytes])
    }

    static func table(_ pairs: [String]) -> [String: String] {
        Dictionary(stride(from: 0, to: pairs.count - 1, by: 2).map { (pairs[$0], pairs[$0 + 1]) }, uniquingKeysWith: { a, _ in a })
    }

    /// Before a build that seals anew: what is saved would no longer match the site in place.
    func forget() { unlink(path) }
}
