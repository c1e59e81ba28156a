/// HTML escaping over UTF-8 bytes. Titles, places, captions and tags are text, never markup:
/// every `{{value}}` in a template goes through this.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        // One pass to see whether anything needs escaping (most titles and names do not).
        func special(_ byte: UInt8) -> Bool { byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 }
        guard utf8.withContiguousStorageIfAvailable({ $0.contains(where: special) }) ?? utf8.contains(where: special) else {
            return text
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x27: out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
