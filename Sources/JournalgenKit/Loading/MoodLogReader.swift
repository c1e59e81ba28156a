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
        func take(_ result: Result<MoodLogLine, Problem>) {
            switch result {
            case .success(var parsed):
                if parsed.author == nil { parsed.author = author ?? authors.defaultID }
                lines.append(parsed)
            case .failure(let problem):
                diagnostics.error(problem.message, at: SourceLocation(path: displayPath, line: number, column: problem.column))
            }
        }
        // Byte-wise: a line feed is always a character of its own. A line is read from its bytes
        // where they are; only the few that need their characters become Strings.
        var text = TextDecoding.normaliseLineEndings(text)
        text.withUTF8 { all in
            var start = 0
            while start <= all.count {
                let feed = start < all.count ? memchr(all.baseAddress! + start, 0x0A, all.count - start) : nil
                let end = feed.map { all.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? all.count
                defer { start = end + 1 }
                number += 1
                let raw = UnsafeBufferPointer(rebasing: all[start..<end])
                if TextDecoding.isASCII(raw) {
                    // Blank, or a comment: its first byte after spaces and tabs is `#`.
                    guard let first = raw.first(where: { $0 != 0x20 && $0 != 0x09 }), first != UInt8(ascii: "#") else { continue }
                    take(parseLine(bytes: raw, ascii: true) ?? parseLine(String(decoding: raw, as: UTF8.self)))
                } else {
                    let line = String(decoding: raw, as: UTF8.self)
                    let trimmed = line.trimmedSpaces
                    if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                    take(parseLine(bytes: raw, ascii: false) ?? parseLine(line))
                }
            }
        }
        return lines
    }

    struct Problem: Error, Equatable {
        var message: String
        var column: Int
    }

    /// Splits a line into date, level and note. The date is one word (`2026-04-03T08:10`) or a
    /// day and a time (`2026-04-03 08:10`).
    func parseLine(_ line: String) -> Result<MoodLogLine, Problem> {
        let found = Self.words(of: line)
        let words = found.words.map { (text: line[$0.range], column: $0.column) }
        let rest = String(line[found.rest...]).trimmedSpaces
        guard let first = words.first else { return .failure(Problem(message: "empty line", column: 1)) }
        var dateText = String(first.text)
        var levelWord = 1
        if words.count > 1, first.text.count == 10, Self.looksLikeTime(Array(words[1].text.utf8)) {
            dateText += " " + words[1].text
            levelWord = 2
        }
        return reading(dateText: dateText, dateColumn: first.column, words: words.map { (text: String($0.text), column: $0.column) }, from: levelWord,
                       rest: rest, lineLength: line.count)
    }

    /// `parseLine` over the line's bytes: the same words, notes, columns and messages, with no
    /// String made for what is stepped over (a log kept for years is tens of thousands of lines,
    /// read beside the entries in every first build). Nil when only its characters can tell:
    /// a letter beside a space or tab may join it into one character (a combining accent after
    /// it, a prepended mark before it), the words before the note must be ASCII to be counted
    /// and compared as bytes, and a message's column counts characters. A line of ASCII, each
    /// byte a character, is never nil.
    func parseLine(bytes line: UnsafeBufferPointer<UInt8>, ascii: Bool) -> Result<MoodLogLine, Problem>? {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self) }
        // Each space or tab a character of its own, as it is between two ASCII bytes. Beside a
        // letter of another script, the two Unicode decides (whether a break lies between two
        // characters depends on those two alone, for a space or a tab).
        if !ascii {
            for index in line.indices where isBlank(line[index]) {
                let before = index > 0 && line[index - 1] >= 0x80, after = index + 1 < line.count && line[index + 1] >= 0x80
                guard before || after else { continue }
                var start = index, end = index + 1
                if before { start -= 1; while start > 0, line[start] & 0xC0 == 0x80 { start -= 1 } }
                if after { end += 1; while end < line.count, line[end] & 0xC0 == 0x80 { end += 1 } }
                let window = text(start..<end)
                if window.count != window.unicodeScalars.count { return nil }
            }
        }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(4)
        var index = 0
        while index < line.count {
            while index < line.count, isBlank(line[index]) { index += 1 }
            guard index < line.count, ranges.count < 4 else { break }
            let start = index
            while index < line.count, !isBlank(line[index]) { index += 1 }
            ranges.append(start..<index)
        }
        var restEnd = line.count
        while restEnd > index, isBlank(line[restEnd - 1]) { restEnd -= 1 }
        guard let first = ranges.first else { return .failure(Problem(message: "empty line", column: 1)) }
        var levelWord = 1
        if ranges.count > 1, first.count == 10, Self.looksLikeTime(UnsafeBufferPointer(rebasing: line[ranges[1]])) { levelWord = 2 }
        // The date, the author and the mood, read as ASCII.
        if !ascii {
            var last = min(levelWord, ranges.count - 1)
            if last == levelWord, line[ranges[last].lowerBound] == UInt8(ascii: "@") { last = min(levelWord + 1, ranges.count - 1) }
            guard TextDecoding.isASCII(UnsafeBufferPointer(rebasing: line[first.lowerBound..<ranges[last].upperBound])) else { return nil }
        }
        let dateText = levelWord == 2 ? text(first) + " " + text(ranges[1]) : text(first)
        // Typed as `reading` takes them: an array of unlabelled pairs was converted, a copy.
        let words: [(text: String, column: Int)] = ranges.indices.map { (text: $0 < levelWord ? "" : text(ranges[$0]), column: ranges[$0].lowerBound + 1) }
        let result = reading(dateText: dateText, dateColumn: first.lowerBound + 1, words: words, from: levelWord,
                             rest: text(index..<restEnd), lineLength: line.count)
        if !ascii, case .failure = result { return nil }
        return result
    }

    /// The line from its date on, its first four words found (with their columns) and `rest`,
    /// what follows them, trimmed. `levelWord`: the word after the date.
    private func reading(dateText: String, dateColumn: Int, words: [(text: String, column: Int)], from levelWord: Int,
                         rest: String, lineLength: Int) -> Result<MoodLogLine, Problem> {
        var levelWord = levelWord
        let date: EntryDate
        do {
            date = try EntryDate.parse(dateText, zone: zone)
        } catch {
            return .failure(Problem(message: "'\(dateText)' is not a date; expected a line such as '2026-04-03 21:40 good a note' or '2026-04-03T08:10:00+09:00 so-so'", column: dateColumn))
        }
        guard levelWord < words.count else {
            return .failure(Problem(message: "the line has a date but no mood; expected one of: \(scale.valueList) after the date", column: lineLength + 1))
        }
        var author: String?
        if words[levelWord].text.hasPrefix("@") {
            let id = String(words[levelWord].text.dropFirst())
            guard authors[id] != nil else { return .failure(Problem(message: authors.unknown(id), column: words[levelWord].column)) }
            author = id
            levelWord += 1
            guard levelWord < words.count else {
                return .failure(Problem(message: "the line has a date and an author but no mood; expected one of: \(scale.valueList) after @\(id)", column: lineLength + 1))
            }
        }
        let levelText = words[levelWord].text
        guard let level = scale.level(levelText) else {
            return .failure(Problem(message: "mood '\(levelText)' is not on the journal's scale; expected one of: \(scale.valueList)", column: words[levelWord].column))
        }
        // Words after the level belong to the note, with the note's own spacing kept.
        var note = words.dropFirst(levelWord + 1).map(\.text).joined(separator: " ")
        if !rest.isEmpty { note += (note.isEmpty ? "" : " ") + rest }
        return .success(MoodLogLine(date: date, level: level, note: note.isEmpty ? nil : note, author: author))
    }

    /// The line's first four words, each with its column (in characters), and where the rest
    /// begins.
    static func words(of line: String) -> (words: [(range: Range<String.Index>, column: Int)], rest: String.Index) {
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
        var words: [(range: Range<String.Index>, column: Int)] = []
        var index = line.startIndex
        var column = 1
        while index < line.endIndex {
            while index < line.endIndex, isBlank(line[index]) {
                index = line.index(after: index)
                column += 1
            }
            guard index < line.endIndex else { break }
            if words.count == 4 { break }
            let start = index, startColumn = column
            while index < line.endIndex, !isBlank(line[index]) {
                index = line.index(after: index)
                column += 1
            }
            words.append((start..<index, startColumn))
        }
        return (words, index)
    }

    static func looksLikeTime<C: Collection<UInt8>>(_ word: C) -> Bool where C.Index == Int {
        word.count >= 5 && word[word.startIndex + 2] == UInt8(ascii: ":")
            && (48...57).contains(word[word.startIndex]) && (48...57).contains(word[word.startIndex + 1])
    }
}
