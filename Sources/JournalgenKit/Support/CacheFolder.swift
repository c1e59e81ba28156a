import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a journal's caches live (photos, entries, page fingerprints, the salt): in
/// `.journalgen-cache/` inside the journal, or, when the journal cannot be written (a read-only
/// checkout, a mounted archive), in the user's cache folder, `$XDG_CACHE_HOME/journalgen/` or
/// `~/.cache/journalgen/`, under the journal's folder name and a hash of its path.
public enum CacheFolder {
    public static func path(journal: String, writable: (String) -> Bool = { access($0, W_OK) == 0 },
                            environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment) -> String {
        let inside = journal + "/" + ImageCache.folderName
        let exists = FileManager.default.fileExists(atPath: inside)
        if exists ? writable(inside) : writable(journal) { return inside }
        // Only here: the environment as a dictionary is made anew on each call (of 70 a build).
        let environment = environment()
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return base + "/journalgen/" + (journal as NSString).lastPathComponent + "-" + String(FNV1a.hash(journal.utf8), radix: 16)
    }

    /// The cache's own `.gitignore`, so git never sees the folder, and the folder open to its
    /// owner only (mode 0700): it holds resized copies of private photos, in clear.
    static func prepare(_ folder: String) {
        chmod(folder, 0o700)
        let ignore = folder + "/.gitignore"
        if !FileIO.isRegularFile(ignore) { _ = FileIO.write(Data("# Made by journalgen: processed photos and the salt of private pages, safe to delete.\n*\n".utf8), to: ignore) }
    }
}
