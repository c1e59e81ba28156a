/// Short texts of digits and ASCII markup (coordinates, a chart cell, addresses) written as bytes
/// and made a String once: joined from interpolated pieces, each piece was a String of its own and
/// each join a check of the result's room and flags, several thousand instructions for a few dozen
/// bytes.
enum ASCIIText {
    /// The String of the bytes `write` appends, which must be whole UTF-8 (they are checked once).
    static func make(capacity: Int, _ write: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        write(&out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` in decimal digits, zero-padded to `width` (a wider value keeps all its digits).
    static func appendDigits(of value: UInt, width: Int = 1, to out: inout [UInt8]) {
        // 20 digits at most for a UInt; written backwards, then appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var at = buffer.count, rest = value
            repeat {
                at -= 1
                buffer[at] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
                rest /= 10
            } while rest > 0 || buffer.count - at < min(width, buffer.count)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[at...]))
        }
    }

    /// A signed `value` in decimal digits.
    static func appendDigits(of value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendDigits(of: value.magnitude, to: &out)
    }
}
