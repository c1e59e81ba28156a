import Foundation

/// A compact binary form of Codable values for the build cache: fields in declaration order,
/// without their names. Decoding a site's manifest this way takes a fraction of what a binary
/// property list takes (three seconds for 10,000 entries, when entries went through it too).
/// Entries themselves skip Codable altogether (CompactCodable, EntryRecordCoding.swift) and
/// write into the same sink.
///
/// The order of fields is the format: it is only read back by the same journalgen binary (the
/// cache's key names the binary). Types decoded through `allKeys` (dictionaries, enums with
/// associated values) must code themselves positionally.
enum CompactCoder {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        try sink(of: value).withUnsafeBytes { Data($0) }
    }

    /// The value's bytes, in the sink they were written to (written out from there, not copied).
    static func sink<T: Encodable>(of value: T, capacity: Int = 1024) throws -> CompactSink {
        let sink = CompactSink(capacity: capacity)
        try value.encode(to: CompactEncoder(sink: sink))
        return sink
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try T(from: CompactDecoder(source: CompactSource(data)))
    }

    /// The value whose bytes are the next `length` of `source`, read in place.
    static func decode<T: Decodable>(_ type: T.Type, from source: CompactSource, length: Int) throws -> T {
        let end = source.position + length
        guard length >= 0, end <= source.bytes.count else { throw Failure() }
        let value = try T(from: CompactDecoder(source: source))
        guard source.position == end else { throw Failure() }
        return value
    }

    struct Failure: Error {}
}

/// Bytes in memory of the sink's own, not an array: an array's append checks that its storage
/// is not shared before every byte (Swift's copy on write), and a first build at 10,000 entries
/// appends tens of millions of them when it saves the entry cache and fingerprints entries.
/// A sink is one thread's.
final class CompactSink: ContiguousBytes {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The bytes written so far, valid while the sink lives and is not written to (pass the sink
    /// itself, a ContiguousBytes, where it is not used afterwards).
    var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try body(buffer) }

    /// A copy of the bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// Forgets the bytes, keeping the memory for the next ones.
    func removeAll() { count = 0 }

    @inline(__always) private func reserve(_ more: Int) {
        if count + more > capacity { grow(more) }
    }

    @inline(never) private func grow(_ more: Int) {
        let larger = max(capacity * 2, count + more)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = larger
    }

    @inline(__always) func byte(_ b: UInt8) {
        if count == capacity { reserve(1) }
        start[count] = b
        count += 1
    }

    @inline(__always) func append(_ raw: UnsafeRawBufferPointer) {
        guard let from = raw.baseAddress, raw.count > 0 else { return }
        reserve(raw.count)
        (start + count).update(from: from.assumingMemoryBound(to: UInt8.self), count: raw.count)
        count += raw.count
    }

    @inline(__always) func append(_ bytes: some Collection<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) == nil {
            reserve(bytes.count)
            for b in bytes { byte(b) }
        }
    }

    func int(_ value: Int) {
        // Variable length, zigzag: small numbers take one byte.
        reserve(10)
        var n = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
        while n >= 0x80 { start[count] = UInt8(n & 0x7F) | 0x80; count += 1; n >>= 7 }
        start[count] = UInt8(n)
        count += 1
    }

    func string(_ s: String) {
        int(s.utf8.count)
        utf8(s)
    }

    /// The text's UTF-8 bytes, read where they are (`String.withUTF8Bytes`).
    @inline(__always) func utf8(_ s: String) {
        s.withUTF8Bytes { append(UnsafeRawBufferPointer($0)) }
    }

    func double(_ d: Double) {
        reserve(8)
        let bits = d.bitPattern
        for i in 0..<8 { start[count + i] = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i))) }
        count += 8
    }

    /// Room for a list's count, which is known only once the list is written.
    func countSlot() -> Int {
        reserve(4)
        (start + count).update(repeating: 0, count: 4)
        count += 4
        return count - 4
    }

    func setCount(_ count: Int, at slot: Int) {
        precondition(slot + 4 <= self.count)
        for i in 0..<4 { start[slot + i] = UInt8(truncatingIfNeeded: count >> (8 * i)) }
    }
}

final class CompactSource {
    /// Read in place: a file is mapped, not copied into memory of its own (the entry cache is
    /// 65 MB at 10,000 entries, and copying it was a sixth of a build after one edit).
    let bytes: UnsafeRawBufferPointer
    private let owner: SourceBytes
    /// Unchecked, as CompactSink's bytes.
    @exclusivity(unchecked) var position = 0
    /// `text()` leaves long texts in the mapped file, read when used (see CachedText).
    var leavesTextsInFile = false

    /// A copy of `data` (a file read whole, a test's bytes).
    init(_ data: Data) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 8)
        copy.copyBytes(from: data)
        owner = SourceBytes(bytes: UnsafeRawBufferPointer(copy), mapped: false)
        bytes = owner.bytes
    }

    /// Reads bytes another source left in `owner` (CachedStrings), from `position` on.
    init(sharing owner: SourceBytes, at position: Int) {
        self.owner = owner
        bytes = owner.bytes
        self.position = position
    }

    /// The file at `path`, mapped; nil when it cannot be (missing, empty, not a regular file).
    /// Files read this way are only ever replaced by renaming a new one over them, never
    /// rewritten in place, so the mapping keeps the bytes it was made with.
    init?(mapping path: String, position: Int = 0) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
              let start = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), start != MAP_FAILED
        else { return nil }
        owner = SourceBytes(bytes: UnsafeRawBufferPointer(start: start, count: Int(info.st_size)), mapped: true)
        bytes = owner.bytes
        self.position = position
    }

    /// The bytes of `range` as they lie in the source, kept with it (see SavedBytes).
    func saved(_ range: Range<Int>) -> SavedBytes { SavedBytes(owner: owner, range: range) }

    func byte() throws -> UInt8 {
        guard position < bytes.count else { throw CompactCoder.Failure() }
        defer { position += 1 }
        return bytes[position]
    }

    func int() throws -> Int {
        // The position kept in a local and the bytes read straight from memory: through
        // `byte()`, a number cost 36 instructions, a million numbers in a build after one edit.
        var at = position, n: UInt64 = 0, shift: UInt64 = 0
        let end = bytes.count
        guard let base = bytes.baseAddress else { throw CompactCoder.Failure() }
        while true {
            guard at < end else { throw CompactCoder.Failure() }
            let b = base.load(fromByteOffset: at, as: UInt8.self)
            at += 1
            n |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
            guard shift < 64 else { throw CompactCoder.Failure() }
        }
        position = at
        let v = Int64(bitPattern: n)
        return Int((v >> 1) ^ -(v & 1))
    }

    func count() throws -> Int {
        guard position + 4 <= bytes.count else { throw CompactCoder.Failure() }
        var n = 0
        for i in 0..<4 { n |= Int(bytes[position + i]) << (8 * i) }
        position += 4
        return n
    }

    func string() throws -> String {
        let count = try int()
        guard count >= 0, position + count <= bytes.count else { throw CompactCoder.Failure() }
        defer { position += count }
        guard count > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes.baseAddress!.advanced(by: position).assumingMemoryBound(to: UInt8.self), count: count),
                      as: UTF8.self)
    }

    /// A string that may stay in the file until read: only a mapped file's, and only when
    /// `leavesTextsInFile` (a build, not `serve`, which keeps its records for hours).
    func text() throws -> CachedText {
        guard leavesTextsInFile, owner.mapped else { return CachedText(try string()) }
        let count = try int()
        guard count >= 0, position + count <= bytes.count else { throw CompactCoder.Failure() }
        defer { position += count }
        return CachedText(in: owner, at: position..<position + count)
    }

    /// Mood levels read lately, by where their bytes are: a journal has a handful of levels,
    /// written in the cache once for each entry and each line of the mood log (27,000 at 10k
    /// entries, four strings each to make and check).
    private var moods: [(start: Int, count: Int, level: MoodLevel)] = []

    /// The mood level whose bytes come next, when they are those of one read lately.
    func recentMood() -> MoodLevel? {
        guard let base = bytes.baseAddress else { return nil }
        for mood in moods where position + mood.count <= bytes.count && memcmp(base + position, base + mood.start, mood.count) == 0 {
            position += mood.count
            return mood.level
        }
        return nil
    }

    /// `level`, read from `start` up to here, for `recentMood`.
    func remember(_ level: MoodLevel, from start: Int) {
        if moods.count < 16 { moods.append((start, position - start, level)) }
    }

    /// A list of strings that may stay in the file until read, as `text()`: stepped over here,
    /// each length checked, so that reading it later cannot fail.
    func stringList() throws -> CachedStrings {
        guard leavesTextsInFile, owner.mapped else { return CachedStrings(try strings()) }
        let start = position
        let count = try int()
        guard count >= 0, count <= bytes.count - position else { throw CompactCoder.Failure() }
        for _ in 0..<count {
            let length = try int()
            guard length >= 0, position + length <= bytes.count else { throw CompactCoder.Failure() }
            position += length
        }
        return CachedStrings(in: owner, at: start..<position)
    }

    func double() throws -> Double {
        guard position + 8 <= bytes.count else { throw CompactCoder.Failure() }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return Double(bitPattern: bits)
    }
}

// MARK: - Encoding

struct CompactEncoder: Encoder {
    var sink = CompactSink()
    var codingPath: [CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(sink: sink))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer { Unkeyed(sink: sink) }
    func singleValueContainer() -> SingleValueEncodingContainer { Single(sink: sink) }

    struct Single: SingleValueEncodingContainer {
        let sink: CompactSink
        var codingPath: [CodingKey] = []
        mutating func encodeNil() throws { sink.byte(0) }
        mutating func encode(_ value: Bool) throws { sink.byte(value ? 1 : 0) }
        mutating func encode(_ value: String) throws { sink.string(value) }
        mutating func encode(_ value: Double) throws { sink.double(value) }
        mutating func encode(_ value: Float) throws { sink.double(Double(value)) }
        mutating func encode(_ value: Int) throws { sink.int(value) }
        mutating func encode(_ value: Int8) throws { sink.int(Int(value)) }
        mutating func encode(_ value: Int16) throws { sink.int(Int(value)) }
        mutating func encode(_ value: Int32) throws { sink.int(Int(value)) }
        mutating func encode(_ value: Int64) throws { sink.int(Int(value)) }
        mutating func encode(_ value: UInt) throws { sink.int(Int(bitPattern: value)) }
        mutating func encode(_ value: UInt8) throws { sink.int(Int(value)) }
        mutating func encode(_ value: UInt16) throws { sink.int(Int(value)) }
        mutating func encode(_ value: UInt32) throws { sink.int(Int(value)) }
        mutating func encode(_ value: UInt64) throws { sink.int(Int(truncatingIfNeeded: value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try CompactEncoder.encode(value, to: sink) }
    }

    /// Strings, numbers and flags written directly, not through another encoder: most of what
    /// the cache holds is lists of them.
    static func encode<T: Encodable>(_ value: T, to sink: CompactSink) throws {
        if T.self == String.self { sink.string(unsafeBitCast(value, to: String.self)) }
        else if T.self == Int.self { sink.int(unsafeBitCast(value, to: Int.self)) }
        else if T.self == Bool.self { sink.byte(unsafeBitCast(value, to: Bool.self) ? 1 : 0) }
        else if T.self == Double.self { sink.double(unsafeBitCast(value, to: Double.self)) }
        else { try value.encode(to: CompactEncoder(sink: sink)) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: CompactSink
        var codingPath: [CodingKey] = []
        private var single: Single { Single(sink: sink) }
        mutating func encodeNil(forKey key: Key) throws { sink.byte(0) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { var s = single; try s.encode(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { sink.string(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { sink.double(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { sink.int(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try CompactEncoder.encode(value, to: sink) }
        // Optionals carry a presence byte, so fields stay in place whether or not they are set.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value) }
        private func present<T: Encodable>(_ value: T?) throws {
            guard let value else { sink.byte(0); return }
            sink.byte(1)
            try CompactEncoder.encode(value, to: sink)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
            KeyedEncodingContainer(Keyed<N>(sink: sink))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer { Unkeyed(sink: sink) }
        mutating func superEncoder() -> Encoder { CompactEncoder(sink: sink) }
        mutating func superEncoder(forKey key: Key) -> Encoder { CompactEncoder(sink: sink) }
    }

    /// A list is written with its count first, in four bytes set as each item is added.
    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: CompactSink
        var codingPath: [CodingKey] = []
        private(set) var count = 0
        private let slot: Int

        init(sink: CompactSink) {
            self.sink = sink
            slot = sink.countSlot()
        }

        private mutating func added() {
            count += 1
            sink.setCount(count, at: slot)
        }

        mutating func encodeNil() throws { added(); sink.byte(0) }
        mutating func encode(_ value: String) throws { added(); sink.string(value) }
        mutating func encode(_ value: Int) throws { added(); sink.int(value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            added()
            try CompactEncoder.encode(value, to: sink)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type) -> KeyedEncodingContainer<N> {
            added()
            return KeyedEncodingContainer(Keyed<N>(sink: sink))
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { added(); return Unkeyed(sink: sink) }
        mutating func superEncoder() -> Encoder { CompactEncoder(sink: sink) }
    }
}

// MARK: - Decoding

struct CompactDecoder: Decoder {
    let source: CompactSource
    var codingPath: [CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(source: source))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer { try Unkeyed(source: source) }
    func singleValueContainer() throws -> SingleValueDecodingContainer { Single(source: source) }

    struct Single: SingleValueDecodingContainer {
        let source: CompactSource
        var codingPath: [CodingKey] = []
        func decodeNil() -> Bool { false }
        func decode(_ type: Bool.Type) throws -> Bool { try source.byte() != 0 }
        func decode(_ type: String.Type) throws -> String { try source.string() }
        func decode(_ type: Double.Type) throws -> Double { try source.double() }
        func decode(_ type: Float.Type) throws -> Float { Float(try source.double()) }
        func decode(_ type: Int.Type) throws -> Int { try source.int() }
        func decode(_ type: Int8.Type) throws -> Int8 { Int8(truncatingIfNeeded: try source.int()) }
        func decode(_ type: Int16.Type) throws -> Int16 { Int16(truncatingIfNeeded: try source.int()) }
        func decode(_ type: Int32.Type) throws -> Int32 { Int32(truncatingIfNeeded: try source.int()) }
        func decode(_ type: Int64.Type) throws -> Int64 { Int64(try source.int()) }
        func decode(_ type: UInt.Type) throws -> UInt { UInt(bitPattern: try source.int()) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { UInt8(truncatingIfNeeded: try source.int()) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { UInt16(truncatingIfNeeded: try source.int()) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { UInt32(truncatingIfNeeded: try source.int()) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { UInt64(truncatingIfNeeded: try source.int()) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try CompactDecoder.decode(type, from: source) }
    }

    /// The counterpart of CompactEncoder.encode(_:to:).
    static func decode<T: Decodable>(_ type: T.Type, from source: CompactSource) throws -> T {
        if T.self == String.self { return unsafeBitCast(try source.string(), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try source.int(), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try source.byte() != 0, to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try source.double(), to: T.self) }
        return try T(from: CompactDecoder(source: source))
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let source: CompactSource
        var codingPath: [CodingKey] = []
        var allKeys: [Key] { [] }
        private var single: Single { Single(source: source) }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { try source.byte() == 0 }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single.decode(type) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try source.string() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try source.double() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try source.int() }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try CompactDecoder.decode(type, from: source) }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(type) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(type) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(type) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(type) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(type) }
        private func present<T: Decodable>(_ type: T.Type) throws -> T? {
            try source.byte() == 0 ? nil : try CompactDecoder.decode(type, from: source)
        }
        func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
            KeyedDecodingContainer(Keyed<N>(source: source))
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { try Unkeyed(source: source) }
        func superDecoder() throws -> Decoder { CompactDecoder(source: source) }
        func superDecoder(forKey key: Key) throws -> Decoder { CompactDecoder(source: source) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let source: CompactSource
        var codingPath: [CodingKey] = []
        let count: Int?
        var currentIndex = 0
        var isAtEnd: Bool { currentIndex >= count! }

        init(source: CompactSource) throws {
            self.source = source
            let n = try source.count()
            guard n <= source.bytes.count - source.position else { throw CompactCoder.Failure() }
            count = n
        }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw CompactCoder.Failure() }
            currentIndex += 1
            return try CompactDecoder.decode(type, from: source)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
            currentIndex += 1
            return KeyedDecodingContainer(Keyed<N>(source: source))
        }
        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer { currentIndex += 1; return try Unkeyed(source: source) }
        mutating func superDecoder() throws -> Decoder { CompactDecoder(source: source) }
    }
}

/// Encoded bytes read from a source, written again as they are (CompactSink.append).
struct SavedBytes: Sendable {
    let owner: SourceBytes
    let range: Range<Int>

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: owner.bytes[range]) }
}
