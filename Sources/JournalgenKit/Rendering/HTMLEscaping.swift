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

    private static let special = ByteSet { replacement(for: $0) != nil }

    public static func escape(_ text: String) -> String {
        // One pass to see whether anything needs escaping (most titles and names do not).
        guard special.containsAny(of: text) else { return text }
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
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            special.withLookup { isSpecial in
                var runStart = 0
                for index in bytes.indices where isSpecial(bytes[index]) {
                    let replacement = replacement(for: bytes[index])!
                    write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    write(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                    runStart = index + 1
                }
                write(UnsafeBufferPointer(rebasing: bytes[runStart...]))
            }
        }
        if done == nil { escape(String(decoding: Array(text.utf8), as: UTF8.self), write) }
    }
}

extension [UInt8] {
    /// The text's UTF-8 bytes appended, copied from its storage at once.
    mutating func append(utf8Of text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil { append(contentsOf: text.utf8) }
    }
}
