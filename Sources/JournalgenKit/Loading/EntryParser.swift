import Foundation

/// Turns the text of one entry file into an `Entry`, reporting every mistake it finds.
/// Pure apart from its inputs: the loader reads the file, this reads the text.
public struct EntryParser: Sendable {
    public var config: JournalConfig
    public var renderer: MarkdownRenderer
    /// For an entry with neither a `date:` nor a dated file name: the earliest time its photos were
    /// taken, and the photo's name (the loader reads the photos; this stays free of file reading).
    public var photoDate: PhotoDate?

    public typealias PhotoDate = @Sendable (_ media: [MediaItem], _ filePath: String) -> (date: EntryDate, photo: String)?

    public init(config: JournalConfig, photoDate: PhotoDate? = nil) {
        self.config = config
        self.renderer = MarkdownRenderer(unsafeHTML: config.unsafeMarkdown)
        self.photoDate = photoDate
    }

    static let knownKeys: Set<String> = [
        "title", "date", "mood", "theme", "location", "trip", "media", "tags", "glory", "revisit",
        "private", "draft", "slug",
    ]

    /// `fileName` is the entry's file name, which may supply the date (`2026-04-03-kyoto.md`).
    public func parse(text: String, fileName: String, filePath: String, displayPath: String, relativePath: String,
                      diagnostics: DiagnosticsEngine) -> Entry? {
        func at(_ line: Int, _ column: Int = 1) -> SourceLocation {
            SourceLocation(path: displayPath, line: line, column: column)
        }
        func at(_ node: MetaNode) -> SourceLocation { at(node.line, node.column) }
        // Counted here, not in the shared engine: other entries are parsed at the same time.
        var failed = false
        func report(_ message: String, at location: SourceLocation) {
            failed = true
            diagnostics.error(message, at: location)
        }

        let split: SplitEntry
        let meta: MetaNode
        switch FrontMatterReader.read(text) {
        case .success(let read): (split, meta) = read
        case .failure(let problem):
            report(problem.message, at: at(problem.line, problem.column))
            return nil
        }
        guard meta.entries != nil else {
            report("the front matter holds \(meta.kindDescription); expected 'key: value' lines", at: at(meta))
            return nil
        }
        func string(_ key: String) -> (String, MetaNode)? {
            guard let node = meta[key] else { return nil }
            if case .null = node.value { return nil }
            guard let s = node.text else {
                report("'\(key)' is \(node.kindDescription); expected text", at: at(node))
                return nil
            }
            return (s, node)
        }
        func flag(_ key: String) -> Bool {
            guard let node = meta[key] else { return false }
            if case .null = node.value { return false }
            guard let b = node.bool else {
                report("'\(key)' is \(node.kindDescription); expected true or false", at: at(node))
                return false
            }
            return b
        }

        // Date: front matter, else the file name.
        // Not NSString's: bridging to it cost more than the rest of reading the front matter's dates.
        let stem = fileName.lastIndex(ofByte: UInt8(ascii: ".")).map { dot in
            dot == fileName.startIndex || fileName.utf8[dot...].contains(UInt8(ascii: "/")) ? fileName : String(fileName[..<dot])
        } ?? fileName
        let fileDay = stem.count >= 10 ? CalendarDay(iso: stem.prefix(10)) : nil
        var date: EntryDate?
        if let (value, node) = string("date") {
            do {
                date = try EntryDate.parse(value, zone: config.offsets)
            } catch {
                let reason = switch error {
                case .invalidDay: "date '\(value)' is not a day on the calendar"
                case .invalidTime: "date '\(value)' has an impossible time of day"
                case .malformed: "date '\(value)' is not a date"
                }
                report("\(reason); expected 2026-04-03, \"2026-04-03 18:20\" or 2026-04-03T18:20:00+09:00", at: at(node))
            }
        } else if let fileDay {
            var d = EntryDate(day: fileDay)
            d.utcOffset = config.offsets.offset(forLocal: d)
            date = d
        }
        let missingDate = date == nil && meta["date"] == nil

        var mood: MoodLevel?
        if let (value, node) = string("mood") {
            mood = config.moods.level(value)
            if mood == nil {
                let meant = Typos.suggestion(for: value, among: config.moods.levels.map(\.value)).map { "; did you mean '\($0)'?" } ?? ""
                report("mood '\(value)' is not on the journal's scale; expected one of: \(config.moods.valueList)\(meant)", at: at(node))
            }
        }

        var place: Place?
        if let node = meta["location"] {
            place = readPlace(node, at: at, report: report)
        }

        var tags: [String] = []
        if let node = meta["tags"] {
            switch node.value {
            case .list(let items):
                for item in items {
                    if let t = item.text?.trimmedSpaces, !t.isEmpty {
                        if !tags.contains(t) { tags.append(t) }
                    } else {
                        report("a tag is \(item.kindDescription); expected a word such as 'hike'", at: at(item))
                    }
                }
            case .scalar(let s, _):
                tags = s.split(separator: ",").map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
            case .null:
                break
            case .table:
                report("tags is a mapping; expected a list such as [temple, hike]", at: at(node))
            }
        }

        var media: [MediaItem] = []
        if let node = meta["media"] {
            media = readMedia(node, at: at, report: report)
        }
        if missingDate {
            if let (taken, photo) = photoDate?(media, filePath) {
                date = taken
                diagnostics.warning("the entry has no date; it takes \(taken.rfc3339) from its earliest photo '\(photo)'; add a 'date:' key to choose", at: at(1))
            } else {
                report("the entry has no date; expected a 'date:' key (such as date: 2026-04-03) or a file name that starts with YYYY-MM-DD", at: at(1))
            }
        }

        var glory: Glory?
        if let node = meta["glory"] {
            if node.bool == true {
                glory = .undated
            } else if node.bool == false {
                glory = nil
            } else if let t = node.text, let day = CalendarDay(iso: t.prefix(10)), t.count == 10 || (try? EntryDate.parse(t, zone: config.offsets)) != nil {
                glory = .realised(day)
            } else if case .null = node.value {
                glory = nil
            } else {
                report("glory is \(node.kindDescription); expected the day it came true (2026-05-01) or true", at: at(node))
            }
        }

        var revisit: RevisitInterval?
        if let (value, node) = string("revisit") {
            revisit = RevisitInterval.parse(value)
            if revisit == nil {
                report("revisit '\(value)' is not an interval; expected a number and days, weeks, months or years, such as '3 weeks' (at most \(RevisitInterval.maximumYears) years), or a day such as 2026-12-13", at: at(node))
            }
        }

        let isPrivate = flag("private")
        let isDraft = flag("draft")
        let trip = string("trip")?.0
        let theme = string("theme")
        let explicitSlug = string("slug")?.0
        let explicitTitle = string("title")?.0.trimmedSpaces

        // A journal without `authors:` keeps `author:` as a key for its own templates.
        let people = config.authors
        let known = people.all.isEmpty ? Self.knownKeys : Self.knownKeys.union(["author"])
        var authors: [String] = []
        if !people.all.isEmpty {
            authors = readAuthors(meta["author"], people: people, at: at, report: report)
        }
        var extra: [MetaEntry] = []
        for entry in meta.entries ?? [] where !known.contains(entry.key) {
            extra.append(entry)
        }
        Typos.checkKeys(of: meta, known: known, in: "the front matter", at: at, diagnostics: diagnostics)

        guard !failed, let date else { return nil }

        guard TableBounds.check(split.body, bodyLine: split.bodyLine, path: displayPath, diagnostics: diagnostics) else { return nil }
        let hasTitle = !(explicitTitle ?? "").isEmpty
        var body = renderer.render(split.body, dropLeadingHeading: !hasTitle, tablesFit: true)
        let title = hasTitle ? explicitTitle! : (body.firstHeading.flatMap { $0.isEmpty ? nil : $0 } ?? DateText.long(date.day))

        checkTasks(&body.tasks, bodyLine: split.bodyLine, people: people, at: at, report: report, diagnostics: diagnostics)
        for index in body.links.indices { body.links[index].line += split.bodyLine - 1 }

        var bodyImages: [MediaItem] = []
        for image in body.images {
            var item = MediaItem(source: image.source, line: split.bodyLine + image.line - 1, column: image.column)
            item.alt = image.alt
            if image.alt.trimmedSpaces.isEmpty {
                diagnostics.warning("the image '\(image.source)' has no alt text; describe it for readers who cannot see it: ![what it shows](\(image.source))",
                                    at: at(item.line, item.column))
            }
            bodyImages.append(item)
        }

        var slug = explicitSlug.map(Slug.make) ?? ""
        if slug.isEmpty {
            let name = fileDay != nil ? String(stem.dropFirst(10)) : stem
            slug = Slug.make(name)
        }
        if slug.isEmpty { slug = Slug.make(title) }
        if slug.isEmpty { slug = "entry" }

        var entry = Entry(.init(
            displayPath: displayPath, relativePath: relativePath, filePath: filePath,
            title: title, date: date,
            showsZone: date.hasTime && date.utcOffset != config.offsets.offset(forLocal: date), mood: mood, theme: theme?.0, place: place, trip: trip,
            media: media, tags: tags, glory: glory, revisit: revisit, isPrivate: isPrivate, isDraft: isDraft,
            slug: slug, extra: MetaNode(.table(extra), line: meta.line, column: meta.column), body: body,
            themeLocation: theme.map { at($0.1) }, bodyImages: bodyImages))
        entry.titleIsDate = !hasTitle && (body.firstHeading ?? "").isEmpty
        entry.authors = authors
        return entry
    }

    /// `author: ana` or `author: [ana, lena]`; none: the journal's default author.
    private func readAuthors(_ node: MetaNode?, people: JournalAuthors, at: (MetaNode) -> SourceLocation, report: (String, SourceLocation) -> Void) -> [String] {
        guard let node else { return people.defaultID.map { [$0] } ?? [] }
        let items: [MetaNode]
        switch node.value {
        case .null: return people.defaultID.map { [$0] } ?? []
        case .list(let list): items = list
        case .scalar: items = [node]
        case .table:
            report("author is a mapping; expected an author's id (\(people.idList)) or a list of them", at(node))
            return []
        }
        var ids: [String] = []
        for item in items {
            guard let id = item.text?.trimmedSpaces else {
                report("an author is \(item.kindDescription); expected an author's id (\(people.idList))", at(item))
                continue
            }
            guard people[id] != nil else {
                report(people.unknown(id), at(item))
                continue
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// Task items get their lines in the file, their due days checked and their `@id` resolved.
    private func checkTasks(_ tasks: inout [TaskItem], bodyLine: Int, people: JournalAuthors, at: (Int, Int) -> SourceLocation,
                            report: (String, SourceLocation) -> Void, diagnostics: DiagnosticsEngine) {
        for index in tasks.indices {
            tasks[index].line += bodyLine - 1
            let task = tasks[index]
            if let wrong = task.invalidDue {
                report("the task's due day '\(wrong)' is not a day on the calendar; expected (due YYYY-MM-DD), such as (due 2026-12-01)", at(task.line, task.column))
            }
            for mention in task.mentions {
                if people[mention] != nil {
                    tasks[index].assign(to: mention)
                    break
                }
                if Typos.suggestion(for: mention, among: people.all.map(\.id)) != nil {
                    diagnostics.warning(people.unknown(mention, what: "the task's assignee"), at: at(task.line, task.column))
                }
            }
        }
    }

    private func readPlace(_ node: MetaNode, at: (MetaNode) -> SourceLocation, report: (String, SourceLocation) -> Void) -> Place? {
        switch node.value {
        case .null:
            return nil
        case .scalar(let name, _):
            return Place(name: name)
        case .list:
            report("location is a list; expected a name, or {name, lat, lon}", at(node))
            return nil
        case .table:
            var place = Place(name: node["name"]?.text)
            for (key, range) in [("lat", -90.0...90.0), ("lon", -180.0...180.0)] {
                guard let value = node[key] ?? node[key == "lat" ? "latitude" : "longitude"] else { continue }
                guard let number = value.double, range.contains(number) else {
                    report("location.\(key) is \(value.kindDescription); expected a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))", at(value))
                    continue
                }
                if key == "lat" { place.latitude = number } else { place.longitude = number }
            }
            if (place.latitude == nil) != (place.longitude == nil) {
                report("location has only one coordinate; expected both lat and lon", at(node))
            }
            return place
        }
    }

    private func readMedia(_ node: MetaNode, at: (MetaNode) -> SourceLocation, report: (String, SourceLocation) -> Void) -> [MediaItem] {
        let items: [MetaNode]
        switch node.value {
        case .list(let list): items = list
        case .null: return []
        default: items = [node]
        }
        var media: [MediaItem] = []
        for item in items {
            if let source = item.text {
                media.append(MediaItem(source: source, line: item.line, column: item.column))
            } else if let source = item["src"]?.text {
                var m = MediaItem(source: source, line: item.line, column: item.column)
                m.caption = item["caption"]?.text
                m.poster = item["poster"]?.text
                media.append(m)
            } else {
                report("a media item is \(item.kindDescription); expected a file name, or {src, caption, poster}", at(item))
            }
        }
        return media
    }
}
