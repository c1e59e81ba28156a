import Foundation

/// Ticks or unticks one task-list item in an entry file: `- [ ]` becomes `- [x]` (or back) on
/// the item's line, and no other byte of the file changes (line endings, a byte-order mark,
/// trailing spaces and the rest of the line stay as they were).
public enum TaskEditor {
    public struct Refusal: Error, Sendable {
        public var message: String
        public var line: Int
    }

    /// `line` is where the item starts (its list marker), counted as cmark-gfm counts lines:
    /// LF, CRLF and a lone CR each end one.
    public static func setDone(_ done: Bool, line: Int, in text: String) -> Result<String, Refusal> {
        var bytes = Array(text.utf8)
        guard let range = lineRange(line, in: bytes) else {
            return .failure(Refusal(message: "the file has no line \(line)", line: max(1, line)))
        }
        guard let box = checkbox(in: bytes[range]) else {
            return .failure(Refusal(message: "line \(line) is not a task-list item; expected a line such as '- [ ] call the landlord'", line: line))
        }
        let isDone = bytes[box] != UInt8(ascii: " ")
        if isDone == done {
            return .failure(Refusal(message: "the task on line \(line) is already \(done ? "done" : "open")", line: line))
        }
        bytes[box] = done ? UInt8(ascii: "x") : UInt8(ascii: " ")
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The bytes of line `number` (1-based), without its line break.
    static func lineRange(_ number: Int, in bytes: [UInt8]) -> Range<Int>? {
        guard number >= 1 else { return nil }
        var line = 1, start = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                if line == number { return start..<index }
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                start = index + 1
            }
            index += 1
        }
        return line == number && start <= bytes.count ? start..<bytes.count : nil
    }

    /// The position of the character inside `[ ]` of a list item's line: indentation, a marker
    /// (`-`, `*`, `+`, `1.` or `1)`), spaces, then `[ ]`, `[x]` or `[X]` and a space or the end.
    /// A line in a blockquote (`> - [ ]`) is not a task of the entry.
    static func checkbox(in line: ArraySlice<UInt8>) -> Int? {
        var i = line.startIndex
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        while i < line.endIndex, line[i] == space || line[i] == tab { i += 1 }
        guard i < line.endIndex else { return nil }
        if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(line[i]) {
            i += 1
        } else {
            let digits = i
            while i < line.endIndex, (0x30...0x39).contains(line[i]) { i += 1 }
            guard i > digits, i - digits <= 9, i < line.endIndex, line[i] == UInt8(ascii: ".") || line[i] == UInt8(ascii: ")") else { return nil }
            i += 1
        }
        let afterMarker = i
        while i < line.endIndex, line[i] == space || line[i] == tab { i += 1 }
        guard i > afterMarker, i + 2 < line.endIndex, line[i] == UInt8(ascii: "["), line[i + 2] == UInt8(ascii: "]") else { return nil }
        guard [space, UInt8(ascii: "x"), UInt8(ascii: "X")].contains(line[i + 1]) else { return nil }
        guard i + 3 == line.endIndex || line[i + 3] == space || line[i + 3] == tab else { return nil }
        return i + 1
    }
}
