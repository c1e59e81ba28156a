/// HTML escaping over UTF-8 bytes. Titles, places, captions and tags are text, never markup:
/// every `{{value}}` in a template goes through this.
public enum HTMLEscaping {
    /// What a special character becomes; nil for every other byte.
    private static func replacement(for byte: UInt8) -> StaticString? {
        switch byte {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: "&quot;"
        case 0x27: "&#39;"
        default: nil
        }
    }

    /// Whether the text has a byte to escape, eight bytes at a time (`mayHoldSpecial`).
    static func needsEscaping(_ text: String) -> Bool {
        text.withUTF8Bytes { firstSpecial(in: $0, from: 0) != nil }
    }

    public static func escape(_ text: String) -> String {
        // One pass to see whether anything needs escaping (most titles and names do not).
        guard needsEscaping(text) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        escape(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `escape(text)` appended to the bytes of a page being rendered, the runs between special
    /// characters as they are: a page's thousands of values are not each made a string first.
    static func escape(_ text: String, into output: inout [UInt8]) {
        escape(text) { output.append(contentsOf: $0) }
    }

    /// `escape(text)`, its runs and replacements given to `write` in order.
    @inline(__always)
    static func escape(_ text: String, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        text.withUTF8Bytes { bytes in
            var runStart = 0
            while let index = firstSpecial(in: bytes, from: runStart) {
                let replacement = replacement(for: bytes[index])!
                write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                write(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = index + 1
            }
            write(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// Where the first byte to escape is, at or after `start`. The 2 million values of a 10k
    /// first build went through a table a byte at a time, five instructions a byte, 2 % of the
    /// build's instructions; words with none of the five bytes are passed over eight at a time.
    @inline(__always)
    static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var at = start
        while at < bytes.count {
            if bytes.count - at >= 8, !mayHoldSpecial(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)) {
                at += 8
                continue
            }
            // A word that may hold one, or the last bytes: one by one, then words again.
            let end = min(at + 8, bytes.count)
            while at < end {
                if replacement(for: base[at]) != nil { return at }
                at += 1
            }
        }
        return nil
    }

    /// False when none of the word's eight bytes is `&`, `'`, `"`, `<` or `>`; true when one may
    /// be (a byte above a match can also test positive: the bytes are then looked at one by one).
    /// `&` (0x26) and `'` (0x27) differ only in the lowest bit, `<` (0x3C) and `>` (0x3E) only
    /// in the second: setting that bit makes each pair one byte to find, three in all.
    @inline(__always)
    static func mayHoldSpecial(_ word: UInt64) -> Bool {
        ByteWords.byte(0x27, in: word | ByteWords.ones) | ByteWords.byte(0x3E, in: word | (0x02 &* ByteWords.ones))
            | ByteWords.byte(0x22, in: word) != 0
    }
}

extension [UInt8] {
    /// The text's UTF-8 bytes appended, copied from its storage at once.
    mutating func append(utf8Of text: String) {
        text.withUTF8Bytes { append(contentsOf: $0) }
    }
}
