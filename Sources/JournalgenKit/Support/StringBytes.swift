extension String {
    /// `body` with the text's UTF-8 bytes where they are: what every look at a text's bytes goes
    /// through. Through `withCString`, which reads a native string's storage in place (a short
    /// text from a copy on the stack). Its UTF-8 view asked for contiguous storage, or a copy of
    /// the string to call `withUTF8` on, was a retain and a release of the storage each time: a
    /// first build at 10,000 entries wrote 2.7 million texts into pages that way, on titles and
    /// names both cores render at once, which then took turns on their reference counts.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let count = utf8.count
        return try withCString { try body(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: count)) }
    }
}
