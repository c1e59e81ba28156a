import Crypto
import Foundation

/// The private part of the site as `serve` last sealed it, and what it was made from. Sealing
/// needs the whole journal's model, every private page rendered and every private photo read and
/// encrypted: half a second at 10k entries, paid on every save though a save seldom touches a
/// private entry. It is used again when nothing it was made from changed: every entry's loaded
/// fingerprint and address, the journal's other files, the key, and the texts its pages showed.
struct LockedSiteMemo: Sendable {
    let key: String
    /// The entries whose texts the private pages showed (relative path → text fingerprint).
    let texts: [String: String]
    let site: LockedSite

    /// Everything but texts that the private pages and files are made from. `entries`: the
    /// split's `entriesDigest`, or the one a build before made of the same entries (`serve`).
    static func key(split: LockedSite.Split, entries: String, keys: PrivateKeys, journal: String, extra: [String]) -> String {
        // In the loader's order: the same journal gives the same list, and 10,000 entries need no sort.
        var parts = extra + ["key " + keys.token("locked site memo"), "private " + split.privateEntries.map(\.relativePath).sorted().joined(separator: " ")]
        // A private photo replaced by another of the same size and date: its sealed copies differ.
        for entry in split.privateEntries {
            for item in entry.media + entry.bodyImages {
                parts += [item.filePath, item.posterPath].compactMap { $0.map { EntryCache.Stamp(path: $0).line } }
            }
        }
        return SiteFingerprint.journal(entries: [], extra: parts + ["entries " + entries], files: SiteFingerprint.inputFiles(journal: journal))
    }

    /// What the private part takes from every entry but its text, public and private (their
    /// front matter, media and titles, in order).
    static func entriesDigest(of split: LockedSite.Split) -> String {
        SiteFingerprint.journal(entries: split.publicEntries, more: split.privateEntries, extra: [], files: [])
    }

    /// The fingerprints of the texts of `paths` among the split's entries.
    static func texts(of paths: [String], in split: LockedSite.Split) -> [String: String] {
        let wanted = Set(paths)
        var texts: [String: String] = [:]
        for list in [split.publicEntries, split.privateEntries] {
            // Read in place (copying the entries out first was a copy of most of the journal), by
            // runs on all cores: a build that found the private part current waited for this
            // look at every entry's name on one core.
            let found: [[(path: String, text: String)]] = list.withUnsafeBufferPointer { buffer in
                nonisolated(unsafe) let all = buffer
                return parallelMap(Array(stride(from: 0, to: all.count, by: 512))) { start in
                    (start..<min(start + 512, all.count)).compactMap { index in
                        wanted.contains(all[index].relativePath) ? (all[index].relativePath, text(of: all[index])) : nil
                    }
                }
            }
            for (path, text) in found.joined() where texts[path] == nil { texts[path] = text }
        }
        return texts
    }

    static func text(of entry: Entry) -> String {
        entry.loadedTextFingerprint.isEmpty ? SiteFingerprint.text(of: entry.body) : entry.loadedTextFingerprint
    }

    /// Whether the texts the pages showed are still the same in `split`.
    func textsUnchanged(in split: LockedSite.Split) -> Bool {
        Self.texts(of: Array(texts.keys), in: split) == texts
    }

    /// Whether the texts the pages showed are still the same, when only the entries `reload`
    /// loaded again may have changed since the memo was last found current.
    func textsUnchanged(reloaded reload: LoadedJournal.Reload) -> Bool {
        zip(reload.files, reload.entries).allSatisfy { file, entry in
            guard let shown = texts[file] else { return true }
            return entry.map(Self.text) == shown
        }
    }
}
