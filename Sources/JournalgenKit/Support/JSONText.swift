/// JSON strings and objects written straight into bytes, exactly as Foundation's encoders write
/// them (sorted keys, `/` escaped or not, control characters as `\u00xx`, everything else as
/// UTF-8): JSONSerialization and JSONEncoder go through `Any` and Codable containers, and were 5 %
/// of a build's instructions for the search index and the sealed private pages
/// (docs/benchmarks.md). A test compares both writers with Foundation's on every control
/// character, quotes, slashes and non-ASCII text.
struct JSONText {
    private(set) var bytes: [UInt8] = []
    /// `\/` for `/`, as JSONSerialization writes without `.withoutEscapingSlashes`.
    var escapingSlashes = false

    init(capacity: Int = 256, escapingSlashes: Bool = false) {
        bytes.reserveCapacity(capacity)
        self.escapingSlashes = escapingSlashes
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        bytes.append(0x22)
        text.withUTF8Bytes { utf8 in
            var runStart = 0, index = 0
            let count = utf8.count
            while index < count {
                // Eight bytes at a time where none needs escaping: the sealed private pages are
                // tens of kilobytes of Base64 each, looked at a byte at a time before.
                if index + 8 <= count, let base = utf8.baseAddress,
                   !mayNeedEscaping(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
                let end = Swift.min(index + 8, count)
                while index < end {
                    let byte = utf8[index]
                    defer { index += 1 }
                    guard byte < 0x20 || byte == 0x22 || byte == 0x5C || (byte == 0x2F && escapingSlashes) else { continue }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    runStart = index + 1
                    switch byte {
                    case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                    case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                    case 0x2F: bytes.append(contentsOf: [0x5C, 0x2F])
                    case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                    case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                    case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                    case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                    case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                    default:
                        let hex = Array("0123456789abcdef".utf8)
                        bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                    }
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(0x22)
    }

    /// Whether any of the word's eight bytes may need escaping (a control character, `"`, `\`,
    /// `/` when slashes are escaped): see ByteWords.
    private func mayNeedEscaping(_ word: UInt64) -> Bool {
        let slash = escapingSlashes ? ByteWords.byte(0x2F, in: word) : 0
        return ByteWords.byte(below: 0x20, in: word) | ByteWords.byte(0x22, in: word) | ByteWords.byte(0x5C, in: word) | slash != 0
    }

    mutating func strings(_ list: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in list.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The members of an object, in the order given (callers give them sorted, as
    /// `.sortedKeys` writes them); nil values are left out, as Codable leaves out nil optionals.
    mutating func object(_ members: KeyValuePairs<StaticString, Member?>) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (key, value) in members {
            guard let value else { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            bytes.append(0x22)
            raw(key)
            bytes.append(contentsOf: [0x22, UInt8(ascii: ":")])
            switch value {
            case .string(let text): string(text)
            case .strings(let list): strings(list)
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    enum Member {
        case string(String)
        case strings([String])

        static func optional(_ text: String?) -> Member? { text.map(Member.string) }
        static func optional(_ list: [String]?) -> Member? { list.map(Member.strings) }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
