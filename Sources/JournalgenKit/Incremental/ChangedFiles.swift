import Foundation

/// The files `serve`'s watcher saw change since the last build, as the loader may trust them:
/// only when each is a file (a folder moved in or out says nothing of the files inside), an
/// entry file that is gone, or a hidden temporary file that is gone. Anything else, and the build
/// looks at every file as `build` does.
struct ChangedFiles: Sendable {
    let paths: Set<String>
    /// An entry file was added or removed: entries/ is listed again.
    let needsListing: Bool

    init?(paths: Set<String>, root: String, lastListing: [String]) {
        let entries = root + "/entries/"
        var needsListing = false
        for path in paths {
            guard Self.isPlain(path) else { return nil }
            var info = stat()
            let isEntry = path.hasPrefix(entries) && EntryFileName.isEntry(path)
            if lstat(path, &info) == 0 {
                // A folder, or a link that may lead anywhere: not known file by file.
                guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
                if isEntry { needsListing = needsListing || !Self.contains(lastListing, String(path.dropFirst(entries.count))) }
            } else if isEntry {
                needsListing = true
            } else {
                // Gone, and it may have been a folder whose files went with it; but a hidden
                // name is a temporary file written and renamed over another (as editors and
                // Foundation save), and watched folders are never hidden.
                guard (path as NSString).lastPathComponent.hasPrefix(".") else { return nil }
            }
        }
        self.paths = paths
        self.needsListing = needsListing
    }

    /// True for a path in the form the watcher reports (no `.`, `..` or doubled slashes), which
    /// a stored path must have to be compared with those.
    static func isPlain(_ path: String) -> Bool {
        // Byte by byte, component by component: Foundation's `contains` costs a tenth of a
        // second over 10,000 entries' media paths.
        var utf8 = path.utf8[...]
        guard utf8.first == 0x2F else { return false }
        utf8 = utf8.dropFirst()
        while true {
            let end = utf8.firstIndex(of: 0x2F) ?? utf8.endIndex
            let component = utf8[utf8.startIndex..<end]
            if component.isEmpty || component.elementsEqual([0x2E]) || component.elementsEqual([0x2E, 0x2E]) { return false }
            if end == utf8.endIndex { return true }
            utf8 = utf8[utf8.index(after: end)...]
        }
    }

    /// True for a file the watcher reports changes of: inside the journal, in no hidden folder,
    /// not in the default output folder (which it does not watch).
    static func isWatched(_ path: String, root: String) -> Bool {
        guard path.hasPrefix(root + "/"), !path.hasPrefix(root + "/_site/") else { return false }
        var previous: UInt8 = 0x2F
        for byte in path.utf8.dropFirst(root.utf8.count + 1) {
            if previous == 0x2F && byte == 0x2E { return false }
            previous = byte
        }
        return isPlain(path)
    }

    /// True when every change is a file in one of `folders` (paths ending in "/"), or a hidden
    /// temporary file that is gone (an editor's, written and renamed over another).
    static func allWithin(_ paths: Set<String>, folders: [String]) -> Bool {
        paths.allSatisfy { path in
            folders.contains { path.hasPrefix($0) } || ((path as NSString).lastPathComponent.hasPrefix(".") && access(path, F_OK) != 0)
        }
    }

    /// `listing` is sorted (JournalLoader.entryFiles).
    private static func contains(_ listing: [String], _ relative: String) -> Bool {
        var low = 0, high = listing.count
        while low < high {
            let mid = (low + high) / 2
            if listing[mid] < relative { low = mid + 1 } else { high = mid }
        }
        return low < listing.count && listing[low] == relative
    }
}
