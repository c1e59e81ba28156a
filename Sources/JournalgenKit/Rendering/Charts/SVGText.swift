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
    /// of them, and a string per number cost more than the clipping.
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        let tenths = Int((value * 10).rounded())
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        let a = tenths.magnitude
        var whole = a / 10
        // The whole part's digits, last first, then turned around in place.
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(whole % 10))
            whole /= 10
        } while whole > 0
        // Turned by swapping in place: reversing `bytes[start...]` copied the slice into an
        // array of its own first (an allocation for every number of a map).
        var (low, high) = (start, bytes.count - 1)
        while low < high {
            bytes.swapAt(low, high)
            low += 1
            high -= 1
        }
        if a % 10 != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(a % 10))
        }
    }

    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }


    /// "34 %".
    static func share(_ part: Int, of total: Int) -> String {
        total == 0 ? "0 %" : "\(Int((Double(part) * 100 / Double(total)).rounded())) %"
    }
}
