import Foundation

/// Files the site carries besides its pages: the theme's static files, the journal's own
/// `static/` folder (copied as is, as Hugo and Zola do), and the media of published entries only.
struct StaticFiles: Sendable {
    /// Lists of copies read as one list, without being copied into one: the theme's and
    /// journal's files, the photo sizes and the private part's were joined into a new array of
    /// 57,000 copies at 50,000 entries, a twentieth of a `serve` save on one core.
    struct CopyLists: RandomAccessCollection, Sendable {
        private let lists: [[Copy]]
        /// Where each list starts in the whole.
        private let starts: [Int]
        let endIndex: Int
        var startIndex: Int { 0 }

        init(_ lists: [[Copy]]) {
            self.lists = lists
            var starts: [Int] = [], count = 0
            for list in lists { starts.append(count); count += list.count }
            self.starts = starts
            endIndex = count
        }

        /// Whether these are the very lists `other` holds: the same storage, so the same copies
        /// (a `serve` save that kept the last build's model, photos and private part).
        func holdsSameLists(as other: CopyLists) -> Bool {
            lists.count == other.lists.count && zip(lists, other.lists).allSatisfy { mine, theirs in
                mine.count == theirs.count
                    && mine.withUnsafeBufferPointer { a in theirs.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
            }
        }

        subscript(position: Int) -> Copy {
            var list = lists.count - 1
            while starts[list] > position { list -= 1 }
            return lists[list][position - starts[list]]
        }
    }

    struct Copy: Sendable, Equatable {
        enum Source: Sendable, Equatable {
            case file(String)
            /// A file of journalgen's own cache (a photo size): hard-linked where the output is on
            /// the same file system, which writes no bytes; copied elsewhere. Never the writer's
            /// own files: a tool that edits the site in place must not reach into the journal.
            case cached(String)
            case data(Data)
        }
        var source: Source
        var sitePath: String
        /// The source's size and modification time when the build has just looked (a photo size
        /// found in the cache), so the copy is compared without looking again.
        var sourceStamp: FileIO.Stamp? = nil
        /// For a photo size: its cache file as SiteManifest.sourceKey names it, worked out once
        /// where the copy is made (three stages asked for it, 22,000 hashes each at 10k entries);
        /// 0 for any other copy.
        var sourceKey = 0
        /// The folder the site is built in holds this very copy, by its records (a photo size
        /// that the photo stage found there): kept without asking again.
        var held = false
    }

    var copies: [Copy]
    /// Short content hashes of style.css and journal.js, so browsers fetch a changed file at once.
    var versions: [String: String]

    static let versioned: Set<String> = ["style.css", "journal.js"]

    /// The same copies, in any order, and the same versions.
    func holdsSameFiles(as other: StaticFiles) -> Bool {
        guard versions == other.versions, copies.count == other.copies.count else { return false }
        return copies.sorted { $0.sitePath < $1.sitePath } == other.copies.sorted { $0.sitePath < $1.sitePath }
    }

    /// The theme's files, the journal's static/ and Leaflet: known before the site model (the
    /// versions of style.css and journal.js go into every page, private ones too).
    static func collect(theme: Theme, assets: AssetSource, localization: Localization, config: JournalConfig) -> StaticFiles {
        var copies = UniqueCopies(capacity: 64)
        var versions: [String: String] = [:]
        let themeStatic = "\(theme.folder)/static/"
        for path in theme.staticFiles {
            guard var file = assets.file(path) else { continue }
            let sitePath = String(path.dropFirst(themeStatic.count))
            if sitePath == "journal.js" {
                // The script's words in the journal's language go first, in the same file.
                file.data = Data(localization.scriptLabels.utf8) + file.data
                file.origin = .builtIn
            }
            if versioned.contains(sitePath) { versions[sitePath] = fnv1a(file.data) }
            switch file.origin {
            case .journal(let url): copies.add(Copy(source: .file(url.path), sitePath: sitePath))
            case .builtIn: copies.add(Copy(source: .data(file.data), sitePath: sitePath))
            }
        }
        for path in assets.files(under: "static") {
            guard let file = assets.file(path, includeBuiltIn: false), case .journal(let url) = file.origin else { continue }
            let sitePath = String(path.dropFirst("static/".count))
            copies.add(Copy(source: .file(url.path), sitePath: sitePath))
        }
        if config.interactiveMap != nil {
            for copy in Leaflet.copies() ?? [] { copies.add(copy) }
        }
        return StaticFiles(copies: copies.list, versions: versions)
    }

    /// With every entry's media of the model (which win over a static file of the same path).
    func addingMedia(of model: SiteModel) -> StaticFiles {
        var copies = UniqueCopies(capacity: copies.count)
        for copy in self.copies { copies.add(copy) }
        for copy in Self.media(of: model.entries, trips: model.views.trips.trips, originals: model.config.media.originals) { copies.add(copy) }
        return StaticFiles(copies: copies.list, versions: versions)
    }

    /// Copies in the order they first came, one per path (the last one given for it): the same
    /// journal gives the same list in every build, which the site's record is compared with
    /// (InPlaceRefresh); a dictionary's order changes from one process to the next.
    struct UniqueCopies {
        private(set) var list: [Copy] = []
        private var places: [String: Int] = [:]

        init(capacity: Int) {
            list.reserveCapacity(capacity)
            places.reserveCapacity(capacity)
        }

        mutating func add(_ copy: Copy) {
            if let place = places[copy.sitePath] {
                list[place] = copy
            } else {
                places[copy.sitePath] = list.count
                list.append(copy)
            }
        }
    }

    /// The files of these entries and trip covers that are published as they are: videos, GPX,
    /// GIF and SVG, and photos only when asked (`media.originals`); other photos go out as their
    /// sizes (ImageProcessor).
    static func media(of entries: [Entry], trips: [TripIndex.Trip], originals: Bool) -> [Copy] {
        var copies = UniqueCopies(capacity: entries.count)
        // Field by field, by index: copying each item (a dozen strings and lists) cost more than
        // the rest of the loop, which `serve` runs on every save.
        func add(_ items: [MediaItem]) {
            for i in items.indices {
                if let file = items[i].filePath, originals || items[i].sizes.isEmpty {
                    copies.add(Copy(source: .file(file), sitePath: items[i].sitePath))
                }
                if let poster = items[i].posterPath, let path = items[i].posterSitePath, originals || items[i].posterSizes.isEmpty {
                    copies.add(Copy(source: .file(poster), sitePath: path))
                }
            }
        }
        for index in entries.indices {
            add(entries[index].media)
            add(entries[index].bodyImages)
        }
        for trip in trips {
            if let cover = trip.cover, let file = cover.filePath, originals || cover.sizes.isEmpty {
                copies.add(Copy(source: .file(file), sitePath: cover.sitePath))
            }
        }
        return copies.list
    }

    static func fnv1a(_ data: Data) -> String {
        String(String(FNV1a.hash(data), radix: 16).prefix(8))
    }
}
