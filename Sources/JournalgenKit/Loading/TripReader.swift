import Foundation

/// What `trips/<id>.md` says about a trip: the words around the entries.
public struct TripInfo: Sendable {
    public var id: String
    public var title: String?
    public var summary: String?
    public var cover: MediaItem?
    public var start: CalendarDay?
    public var end: CalendarDay?
    public var bodyHTML: String
    public var filePath: String
    /// Links of the text to files of the journal and wiki links, standing in `bodyHTML` as
    /// placeholders until the site model knows every page's address (lines in the file).
    var links: [CmarkGFM.Link] = []
    /// `private: true`: the trip and all its entries are published only as ciphertext.
    public var isPrivate = false
    /// Set by the build for a private trip: its page is `private/<token>/`.
    public var lockToken: String?
}

/// Reads `trips/*.md`: YAML or TOML front matter (title, summary, cover, start, end) and a
/// Markdown body. The cover is found like an entry's media: in `trips/<id>/`, then in `media/`.
public struct TripReader: Sendable {
    public var journal: String
    public var config: JournalConfig
    public var paths: DisplayPaths
    /// Covers' headers as the last build read them; without it, each cover is opened.
    var images: ImageCache?
    /// The loader's, whose looks at folders and files the covers share; without it, one of its own.
    var resolver: MediaResolver?

    public init(journal: String, config: JournalConfig, paths: DisplayPaths) {
        self.journal = journal
        self.config = config
        self.paths = paths
    }

    static let knownKeys: Set<String> = ["title", "summary", "cover", "start", "end", "private"]

    public func readAll(diagnostics: DiagnosticsEngine) -> [String: TripInfo] {
        let folder = journal + "/trips"
        let names = FileIO.listFiles(below: folder, include: { $0.hasSuffix(".md") }).sorted().filter { !$0.contains("/") }
        // On all cores: each cover is read as a photo. One resolver for all: one each opened the
        // journal's folder and worked out its real path again (an `lstat` of every folder above
        // it, `readlink`s), 2,200 of the 57,600 system calls of a build after one edit at 10k.
        let resolver = self.resolver ?? MediaResolver(journal: journal)
        let read = parallelMap(names) { self.read(folder + "/" + $0, resolver: resolver, diagnostics: diagnostics) }
        var trips: [String: TripInfo] = [:]
        for case let trip? in read { trips[trip.id] = trip }
        return trips
    }

    func read(_ path: String, resolver: MediaResolver, diagnostics: DiagnosticsEngine) -> TripInfo? {
        let display = paths.display(path: path)
        func at(_ node: MetaNode) -> SourceLocation { SourceLocation(path: display, line: node.line, column: node.column) }
        guard let data = FileIO.read(path), let text = TextDecoding.decode(data) else {
            diagnostics.error("cannot read this file as UTF-8 text; expected a Markdown trip description", at: SourceLocation(path: display))
            return nil
        }
        let split: SplitEntry
        let meta: MetaNode
        switch FrontMatterReader.read(text) {
        case .success(let read): (split, meta) = read
        case .failure(let problem):
            diagnostics.error(problem.message, at: SourceLocation(path: display, line: problem.line, column: problem.column))
            return nil
        }
        let id = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var trip = TripInfo(id: id, bodyHTML: "", filePath: path)
        Typos.checkKeys(of: meta, known: Self.knownKeys, in: "a trip's front matter", at: at, diagnostics: diagnostics)
        trip.title = meta["title"]?.text
        trip.summary = meta["summary"]?.text
        if let node = meta["private"] {
            if let flag = node.bool { trip.isPrivate = flag } else {
                diagnostics.error("private is \(node.kindDescription); expected true or false", at: at(node))
            }
        }
        for key in ["start", "end"] {
            guard let node = meta[key] else { continue }
            guard let text = node.text, let day = CalendarDay(iso: text.prefix(10)) else {
                diagnostics.error("\(key) is \(node.kindDescription); expected a day such as 2026-04-03", at: at(node))
                continue
            }
            if key == "start" { trip.start = day } else { trip.end = day }
        }
        if let node = meta["cover"] {
            if let name = node.text {
                var item = MediaItem(source: name, line: node.line, column: node.column)
                switch resolver.resolve(name, entryPath: path) {
                case .success(let found):
                    item.filePath = found
                    if item.isPhoto {
                        switch PhotoInfo.read(found, zone: config.offsets, paths: paths, cache: images) {
                        case .success(let photo): item.photo = photo
                        case .failure(let problem): diagnostics.error(problem.message, at: at(node))
                        }
                    }
                    trip.cover = item
                case .failure(.escapes):
                    diagnostics.error("cover '\(name)' points outside the journal; expected a file name inside trips/\(id)/ or media/", at: at(node))
                case .failure(.missing(let searched)):
                    diagnostics.error("cover '\(name)' not found; looked for \(searched.joined(separator: " and "))", at: at(node))
                }
            } else {
                diagnostics.error("cover is \(node.kindDescription); expected an image file name", at: at(node))
            }
        }
        let tablesFit = TableBounds.check(split.body, bodyLine: split.bodyLine, path: display, diagnostics: diagnostics)
        let body = MarkdownRenderer(unsafeHTML: config.unsafeMarkdown).render(split.body, tablesFit: tablesFit)
        trip.bodyHTML = body.html
        trip.links = body.links.map { var link = $0; link.line += split.bodyLine - 1; return link }
        return trip
    }
}
