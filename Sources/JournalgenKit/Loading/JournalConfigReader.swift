import Foundation

/// Reads and checks `journal.yaml`, reporting every mistake with its line.
public enum JournalConfigReader {
    static let knownKeys: Set<String> = [
        "title", "author", "birthday", "timezone", "base_url", "theme", "language", "moods",
        "paginate", "markdown", "relative_links", "maps", "private", "reminders", "tips", "media", "authors",
    ]

    public static func read(journal: URL, displayPath: String, diagnostics: DiagnosticsEngine) -> JournalConfig? {
        let file = journal.appendingPathComponent(JournalConfig.fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            diagnostics.error("no journal.yaml here; expected a journal folder with a journal.yaml (title: …) and an entries/ folder",
                              at: SourceLocation(path: displayPath))
            return nil
        }
        guard let text = TextDecoding.decode(data) else {
            diagnostics.error("journal.yaml is not UTF-8 text", at: SourceLocation(path: displayPath))
            return nil
        }
        let root: MetaNode
        do {
            root = try YAMLReader.read(TextDecoding.normaliseLineEndings(text), firstLine: 1)
        } catch {
            diagnostics.error(error.message, at: SourceLocation(path: displayPath, line: error.line, column: error.column))
            return nil
        }
        return parse(root, path: displayPath, diagnostics: diagnostics)
    }

    public static func parse(_ root: MetaNode, path: String, diagnostics: DiagnosticsEngine) -> JournalConfig? {
        func at(_ node: MetaNode) -> SourceLocation { SourceLocation(path: path, line: node.line, column: node.column) }
        let errorsBefore = diagnostics.errorCount
        guard root.entries != nil else {
            diagnostics.error("journal.yaml holds \(root.kindDescription); expected settings as 'key: value' lines", at: at(root))
            return nil
        }
        func string(_ key: String) -> String? {
            guard let node = root[key] else { return nil }
            if case .null = node.value { return nil }
            guard let s = node.text else {
                diagnostics.error("'\(key)' is \(node.kindDescription); expected text", at: at(node))
                return nil
            }
            return s
        }

        let title = string("title")
        if title == nil && root["title"] == nil {
            diagnostics.error("journal.yaml has no 'title'; expected a line such as 'title: My journal'", at: at(root))
        }

        var birthday: (Int, Int)?
        if let b = root["birthday"], let text = b.text {
            let parts = text.split(separator: "-")
            if parts.count == 2, let m = Int(parts[0]), let d = Int(parts[1]), CalendarDay.isValid(year: 2000, month: m, day: d) {
                birthday = (m, d)
            } else {
                diagnostics.error("birthday '\(text)' is not a day of the year; expected MM-DD, such as 05-14", at: at(b))
            }
        }

        var zoneName = "UTC"
        var zone = TimeZone(identifier: "UTC")!
        if let node = root["timezone"], let name = node.text {
            if name.contains("/") || name == "UTC", let z = TimeZone(identifier: name) {
                zone = z
                zoneName = name
            } else {
                diagnostics.error("timezone '\(name)' is not an IANA time zone name; expected a name such as Europe/Berlin, Asia/Tokyo or UTC", at: at(node))
            }
        }

        var baseURL = string("base_url") ?? "/"
        if !baseURL.hasSuffix("/") { baseURL += "/" }
        if let node = root["base_url"], let text = node.text, URL(string: text) == nil {
            diagnostics.error("base_url '\(text)' is not a URL; expected an address such as https://example.org/journal/", at: at(node))
        }

        var moods = MoodScale.standard
        if let node = root["moods"] {
            moods = readMoods(node, at: at, diagnostics: diagnostics) ?? moods
        }

        let paging = readPaging(root["paginate"], at: at, diagnostics: diagnostics)

        var relativeLinks = false
        if let node = root["relative_links"] {
            if let b = node.bool { relativeLinks = b } else {
                diagnostics.error("relative_links is \(node.kindDescription); expected true or false", at: at(node))
            }
        }

        var unsafe = false
        if let node = root["markdown"] {
            if let u = node["unsafe"] {
                if let b = u.bool { unsafe = b } else {
                    diagnostics.error("markdown.unsafe is \(u.kindDescription); expected true or false", at: at(u))
                }
            }
        }

        var hint: String?
        var privateAll = false, privateMoodsCount = false
        if let node = root["private"] {
            hint = node["hint"]?.text
            func flag(_ key: String) -> Bool {
                guard let value = node[key] else { return false }
                guard let b = value.bool else {
                    diagnostics.error("private.\(key) is \(value.kindDescription); expected true or false", at: at(value))
                    return false
                }
                return b
            }
            privateAll = flag("all")
            privateMoodsCount = flag("count_moods")
        }

        var interactiveMap: JournalConfig.InteractiveMap?
        if let node = root["maps"] {
            if let value = node["interactive"], value.bool == nil {
                diagnostics.error("maps.interactive is \(value.kindDescription); expected true or false", at: at(value))
            } else if node["interactive"]?.bool == true {
                let tiles = node["tiles"]?.text ?? ""
                if ["{z}", "{x}", "{y}"].allSatisfy(tiles.contains) && (tiles.hasPrefix("https://") || tiles.hasPrefix("http://")) {
                    interactiveMap = .init(tiles: tiles, attribution: node["attribution"]?.text ?? "", location: at(node))
                } else {
                    diagnostics.error("maps.interactive needs maps.tiles, the address of the tile server to ask, with {z}, {x} and {y}; found '\(tiles)'; expected for example https://tile.openstreetmap.org/{z}/{x}/{y}.png (mind its usage policy) and an attribution",
                                      at: at(node["tiles"] ?? node))
                }
            }
        }

        let tips = readTips(root["tips"], at: at, diagnostics: diagnostics)
        let reminders = root["reminders"].flatMap { readReminders($0, at: at, diagnostics: diagnostics) }
        let media = root["media"].map { readMedia($0, at: at, diagnostics: diagnostics) } ?? ImageSettings()
        let authors = JournalAuthors.read(root["authors"], defaultName: root["author"]?.text, at: at, diagnostics: diagnostics)

        Typos.checkKeys(of: root, known: knownKeys, in: "journal.yaml", at: at, diagnostics: diagnostics)
        var extra: [MetaEntry] = []
        for entry in root.entries ?? [] where !knownKeys.contains(entry.key) {
            extra.append(entry)
        }

        guard diagnostics.errorCount == errorsBefore, let title else { return nil }
        var config = JournalConfig(
            title: title, author: string("author"), birthday: birthday, offsets: ZoneOffsets(zone), timeZoneName: zoneName,
            baseURL: baseURL, theme: string("theme") ?? "paper", language: string("language") ?? "en",
            moods: moods, paging: paging, unsafeMarkdown: unsafe, privateHint: hint, tips: tips, reminders: reminders,
            media: media,
            extra: MetaNode(.table(extra), line: root.line, column: root.column))
        config.privateAll = privateAll
        config.relativeLinks = relativeLinks
        config.interactiveMap = interactiveMap
        config.privateMoodsCount = privateMoodsCount
        config.authors = authors
        // `author: lena`, an id: the journal is "Lena’s journal".
        if let id = config.author, let named = authors[id] { config.author = named.name }
        config.languageLocation = root["language"].map(at)
        return config
    }

    static func readMoods(_ node: MetaNode, at: (MetaNode) -> SourceLocation, diagnostics: DiagnosticsEngine) -> MoodScale? {
        guard case .list(let items) = node.value, !items.isEmpty else {
            diagnostics.error("moods is \(node.kindDescription); expected a list of levels, best first, each {value, label, emoji, colour}", at: at(node))
            return nil
        }
        var levels: [(String, String, String, String)] = []
        var seen: Set<String> = []
        for item in items {
            guard let value = item["value"]?.text ?? item.text else {
                diagnostics.error("a mood level has no 'value'; expected {value: good, label: Good, emoji: 🙂, colour: \"#7cb342\"}", at: at(item))
                continue
            }
            if !seen.insert(value).inserted {
                diagnostics.error("the mood '\(value)' is listed twice; each value may appear once", at: at(item))
            }
            let standard = MoodScale.standard.level(value)
            let colour = item["colour"]?.text ?? item["color"]?.text ?? standard?.colour ?? "#888888"
            if !colour.hasPrefix("#") || ![4, 7].contains(colour.count) || !colour.dropFirst().allSatisfy(\.isHexDigit) {
                diagnostics.error("colour '\(colour)' of mood '\(value)' is not a colour; expected #rgb or #rrggbb", at: at(item["colour"] ?? item))
            }
            levels.append((value, item["label"]?.text ?? standard?.label ?? value.capitalized,
                           item["emoji"]?.text ?? standard?.emoji ?? "", colour))
        }
        return MoodScale(levels: levels)
    }

    static func readTips(_ node: MetaNode?, at: (MetaNode) -> SourceLocation, diagnostics: DiagnosticsEngine) -> [String]? {
        guard let node else { return nil }
        guard case .list(let items) = node.value, !items.isEmpty else {
            diagnostics.error("tips is \(node.kindDescription); expected a list of short texts", at: at(node))
            return nil
        }
        var tips: [String] = []
        for item in items {
            guard let text = item.text, !text.trimmedSpaces.isEmpty else {
                diagnostics.error("a tip is \(item.kindDescription); expected a short text", at: at(item))
                continue
            }
            tips.append(text.trimmedSpaces)
        }
        return tips
    }

    static func readMedia(_ node: MetaNode, at: (MetaNode) -> SourceLocation, diagnostics: DiagnosticsEngine) -> ImageSettings {
        var settings = ImageSettings()
        guard let entries = node.entries else {
            diagnostics.error("media is \(node.kindDescription); expected settings such as {widths: [480, 960, 1600], quality: 80, originals: false}", at: at(node))
            return settings
        }
        for entry in entries {
            let value = entry.node
            func number(_ range: ClosedRange<Int>, _ what: String) -> Int? {
                if let n = value.int, range.contains(n) { return n }
                diagnostics.error("media.\(entry.key) is '\(value.text ?? value.kindDescription)'; expected \(what)", at: at(value))
                return nil
            }
            func flag() -> Bool? {
                if let b = value.bool { return b }
                diagnostics.error("media.\(entry.key) is '\(value.text ?? value.kindDescription)'; expected true or false", at: at(value))
                return nil
            }
            switch entry.key {
            case "widths":
                guard case .list(let items) = value.value, !items.isEmpty,
                      case let widths = items.compactMap(\.int), widths.count == items.count, widths.allSatisfy({ (16...8192).contains($0) }) else {
                    diagnostics.error("media.widths is \(value.kindDescription); expected a list of widths in pixels, such as [480, 960, 1600]", at: at(value))
                    continue
                }
                settings.widths = Array(Set(widths)).sorted()
            case "quality": settings.quality = number(1...100, "a quality from 1 to 100") ?? settings.quality
            case "originals": settings.originals = flag() ?? settings.originals
            case "keep_metadata": settings.keepMetadata = flag() ?? settings.keepMetadata
            case "video_warning_mb": settings.videoWarningMB = number(1...100_000, "a size in megabytes") ?? settings.videoWarningMB
            default:
                diagnostics.warning("media.\(entry.key) is not a media setting; known: widths, quality, originals, keep_metadata, video_warning_mb", at: at(entry.node))
            }
        }
        return settings
    }

    /// `paginate: 10` (entries per home page, as before) or a table of every list's page size.
    static func readPaging(_ node: MetaNode?, at: (MetaNode) -> SourceLocation, diagnostics: DiagnosticsEngine) -> Paging {
        var paging = Paging()
        guard let node else { return paging }
        let expected = "expected a whole number of entries per home page, such as 10, or {home: 10, lists: 300, photos: 200, mood_log: 500, glory: 100}"
        if let n = node.int {
            if (1...Paging.maximum).contains(n) { paging.home = n } else { diagnostics.error("paginate is \(n); \(expected)", at: at(node)) }
            return paging
        }
        guard let entries = node.entries else {
            diagnostics.error("paginate is \(node.kindDescription); \(expected)", at: at(node))
            return paging
        }
        let keys: [String: WritableKeyPath<Paging, Int>] = ["home": \.home, "lists": \.lists, "photos": \.photos, "mood_log": \.moodLog, "glory": \.glory]
        for entry in entries {
            guard let key = keys[entry.key] else {
                diagnostics.warning("paginate.\(entry.key) is not a list journalgen paginates; known: home, lists, photos, mood_log, glory", at: at(entry.node))
                continue
            }
            if let n = entry.node.int, (1...Paging.maximum).contains(n) { paging[keyPath: key] = n } else {
                diagnostics.error("paginate.\(entry.key) is '\(entry.node.text ?? entry.node.kindDescription)'; expected a whole number of items per page up to \(Paging.maximum), such as \(Paging()[keyPath: key])", at: at(entry.node))
            }
        }
        return paging
    }

    static func readReminders(_ node: MetaNode, at: (MetaNode) -> SourceLocation, diagnostics: DiagnosticsEngine) -> ReminderHours? {
        guard node.entries != nil else {
            diagnostics.error("reminders is \(node.kindDescription); expected {wake: \"07:30\", sleep: \"23:00\", count: 5}", at: at(node))
            return nil
        }
        func time(_ key: String, _ fallback: Int) -> Int? {
            guard let value = node[key] else { return fallback }
            let text = value.text ?? ""
            let parts = text.split(separator: ":")
            if parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) {
                return h * 60 + m
            }
            diagnostics.error("reminders.\(key) '\(text)' is not a time of day; expected HH:MM in quotes, such as \"07:30\"", at: at(value))
            return nil
        }
        let wake = time("wake", 8 * 60), sleep = time("sleep", 22 * 60)
        var count = 3
        if let value = node["count"] {
            if let n = value.int, (1...24).contains(n) { count = n } else {
                diagnostics.error("reminders.count is \(value.kindDescription); expected a whole number of reminders a day from 1 to 24", at: at(value))
                return nil
            }
        }
        guard let wake, let sleep else { return nil }
        if wake == sleep {
            diagnostics.error("reminders: wake and sleep are the same time; expected the waking hours, such as wake: \"07:30\" and sleep: \"23:00\"", at: at(node))
            return nil
        }
        return ReminderHours(wake: wake, sleep: sleep, count: count)
    }
}
