/// Small helpers for the charts, which are written as text: numbers with one decimal (compact
/// and stable from build to build), and escaped text.
enum SVGText {
    /// 12.34 → "12.3", -0.04 → "0", 3.0 → "3".
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        if tenths % 10 == 0 { return String(tenths / 10) }
        let sign = tenths < 0 ? "-" : ""
        let a = abs(tenths)
        return "\(sign)\(a / 10).\(a % 10)"
    }

    /// `number(value)` written straight onto `text`: maps write hundreds of thousands of them,
    /// and a string per number cost more than the clipping.
    static func append(_ value: Double, to text: inout String) {
        let tenths = Int((value * 10).rounded())
        if tenths < 0 { text += "-" }
        let a = abs(tenths)
        text += String(a / 10)
        if a % 10 != 0 {
            text += "."
            text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + a % 10)))
        }
    }

    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }


    /// "34 %".
    static func share(_ part: Int, of total: Int) -> String {
        total == 0 ? "0 %" : "\(Int((Double(part) * 100 / Double(total)).rounded())) %"
    }
}
