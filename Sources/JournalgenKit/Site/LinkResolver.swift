import Synchronization
import Foundation

/// Links between entries as writers make them in their editor: a relative path to a file of the
/// journal (`[that hike](../2025/2025-03-15-spring-cleaning.md#packing)`), which editors' previews
/// follow, or a wiki link (`[[2025-03-15-spring-cleaning]]`, `[[A title|words]]`) as Obsidian
/// writes them. Markdown left placeholders for them; this puts in each target's address on the
/// site, and lists the links that lead nowhere.
public struct LinkResolver {
    /// Targets that are not pages of this site model.
    public enum Elsewhere: Sendable {
        /// A private entry or trip: its lock screen, never its title or slug.
        case locked(sitePath: String)
        /// Left out of this build: "a draft" or "dated after the build day".
        case leftOut(String)
        /// A private page of a build with --skip-private: the link leads nowhere, with a warning.
        case skipped

        /// As text, for serve's key of the site model (thousands of them at 50,000 entries:
        /// a string interpolation of the case, which reflects on it, was 10 ms of every save).
        var key: String {
            switch self {
            case .locked(let sitePath): return "locked " + sitePath
            case .leftOut(let why): return "left out " + why
            case .skipped: return "skipped"
            }
        }
    }

    struct Problem: Sendable {
        /// The entry's or trip's file.
        var file: String
        var line: Int
        var column: Int
        var message: String
        var isError = true
    }

    struct Result: Sendable {
        /// For each entry, the entries that link to it, newest first.
        var backlinks: [[Int]]
        var problems: [Problem]
        /// Every resolved link, for the fingerprint of what pages show.
        var digest: String
    }

    var entries: [Entry]
    var trips: [String: TripInfo]
    var elsewhere: [String: Elsewhere]
    var links: SiteLinks
    var journal: String
    /// One for the whole resolution: the journal's folders are looked at once, not per link.
    let standard = PathStandardizer()

    /// Resolves every entry's and trip's links in place. Trips' links count as no entry's backlinks.
    static func resolve(_ entries: inout [Entry], trips: inout [String: TripInfo], elsewhere: [String: Elsewhere], links: SiteLinks) -> Result {
        guard entries.contains(where: { !$0.body.links.isEmpty }) || trips.values.contains(where: { !$0.links.isEmpty }) else {
            return Result(backlinks: Array(repeating: [], count: entries.count), problems: [], digest: "")
        }
        let resolver = LinkResolver(entries: entries, trips: trips, elsewhere: elsewhere, links: links, journal: Self.journalRoot(entries, trips: trips))
        let byPath = Dictionary(entries.indices.map { (resolver.standard(entries[$0].filePath), $0) }, uniquingKeysWith: { a, _ in a })
        var backlinks = Array(repeating: [Int](), count: entries.count)
        var problems: [Problem] = []
        var digest = ""
        /// Puts each link's address in place of its placeholder in `texts`.
        func resolve(_ found: [CmarkGFM.Link], file: String, source: Int?, in texts: inout [String]) {
            let folder = (file as NSString).deletingLastPathComponent
            for (number, link) in found.enumerated().reversed() {
                let href: String
                switch resolver.target(of: link, folder: folder, byPath: byPath) {
                case .success(let found):
                    href = found.href
                    if let source, let target = found.entry, target != source, backlinks[target].last != source { backlinks[target].append(source) }
                    if let warning = found.warning { problems.append(Problem(file: file, line: link.line, column: link.column, message: warning, isError: false)) }
                case .failure(let problem):
                    href = link.isWiki ? "#" : link.target
                    problems.append(Problem(file: file, line: link.line, column: link.column, message: problem.message))
                }
                let placeholder = "\"" + CmarkGFM.linkPlaceholder(number) + "\""
                let escaped = "\"" + HTMLEscaping.escape(href) + "\""
                for index in texts.indices { texts[index] = texts[index].replacingBytes(placeholder, with: escaped) }
                digest += "\(file.dropFirst(resolver.journal.count)) \(number) \(href)\n"
            }
        }
        for source in entries.indices where !entries[source].body.links.isEmpty {
            var texts = [entries[source].body.html, entries[source].body.excerptHTML]
            resolve(entries[source].body.links, file: entries[source].filePath, source: source, in: &texts)
            entries[source].body.html = texts[0]
            entries[source].body.excerptHTML = texts[1]
        }
        for id in trips.keys.sorted() where !trips[id]!.links.isEmpty {
            var texts = [trips[id]!.bodyHTML]
            resolve(trips[id]!.links, file: trips[id]!.filePath, source: nil, in: &texts)
            trips[id]!.bodyHTML = texts[0]
        }
        for index in backlinks.indices { backlinks[index].sort() }
        return Result(backlinks: backlinks, problems: problems.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }, digest: digest)
    }

    struct Found {
        var href: String
        var entry: Int?
        var warning: String?
    }

    struct Failure: Error {
        var message: String
    }

    /// `folder`: the linking file's, which relative paths start from.
    func target(of link: CmarkGFM.Link, folder: String, byPath: [String: Int]) -> Swift.Result<Found, Failure> {
        if link.isWiki { return wikiTarget(link.target, byPath: byPath) }
        var path = link.target, anchor: String?
        if let hash = path.firstIndex(of: "#") {
            anchor = String(path[path.index(after: hash)...])
            path = String(path[..<hash])
        }
        let decoded = path.removingPercentEncoding ?? path
        guard !MediaResolver.escapes(decoded) || decoded.hasPrefix("../") else {
            return .failure(Failure(message: "the link '\(link.target)' points outside the journal; expected a path to a file of the journal, relative to this entry"))
        }
        let absolute = standard((folder as NSString).appendingPathComponent(decoded))
        guard absolute.hasPrefix(journal + "/") else {
            return .failure(Failure(message: "the link '\(link.target)' points outside the journal; expected a path to a file of the journal, relative to this entry"))
        }
        return file(absolute, anchor: anchor, written: link.target, byPath: byPath)
    }

    func file(_ absolute: String, anchor: String?, written: String, byPath: [String: Int]) -> Swift.Result<Found, Failure> {
        let shown = absolute.hasPrefix(journal + "/") ? String(absolute.dropFirst(journal.count + 1)) : absolute
        if let index = byPath[absolute] {
            let entry = entries[index]
            if let anchor, !anchor.isEmpty, !entry.body.anchors.contains(anchor) {
                let known = entry.body.anchors.prefix(8).joined(separator: ", ")
                return .failure(Failure(message: "the link '\(written)' names the anchor '#\(anchor)', which '\(shown)' does not have; expected one of its headings, footnotes or task items" + (known.isEmpty ? " (it has none)" : ": \(known)")))
            }
            let href = links.href(entry.sitePath) + (anchor.map { $0.isEmpty ? "" : "#" + $0 } ?? "")
            return .success(Found(href: href, entry: index, warning: entry.isDraft ? "the link '\(written)' leads to a draft, which a build without --drafts leaves out; expected a published entry" : nil))
        }
        switch elsewhere[absolute] {
        case .locked(let sitePath)?:
            // A private page's anchors are words of its text: left out, like its title and slug.
            return .success(Found(href: links.href(sitePath)))
        case .leftOut(let why)?:
            return .failure(Failure(message: "the link '\(written)' leads to '\(shown)', which is \(why) and not on the site; expected a published entry (or build with --drafts or --future)"))
        case .skipped?:
            return .success(Found(href: "#", warning: "the link '\(written)' leads to a private page, which --skip-private leaves out: in this build it leads nowhere"))
        case nil:
            break
        }
        for (id, trip) in trips where standard(trip.filePath) == absolute {
            return .success(Found(href: links.href(TripIndex.Trip.sitePath(id, info: trip))))
        }
        for entry in entries {
            for item in entry.media + entry.bodyImages where item.filePath.map(Self.standard) == absolute {
                let path = item.sizes.last?.fallback ?? item.sitePath
                return .success(Found(href: links.href(path)))
            }
        }
        if FileIO.isRegularFile(absolute) {
            return .failure(Failure(message: "the link '\(written)' leads to '\(shown)', which the site does not publish; expected an entry, a trip, or a photo, video or GPX file an entry lists"))
        }
        return .failure(Failure(message: "the link '\(written)' finds no file; looked for \(shown)"))
    }

    /// `[[2025-03-15-spring-cleaning]]`, `[[spring-cleaning]]` or `[[Spring cleaning]]`: by file
    /// name (with or without its date), else by title, in any case.
    func wikiTarget(_ name: String, byPath: [String: Int]) -> Swift.Result<Found, Failure> {
        var wanted = name.trimmingCharacters(in: .whitespaces)
        var anchor: String?
        if let hash = wanted.firstIndex(of: "#") {
            anchor = String(wanted[wanted.index(after: hash)...])
            wanted = String(wanted[..<hash])
        }
        if wanted.lowercased().hasSuffix(".md") { wanted = String(wanted.dropLast(3)) }
        let key = wanted.lowercased()
        func stemMatches(_ path: String) -> Bool {
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            let undated = stem.count > 11 && CalendarDay(iso: stem.prefix(10)) != nil ? String(stem.dropFirst(11)) : stem
            return stem == key || undated == key
        }
        var candidates = Set(byPath.keys.filter(stemMatches))
        candidates.formUnion(elsewhere.keys.filter(stemMatches))
        if candidates.isEmpty {
            candidates = Set(entries.filter { $0.title.lowercased() == key }.map { standard($0.filePath) })
        }
        guard !candidates.isEmpty else {
            return .failure(Failure(message: "the wiki link [[\(name)]] matches no entry; expected a file name (such as 2025-03-15-spring-cleaning) or an entry's title"))
        }
        guard candidates.count == 1, let only = candidates.first else {
            let list = candidates.sorted().map { $0.hasPrefix(journal + "/") ? String($0.dropFirst(journal.count + 1)) : $0 }.joined(separator: ", ")
            return .failure(Failure(message: "the wiki link [[\(name)]] matches \(candidates.count) entries: \(list); expected one: write more of the file name"))
        }
        return file(only, anchor: anchor, written: "[[\(name)]]", byPath: byPath)
    }

    static func standard(_ path: String) -> String { (path as NSString).standardizingPath }

    /// The journal folder: what every entry path has before `/entries/` (a trip's, before `/trips/`).
    static func journalRoot(_ entries: [Entry], trips: [String: TripInfo] = [:]) -> String {
        if let path = entries.first?.filePath, let range = path.range(of: "/entries/", options: .backwards) {
            return standard(String(path[..<range.lowerBound]))
        }
        if let path = trips.values.map(\.filePath).min(), let range = path.range(of: "/trips/", options: .backwards) {
            return standard(String(path[..<range.lowerBound]))
        }
        return "/"
    }
}

/// `NSString.standardizingPath`, which resolves symbolic links a component at a time (a system
/// call for each folder of each path: 80,000 for 10,000 entries), with each folder's result kept:
/// a file's path is its folder's, standardized once, and its name, unless the file is itself a link.
/// Made for one build, since links may change between builds.
final class PathStandardizer: Sendable {
    private let folders = Mutex<[String: String]>([:])

    func callAsFunction(_ path: String) -> String {
        guard ChangedFiles.isPlain(path), let slash = path.utf8.lastIndex(of: 0x2F), slash != path.utf8.startIndex else {
            return LinkResolver.standard(path)
        }
        var info = stat()
        if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK { return LinkResolver.standard(path) }
        let folder = String(path[..<slash])
        let standardFolder = folders.withLock { $0[folder] } ?? {
            let made = LinkResolver.standard(folder)
            folders.withLock { $0[folder] = made }
            return made
        }()
        return standardFolder + path[slash...]
    }
}
