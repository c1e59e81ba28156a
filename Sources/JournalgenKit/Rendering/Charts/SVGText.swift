/// Small helpers for the charts, which are written as text: numbers with one decimal (compact
/// and stable from build to build), and escaped text.
enum SVGText {
    /// 12.34 → "12.3", -0.04 → "0", 3.0 → "3".
    static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `number(value)` as ASCII bytes at the end of `bytes`: maps write hundreds of thousands
    /// of them, and a string per number cost more than the clipping. Written backwards on the
    /// stack and appended at once: appended a byte at a time, each byte had the array check its
    /// room and storage (195 instructions a number, 0.9 % of a 10k first build's).
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        let tenths = Int((value * 10).rounded())
        let a = tenths.magnitude
        // 19 digits at most, a point, a tenth and a sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var at = buffer.count
            func put(_ byte: UInt8) {
                at -= 1
                buffer[at] = byte
            }
            if a % 10 != 0 {
                put(UInt8(ascii: "0") + UInt8(a % 10))
                put(UInt8(ascii: "."))
            }
            var whole = a / 10
            repeat {
                put(UInt8(ascii: "0") + UInt8(whole % 10))
                whole /= 10
            } while whole > 0
            if tenths < 0 { put(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[at...]))
        }
    }

    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }


    /// "34 %".
    static func share(_ part: Int, of total: Int) -> String {
        total == 0 ? "0 %" : "\(Int((Double(part) * 100 / Double(total)).rounded())) %"
    }
}
