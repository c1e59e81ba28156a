/// HTML escaping over UTF-8 bytes. Titles, places, captions and tags are text, never markup:
/// every `{{value}}` in a template goes through this.
public enum HTMLEscaping {
    private static func special(_ byte: UInt8) -> Bool { byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 }

    /// One pass to see whether anything needs escaping (most titles and names do not).
    private static func needsEscaping(_ utf8: String.UTF8View) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: special) } ?? utf8.contains(where: special)
    }

    public static func escape(_ text: String) -> String {
        guard needsEscaping(text.utf8) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        appendEscaping(text, to: &out)
        return out
    }

    /// `escape(text)` appended to `output`, the runs between special characters as they are: a
    /// page's thousands of values are not each made into a string of their own first.
    public static func escape(_ text: String, into output: inout String) {
        if needsEscaping(text.utf8) { appendEscaping(text, to: &output) } else { output += text }
    }

    /// The text with its special characters replaced, run by run.
    private static func appendEscaping(_ text: String, to output: inout String) {
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let replacement: String
            switch utf8[index] {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22: replacement = "&quot;"
            case 0x27: replacement = "&#39;"
            default:
                utf8.formIndex(after: &index)
                continue
            }
            if runStart != index { output += text[runStart..<index] }
            output += replacement
            utf8.formIndex(after: &index)
            runStart = index
        }
        if runStart != utf8.endIndex { output += text[runStart...] }
    }
}
