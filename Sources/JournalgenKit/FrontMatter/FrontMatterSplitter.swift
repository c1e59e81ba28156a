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
    public static func split(_ text: String) throws(Unclosed) -> SplitEntry {
        let normalised = normaliseLineEndings(text)
        let fence: Substring
        let format: SplitEntry.Format
        if normalised.hasPrefix("---") {
            fence = "---"; format = .yaml
        } else if normalised.hasPrefix("+++") {
            fence = "+++"; format = .toml
        } else {
            return SplitEntry(format: .none, frontMatter: "", frontMatterLine: 1, body: normalised, bodyLine: 1)
        }
        var lines = normalised.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), first.trimmingTrailingSpaces == fence else {
            return SplitEntry(format: .none, frontMatter: "", frontMatterLine: 1, body: normalised, bodyLine: 1)
        }
        var matter: [Substring] = []
        var line = 2
        while let next = lines.popFirst() {
            let trimmed = next.trimmingTrailingSpaces
            if trimmed == fence || (format == .yaml && trimmed == "...") {
                return SplitEntry(format: format, frontMatter: matter.joined(separator: "\n"),
                                  frontMatterLine: 2, body: lines.joined(separator: "\n"), bodyLine: line + 1)
            }
            matter.append(next)
            line += 1
        }
        throw Unclosed(fence: String(fence))
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var s = self
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}
