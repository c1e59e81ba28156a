#if canImport(Glibc)
import Glibc
#endif

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
    /// Works on UTF-8 bytes in place: this runs once per entry, and Character-wise splitting
    /// costs more than parsing the YAML (by the String's UTF-8 view, 21,000 instructions an
    /// entry of the 10k bench journal; by its bytes and `memchr`, a tenth of that).
    public static func split(_ text: String) throws(Unclosed) -> SplitEntry {
        let normalised = TextDecoding.normaliseLineEndings(text)
        let split: Result<SplitEntry?, Unclosed> = normalised.withUTF8Bytes { bytes in
            // Cut after line feeds: whole characters.
            func text(_ range: Range<Int>) -> String {
                TextDecoding.trusted(UnsafeBufferPointer(rebasing: bytes[range]), from: "FrontMatterSplitter")
            }
            return parts(of: bytes).map { found in
                found.map { format, matter, bodyStart, bodyLine in
                    SplitEntry(format: format, frontMatter: text(matter), frontMatterLine: 2, body: text(bodyStart..<bytes.count), bodyLine: bodyLine)
                }
            }
        }
        return try split.get() ?? SplitEntry(format: .none, frontMatter: "", frontMatterLine: 1, body: normalised, bodyLine: 1)
    }

    /// The front matter's format, its bytes and where the body begins, with the body's file line;
    /// nil for a file without front matter.
    private static func parts(of bytes: UnsafeBufferPointer<UInt8>) -> Result<(SplitEntry.Format, Range<Int>, Int, Int)?, Unclosed> {
        let format: SplitEntry.Format, fence: UInt8
        if bytes.starts(with: "---".utf8) {
            (format, fence) = (.yaml, UInt8(ascii: "-"))
        } else if bytes.starts(with: "+++".utf8) {
            (format, fence) = (.toml, UInt8(ascii: "+"))
        } else {
            return .success(nil)
        }
        let unclosed = Unclosed(fence: format == .yaml ? "---" : "+++")
        func lineEnd(from start: Int) -> Int {
            guard start < bytes.count, let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) else { return bytes.count }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        /// The fence, or `...` closing YAML, with spaces or tabs after it.
        func isFence(_ start: Int, _ end: Int) -> Bool {
            var end = end
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            guard end - start == 3 else { return false }
            let first = bytes[start]
            guard bytes[start + 1] == first, bytes[start + 2] == first else { return false }
            return first == fence || (format == .yaml && first == UInt8(ascii: "."))
        }
        let firstEnd = lineEnd(from: 0)
        guard isFence(0, firstEnd) else { return .success(nil) }
        guard firstEnd < bytes.count else { return .failure(unclosed) }
        let matterStart = firstEnd + 1
        var lineStart = matterStart
        var line = 2
        while lineStart < bytes.count {
            let end = lineEnd(from: lineStart)
            if isFence(lineStart, end) {
                let matterEnd = lineStart == matterStart ? matterStart : lineStart - 1
                return .success((format, matterStart..<matterEnd, end < bytes.count ? end + 1 : end, line + 1))
            }
            guard end < bytes.count else { break }
            lineStart = end + 1
            line += 1
        }
        return .failure(unclosed)
    }
}
