/// Eight bytes of a text looked at as one word, to pass over runs with none of a few bytes at once
/// (HTML and JSON escaping). Each test is never false when a byte matches; it may be true for a byte
/// above a match (a borrow), so a word it says true for is then looked at byte by byte.
enum ByteWords {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Nonzero when a byte of `word` may be zero.
    @inline(__always)
    static func zeroByte(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }

    /// Nonzero when a byte of `word` may be `byte`.
    @inline(__always)
    static func byte(_ byte: UInt8, in word: UInt64) -> UInt64 { zeroByte(word ^ (UInt64(byte) &* ones)) }

    /// Nonzero when a byte of `word` may be under `limit` (at most 0x80: a byte from 0x80 up is
    /// never counted).
    @inline(__always)
    static func byte(below limit: UInt8, in word: UInt64) -> UInt64 { (word &- UInt64(limit) &* ones) & ~word & highs }
}
