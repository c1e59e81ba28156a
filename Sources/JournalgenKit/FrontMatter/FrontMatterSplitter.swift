/// Separates an entry file into its front matter and its Markdown body, keeping line numbers so
/// that messages point at the right line of the file the writer has open.
public struct SplitEntry: Sendable {
    public enum Format: Sendable { case yaml, toml, none }

    public var format: Format
    /// The front-matter lines, without the fences, LF line endings.
    public var frontMatter: String
    /// File line of the first front-matter line.
    public var frontMatterLine: Int
    public var body: String
    /// File line of the first body line.
    public var bodyLine: Int
}

public enum FrontMatterSplitter {
    public struct Unclosed: Error {
        public var fence: String
    }

    /// `text` must already be decoded (no BOM). CRLF and CR line endings are accepted.
    /// Works on UTF-8 bytes: this runs once per entry, and Character-wise splitting costs more
    /// than parsing the YAML.
    public static func split(_ text: String) throws(Unclosed) -> SplitEntry {
        let normalised = TextDecoding.normaliseLineEndings(text)
        let bytes = normalised.utf8
        let fence: [UInt8]
        let format: SplitEntry.Format
        if bytes.starts(with: "---".utf8) {
            fence = Array("---".utf8); format = .yaml
        } else if bytes.starts(with: "+++".utf8) {
            fence = Array("+++".utf8); format = .toml
        } else {
            return SplitEntry(format: .none, frontMatter: "", frontMatterLine: 1, body: normalised, bodyLine: 1)
        }
        func isFence(_ line: Substring.UTF8View) -> Bool {
            var l = line
            while l.last == 0x20 || l.last == 0x09 { l = l.dropLast() }
            return l.elementsEqual(fence) || (format == .yaml && l.elementsEqual("...".utf8))
        }
        let firstEnd = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        guard isFence(normalised[..<firstEnd].utf8) else {
            return SplitEntry(format: .none, frontMatter: "", frontMatterLine: 1, body: normalised, bodyLine: 1)
        }
        guard firstEnd < bytes.endIndex else { throw Unclosed(fence: String(decoding: fence, as: UTF8.self)) }
        let matterStart = bytes.index(after: firstEnd)
        var lineStart = matterStart
        var line = 2
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.endIndex
            if isFence(normalised[lineStart..<lineEnd].utf8) {
                let matterEnd = lineStart == matterStart ? matterStart : bytes.index(before: lineStart)
                let bodyStart = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
                return SplitEntry(format: format, frontMatter: String(normalised[matterStart..<matterEnd]),
                                  frontMatterLine: 2, body: String(normalised[bodyStart...]), bodyLine: line + 1)
            }
            guard lineEnd < bytes.endIndex else { break }
            lineStart = bytes.index(after: lineEnd)
            line += 1
        }
        throw Unclosed(fence: String(decoding: fence, as: UTF8.self))
    }
}
