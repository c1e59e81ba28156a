import Foundation

/// One line of `moods.log`: a mood noted in passing, without an entry.
public struct MoodLogLine: Sendable, Hashable {
    public var date: EntryDate
    public var level: MoodLevel
    public var note: String?
    /// Whose mood: `@ana` after the time, or the file `moods/ana.log`; else the journal's default
    /// author (nil when the journal lists no authors).
    public var author: String?
}

/// Reads the quick mood log: `moods.log` and `moods/*.log` at the journal root, one line a log,
/// `2026-04-03T08:10:00+09:00 good coffee with Ana` or `2026-04-03 21:40 so-so tired`.
/// Blank lines and lines starting with `#` are skipped, so the file can carry comments.
public struct MoodLogReader: Sendable {
    public var scale: MoodScale
    public var zone: any LocalOffsets
    public var authors: JournalAuthors

    public init(scale: MoodScale, zone: any LocalOffsets, authors: JournalAuthors = JournalAuthors()) {
        self.scale = scale
        self.zone = zone
        self.authors = authors
    }

    /// `moods/ana.log` holds Ana's moods when `ana` is an author; other files the default author's.
    public func fileAuthor(_ path: String) -> String? {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if (path as NSString).deletingLastPathComponent.hasSuffix("/moods"), authors[name] != nil { return name }
        return authors.defaultID
    }

    /// The log files of a journal, `moods.log` first, then `moods/*.log` in name order.
    public static func files(journal: String) -> [String] {
        var files: [String] = []
        if FileIO.isRegularFile(journal + "/moods.log") { files.append(journal + "/moods.log") }
        let folder = journal + "/moods"
        files += FileIO.listFiles(below: folder) { $0.hasSuffix(".log") }.sorted().map { folder + "/" + $0 }
        return files
    }

    /// Every line of one file's text; a line that cannot be read is reported with its line and column.
    public func parse(_ text: String, displayPath: String, author: String? = nil, diagnostics: DiagnosticsEngine) -> [MoodLogLine] {
        var lines: [MoodLogLine] = []
        var number = 0
        // Byte-wise: a line feed is always a character of its own, and splitting by characters
        // cost as much as reading the lines.
        for raw in TextDecoding.normaliseLineEndings(text).utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let line = String(Substring(raw))
            let trimmed = line.trimmedSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            switch parseLine(line) {
            case .success(var parsed):
                if parsed.author == nil { parsed.author = author ?? authors.defaultID }
                lines.append(parsed)
            case .failure(let problem):
                diagnostics.error(problem.message, at: SourceLocation(path: displayPath, line: number, column: problem.column))
            }
        }
        return lines
    }

    struct Problem: Error {
        var message: String
        var column: Int
    }

    /// Splits a line into date, level and note. The date is one word (`2026-04-03T08:10`) or a
    /// day and a time (`2026-04-03 08:10`).
    func parseLine(_ line: String) -> Result<MoodLogLine, Problem> {
        let found = line.utf8.allSatisfy({ $0 < 0x80 })
            ? Self.words(of: line.utf8) { $0 == 0x20 || $0 == 0x09 }
            : Self.words(of: line) { $0 == " " || $0 == "\t" }
        let words = found.words.map { (text: line[$0.range], column: $0.column) }
        let rest = String(line[found.rest...]).trimmedSpaces
        guard let first = words.first else { return .failure(Problem(message: "empty line", column: 1)) }
        var dateText = String(first.text)
        var levelWord = 1
        if words.count > 1, first.text.count == 10, Self.looksLikeTime(words[1].text) {
            dateText += " " + words[1].text
            levelWord = 2
        }
        let date: EntryDate
        do {
            date = try EntryDate.parse(dateText, zone: zone)
        } catch {
            return .failure(Problem(message: "'\(dateText)' is not a date; expected a line such as '2026-04-03 21:40 good a note' or '2026-04-03T08:10:00+09:00 so-so'", column: first.column))
        }
        guard levelWord < words.count else {
            return .failure(Problem(message: "the line has a date but no mood; expected one of: \(scale.valueList) after the date", column: line.count + 1))
        }
        var author: String?
        if words[levelWord].text.hasPrefix("@") {
            let id = String(words[levelWord].text.dropFirst())
            guard authors[id] != nil else { return .failure(Problem(message: authors.unknown(id), column: words[levelWord].column)) }
            author = id
            levelWord += 1
            guard levelWord < words.count else {
                return .failure(Problem(message: "the line has a date and an author but no mood; expected one of: \(scale.valueList) after @\(id)", column: line.count + 1))
            }
        }
        let levelText = String(words[levelWord].text)
        guard let level = scale.level(levelText) else {
            return .failure(Problem(message: "mood '\(levelText)' is not on the journal's scale; expected one of: \(scale.valueList)", column: words[levelWord].column))
        }
        // Words after the level belong to the note, with the note's own spacing kept.
        var note = words.dropFirst(levelWord + 1).map { String($0.text) }.joined(separator: " ")
        if !rest.isEmpty { note += (note.isEmpty ? "" : " ") + rest }
        return .success(MoodLogLine(date: date, level: level, note: note.isEmpty ? nil : note, author: author))
    }

    /// The line's first four words, each with its column (in characters), and where the rest
    /// begins. Over the line's characters, or over its bytes when they are all ASCII (each byte
    /// a character then): the same words, found several times faster, for logs of years of lines.
    static func words<C: Collection>(of view: C, isBlank: (C.Element) -> Bool) -> (words: [(range: Range<String.Index>, column: Int)], rest: String.Index)
    where C.Index == String.Index {
        var words: [(range: Range<String.Index>, column: Int)] = []
        var index = view.startIndex
        var column = 1
        while index < view.endIndex {
            while index < view.endIndex, isBlank(view[index]) {
                index = view.index(after: index)
                column += 1
            }
            guard index < view.endIndex else { break }
            if words.count == 4 { break }
            let start = index, startColumn = column
            while index < view.endIndex, !isBlank(view[index]) {
                index = view.index(after: index)
                column += 1
            }
            words.append((start..<index, startColumn))
        }
        return (words, index)
    }

    static func looksLikeTime(_ word: Substring) -> Bool {
        let u = Array(word.utf8)
        return u.count >= 5 && u[2] == UInt8(ascii: ":") && u[0] >= 48 && u[0] <= 57 && u[1] >= 48 && u[1] <= 57
    }
}
