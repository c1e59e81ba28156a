import CFileShim
import Foundation

enum TextDecoding {
    /// UTF-8 with or without a byte-order mark; nil for anything else.
    static func decode(_ data: Data) -> String? {
        data.withUnsafeBytes { raw in
            var bytes = raw.assumingMemoryBound(to: UInt8.self)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3)) }
            let check = validateUTF8(bytes)
            guard check.valid else { return nil }
            return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: check.ascii))
        }
    }

    /// A text from bytes known to be UTF-8 (made by code that writes only whole characters),
    /// copied without a check; debug builds, which the tests and fuzzers run, check it anyway.
    /// `findASCII`: whether the text is all ASCII is worked out, for texts that are hashed or
    /// compared: one not known to be ASCII takes the slow paths there (front matter keys cost
    /// 60 M more instructions in a 1k build without it). Page bodies, only written, skip it.
    static func trusted(_ bytes: UnsafeBufferPointer<UInt8>, from maker: StaticString, findASCII: Bool = true) -> String {
        assert(validateUTF8(bytes).valid, "\(maker) gave invalid UTF-8")
        return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: findASCII && isASCII(bytes)))
    }

    /// Eight bytes a word, in a counted loop without overflow checks, which the compiler makes
    /// vector instructions (checked word by word, it took a word a step).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base), words = bytes.count / 8
        var high: UInt64 = 0
        for word in 0..<words { high |= raw.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self) }
        for at in (words &* 8)..<bytes.count { high |= UInt64(base[at]) }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table 3-7: no overlong
    /// forms, no surrogates, nothing past U+10FFFF), and whether they are all ASCII.
    ///
    /// Why not `String(validating:)`: it looks at one byte at a time, ten instructions a byte,
    /// 1.4 % of a first build's instructions for the entry files alone; Markdown is mostly
    /// ASCII, taken here eight bytes at a time.
    static func validateUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> (valid: Bool, ascii: Bool) {
        guard let base = bytes.baseAddress else { return (true, true) }
        let count = bytes.count
        var at = 0, ascii = true
        @inline(__always) func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            at + offset < count && range.contains(base[at + offset])
        }
        while at < count {
            // ASCII runs 32 bytes a step, then 8.
            if count - at >= 32 {
                let raw = UnsafeRawPointer(base + at)
                let high = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if high & 0x8080_8080_8080_8080 == 0 {
                    at += 32
                    continue
                }
            }
            if count - at >= 8, UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                at += 8
                continue
            }
            let lead = base[at]
            if lead < 0x80 { at += 1; continue }
            ascii = false
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = continuation(1) ? 2 : 0
            case 0xE0: length = continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
            case 0xE1...0xEC, 0xEE...0xEF: length = continuation(1) && continuation(2) ? 3 : 0
            case 0xED: length = continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
            case 0xF0: length = continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
            case 0xF1...0xF3: length = continuation(1) && continuation(2) && continuation(3) ? 4 : 0
            case 0xF4: length = continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
            default: length = 0
            }
            guard length > 0 else { return (false, false) }
            at += length
        }
        return (true, ascii)
    }

    /// CRLF and CR line endings become LF (line numbers stay the same).
    static func normaliseLineEndings(_ text: String) -> String {
        guard text.containsByte(0x0D) else { return text }
        return text.replacingBytes("\r\n", with: "\n").replacingBytes("\r", with: "\n")
    }
}

extension String {
    /// Every `target` replaced with `replacement`, found by its bytes (the same as by its
    /// characters: a UTF-8 sequence found inside valid UTF-8 starts and ends on characters).
    /// Foundation's `replacingOccurrences` goes through NSString: 28,000 instructions to fill in
    /// a short label, and a tenth of rendering the mood pages.
    func replacingBytes(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        return withUTF8Bytes { bytes in
            guard var hit = ByteSearch.find(needle, in: bytes, from: 0) else { return self }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + max(0, replacement.utf8.count - needle.count) * 4)
            var at = 0
            while true {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[at..<hit]))
                out.append(contentsOf: replacement.utf8)
                at = hit + needle.count
                guard let next = ByteSearch.find(needle, in: bytes, from: at) else { break }
                hit = next
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[at...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Without leading and trailing spaces and tabs. Byte-wise: Foundation's trimming goes
    /// through NSString, which costs more than parsing the value.
    var trimmedSpaces: String { trimmingBytes { $0 == 0x20 || $0 == 0x09 } }

    /// Without leading and trailing spaces, tabs and line breaks, byte-wise (see `trimmedSpaces`).
    var trimmedWhitespace: String {
        trimmingBytes { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C || $0 == 0x0B }
    }

    /// Without the ASCII bytes `isSpace` names at either end.
    private func trimmingBytes(_ isSpace: (UInt8) -> Bool) -> String {
        let u = utf8
        guard let first = u.first, let last = u.last, isSpace(first) || isSpace(last) else { return self }
        var start = u.startIndex, end = u.endIndex
        while start < end, isSpace(u[start]) { start = u.index(after: start) }
        while end > start, isSpace(u[u.index(before: end)]) { end = u.index(before: end) }
        return String(self[start..<end])
    }

    /// Whether the UTF-8 bytes hold `byte`, with memchr: the generic `contains` walks a
    /// String's bytes one at a time, which showed up in profiles over 10,000 entry bodies.
    func containsByte(_ byte: UInt8) -> Bool {
        return withUTF8Bytes { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
    }

    /// Whether the UTF-8 bytes hold `needle` (memchr and memcmp: Foundation's `contains` on
    /// Linux cost seconds over the entries of a large journal).
    /// `hasSuffix` by bytes, read in place (the generic `elementsEqual` over UTF-8 views cost
    /// 1,200 instructions a path).
    func hasSuffixBytes(_ suffix: StaticString) -> Bool {
        return withUTF8Bytes { bytes in
            bytes.count >= suffix.utf8CodeUnitCount
                && memcmp(bytes.baseAddress! + bytes.count - suffix.utf8CodeUnitCount, suffix.utf8Start, suffix.utf8CodeUnitCount) == 0
        }
    }

    func containsBytes(_ needle: String) -> Bool {
        return withUTF8Bytes { ByteSearch.find(Array(needle.utf8), in: $0, from: 0) != nil }
    }

    /// As `containsBytes`, for a needle whose first byte is rare in the text (see `ByteSearch.findRare`).
    func containsRareBytes(_ needle: String) -> Bool {
        return withUTF8Bytes { ByteSearch.findRare(Array(needle.utf8), in: $0) != nil }
    }
}

extension Sequence where Element == UInt8 {
    /// Lower-case hexadecimal, two digits a byte.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in self { out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A set of byte values, looked up with one load a byte: what HTML escaping and link encoding
/// ask of every byte of every value on a page (a chain of compares, or the string's generic
/// iterator, cost a thousand instructions a link).
struct ByteSet: Sendable {
    private let members: [Bool]

    init(_ isMember: (UInt8) -> Bool) {
        members = (0...255).map { isMember(UInt8($0)) }
    }

    /// `body` with the lookup over the table's storage, for loops over many bytes.
    func withLookup<R>(_ body: ((UInt8) -> Bool) -> R) -> R {
        members.withUnsafeBufferPointer { table in body { table[Int($0)] } }
    }

    /// Whether any byte of the text is in the set.
    func containsAny(of text: String) -> Bool {
        withLookup { isMember in text.withUTF8Bytes { $0.contains(where: isMember) } }
    }

    /// Whether every byte of the text is in the set.
    func containsAll(of text: String) -> Bool {
        withLookup { isMember in text.withUTF8Bytes { $0.allSatisfy(isMember) } }
    }
}

/// Finding byte strings in UTF-8 text without Foundation's UTF-16 index conversions.
extension String {
    /// Where the last `byte` of the string's UTF-8 is, looked for in place: the UTF-8 view's
    /// generic `lastIndex(of:)` cost about 600 instructions for a photo's path, and the site
    /// model asks it of 20,000 paths in every build.
    func lastIndex(ofByte byte: UInt8) -> String.Index? {
        let offset: Int? = withUTF8Bytes { bytes in
            var at = bytes.count
            while at > 0 {
                at -= 1
                if bytes[at] == byte { return at }
            }
            return nil
        }
        return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }
}

enum ByteSearch {
    /// The offset of the first `needle` at or after `from` that ends by `end` (the haystack's end
    /// when nil).
    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from: Int, before end: Int? = nil) -> Int? {
        guard let base = haystack.baseAddress, !needle.isEmpty else { return nil }
        let count = min(end ?? haystack.count, haystack.count)
        guard from >= 0, count - from >= needle.count else { return nil }
        // glibc's memmem: HTML has a `<` every few bytes, and stopping at each one to compare
        // (memchr, then memcmp) made the search a call per tag.
        guard let hit = needle.withUnsafeBufferPointer({ jg_memmem(base + from, count - from, $0.baseAddress!, needle.count) }) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// As `find`, for a needle whose first byte is rare in the text ("[[" in Markdown, ".." in a
    /// path): memchr skips to each of them with vector instructions, where memmem compares at
    /// every byte (a tenth of the Markdown stage's own work was looking for "[["). Looks from
    /// `start` on: the end of a task item's checkbox is a few bytes on, and memmem's set-up for
    /// each search cost more than the search.
    static func findRare(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let base = haystack.baseAddress, let first = needle.first, start >= 0 else { return nil }
        var from = start
        while haystack.count - from >= needle.count, let hit = memchr(base + from, Int32(first), haystack.count - from) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            guard haystack.count - at >= needle.count else { return nil }
            if memcmp(base + at, needle, needle.count) == 0 { return at }
            from = at + 1
        }
        return nil
    }

    /// The offset of the last `needle` in `haystack`, searched from the end (a closing tag near it).
    static func findLast(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var start = haystack.count - needle.count
        while start >= 0 {
            if haystack[start] == needle[0], needle.indices.allSatisfy({ haystack[start + $0] == needle[$0] }) { return start }
            start -= 1
        }
        return nil
    }
}
