/// FNV-1a, 64 bits: a fast hash for names and version stamps that only need to differ, not to
/// resist anyone (SHA-256 is used where they must).
enum FNV1a {
    static let start: UInt64 = 0xcbf29ce484222325

    /// `from`: the hash of the bytes before these, to hash a path's name after its folder's.
    /// A string's bytes are read in place when they are contiguous: walking its UTF-8 view
    /// through the generic iterator cost about 27 instructions a byte.
    static func hash<Bytes: Sequence>(_ bytes: Bytes, from start: UInt64 = start) -> UInt64 where Bytes.Element == UInt8 {
        if let hashed = bytes.withContiguousStorageIfAvailable({ Self.hash(buffer: $0, from: start) }) { return hashed }
        var hash = start
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return hash
    }

    private static func hash(buffer: UnsafeBufferPointer<UInt8>, from start: UInt64) -> UInt64 {
        var hash = start
        for index in buffer.indices { hash = (hash ^ UInt64(buffer[index])) &* 0x100000001b3 }
        return hash
    }

    /// The hash as 16 hex digits.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let hex = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
