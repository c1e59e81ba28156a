extension String {
    /// `body` with the text's UTF-8 bytes where they are. Through `withCString`, which reads a
    /// native string's storage in place: its UTF-8 view, asked for contiguous storage, was a copy
    /// of the string, a retain and a release of its storage each time. A first build at 10,000
    /// entries wrote 2.7 million texts into pages that way, and 850,000 into the entry cache, the
    /// same titles and names on both cores, which then took turns on their reference counts.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let count = utf8.count
        return try withCString { try body(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: count)) }
    }
}
