import Foundation

/// A new entry as `journalgen new` writes it: front matter with only the keys given, in the
/// order of the journal format, and an empty body to write in.
public struct NewEntry: Sendable {
    public var title: String?
    public var date: EntryDate
    public var mood: String?
    public var theme: String?
    public var trip: String?
    public var place: String?
    public var tags: [String] = []
    public var isPrivate = false
    /// Author ids, in a journal with `authors:`.
    public var authors: [String] = []
    /// File names in the entry's bundle folder.
    public var media: [String] = []

    public init(title: String?, date: EntryDate) {
        self.title = title
        self.date = date
    }

    /// `2026/2026-11-22-kyoto-day-two`: the path below entries/, without `.md`.
    public var stem: String { Self.stem(day: date.day, title: title) }

    /// `2026/2026-11-22-kyoto-day-two`; `slugLimit` shortens a long title's slug (imports, whose
    /// first lines can be paragraphs).
    static func stem(day: CalendarDay, title: String?, slugLimit: Int? = nil) -> String {
        var slug = title.map(Slug.make) ?? ""
        if let slugLimit { slug = String(slug.prefix(slugLimit)).trimmingCharacters(in: CharacterSet(charactersIn: "-")) }
        return "\(pad(day.year, 4))/\(day)-\(slug.isEmpty ? "entry" : slug)"
    }

    public var text: String {
        var lines = ["---"]
        if let title, !title.isEmpty { lines.append("title: " + FrontMatterEditor.yaml(.text(title))) }
        lines.append("date: " + (date.hasTime ? date.rfc3339 : date.day.description))
        if authors.count == 1 { lines.append("author: " + authors[0]) }
        if authors.count > 1 { lines.append("author: [" + authors.joined(separator: ", ") + "]") }
        if let mood { lines.append("mood: " + FrontMatterEditor.yaml(.text(mood))) }
        if let theme { lines.append("theme: " + FrontMatterEditor.yaml(.text(theme))) }
        if let trip { lines.append("trip: " + FrontMatterEditor.yaml(.text(trip))) }
        if let place, !place.isEmpty { lines.append("location: " + FrontMatterEditor.yaml(.text(place))) }
        if !tags.isEmpty { lines.append("tags: [" + tags.map(Self.flowItem).joined(separator: ", ") + "]") }
        if !media.isEmpty {
            lines.append("media:")
            lines += media.map { "  - " + FrontMatterEditor.yaml(.text($0)) }
        }
        if isPrivate { lines.append("private: true") }
        lines += ["---", "", ""]
        return lines.joined(separator: "\n")
    }

    /// A tag inside `[...]`, where commas and brackets need quotes too.
    static func flowItem(_ tag: String) -> String {
        tag.contains(where: { ",[]{}".contains($0) }) ? FrontMatterEditor.quoted(tag) : FrontMatterEditor.yaml(.text(tag))
    }

    /// Writes the entry under `journal/entries/`, never over an existing file (`-2`, `-3`, … are
    /// added), and copies `mediaFiles` into its bundle folder. Returns the entry's path.
    public func write(journal: String, mediaFiles: [String]) throws(WriteError) -> String {
        var entry = self
        entry.media = mediaFiles.map { ($0 as NSString).lastPathComponent }
        if Set(entry.media).count != entry.media.count { throw WriteError("two media files have the same name; expected different names in one entry") }
        let stem = Self.freeStem(self.stem, journal: journal, withBundle: !mediaFiles.isEmpty)
        return try Self.create(text: entry.text, stem: stem, journal: journal, files: Array(zip(mediaFiles, entry.media)))
    }

    /// `stem`, or `stem-2`, `stem-3`, … : the first whose file (and bundle folder, when the entry
    /// has files) does not exist.
    static func freeStem(_ stem: String, journal: String, withBundle: Bool) -> String {
        let fm = FileManager.default
        var free = stem, n = 2
        while fm.fileExists(atPath: "\(journal)/entries/\(free).md") || (withBundle && fm.fileExists(atPath: "\(journal)/entries/\(free)")) {
            free = stem + "-\(n)"
            n += 1
        }
        return free
    }

    /// Writes `entries/STEM.md` and copies `files` into its bundle folder. Returns the path.
    static func create(text: String, stem: String, journal: String, files: [(source: String, name: String)]) throws(WriteError) -> String {
        let path = "\(journal)/entries/\(stem).md"
        let folder = (path as NSString).deletingLastPathComponent
        guard FileIO.makeDirectories(folder) else { throw WriteError("cannot create \(folder)") }
        if !files.isEmpty {
            let bundle = "\(journal)/entries/\(stem)"
            guard FileIO.makeDirectories(bundle) else { throw WriteError("cannot create \(bundle)") }
            for file in files {
                do { try FileManager.default.copyItem(atPath: file.source, toPath: bundle + "/" + file.name) } catch {
                    throw WriteError("cannot copy \(file.source): \(error.localizedDescription)")
                }
            }
        }
        // O_EXCL: a file that appeared in the meantime is not overwritten either.
        guard FileIO.createNew(Data(text.utf8), at: path) else { throw WriteError("cannot create \(path): it exists or the folder is not writable") }
        return path
    }

    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}

extension EntryDate {
    /// The moment `now` on the wall clock of `zone`, to the minute (or the second).
    public init(_ now: Date, zone: TimeZone, seconds: Bool = false) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        self.init(day: CalendarDay(year: c.year!, month: c.month!, day: c.day!))
        hour = c.hour!
        minute = c.minute!
        if seconds { second = c.second! }
        hasTime = true
        utcOffset = zone.secondsFromGMT(for: now)
    }
}
