import Foundation

/// Appends quick mood logs to `moods.log`, one line each, in the form the reader reads and a
/// person writes by hand: `2026-11-22 08:10 good coffee with Ana`.
public enum MoodLogWriter {
    /// `author`: an id written as `@id` after the time (not needed in the author's own `moods/ID.log`).
    public static func line(level: MoodLevel, note: String?, at date: EntryDate, author: String? = nil) -> String {
        let note = note?.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
        var date = date
        date.hasTime = true
        return "\(date.dayAndMinute) " + (author.map { "@\($0) " } ?? "") + level.value + (note.map { $0.isEmpty ? "" : " " + $0 } ?? "")
    }

    /// Adds the line at the end of the file, after a line break if the file lacks a final one,
    /// with the file's own line endings. Nothing else in the file changes.
    public static func append(_ line: String, to path: String) -> Bool {
        let existing = FileIO.read(path) ?? Data()
        let crlf = existing.range(of: Data("\r\n".utf8)) != nil
        let newline = crlf ? "\r\n" : "\n"
        let needsBreak = !existing.isEmpty && existing.last != 0x0A
        return FileIO.append(Data(((needsBreak ? newline : "") + line + newline).utf8), to: path)
    }

    /// The scale's level for what was typed: its value or label, in any case, or its number
    /// (1 = the best).
    public static func level(_ typed: String, in scale: MoodScale) -> MoodLevel? {
        let t = typed.lowercased()
        if let n = Int(t), n >= 1, n <= scale.levels.count { return scale.levels[n - 1] }
        return scale.levels.first { $0.value.lowercased() == t || $0.label.lowercased() == t }
    }
}
