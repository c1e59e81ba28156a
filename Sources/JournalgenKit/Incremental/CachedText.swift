import Foundation

/// The bytes a CompactSource reads: a mapped file, unmapped once no source and no CachedText
/// holds it any more, or a copy.
final class SourceBytes: @unchecked Sendable {
    /// Never written: shared by the threads that read texts from it.
    let bytes: UnsafeRawBufferPointer
    let mapped: Bool

    init(bytes: UnsafeRawBufferPointer, mapped: Bool) {
        self.bytes = bytes
        self.mapped = mapped
    }

    deinit {
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            UnsafeMutableRawBufferPointer(mutating: bytes).deallocate()
        }
    }
}

/// A text read back from the entry cache, left as its UTF-8 bytes in the mapped cache file until
/// something reads it. A build after one edit takes 10,000 rendered bodies from the cache and
/// renders a handful of pages: decoding every body into a String of its own was the largest
/// part of reading the cache (40 MB of new memory, every page of it faulted in).
///
/// Safe because the cache's files are only ever replaced by renaming a new file over them, never
/// rewritten in place: a mapping keeps the bytes it was made with. `serve`, which keeps its
/// records for hours, decodes every text at once instead (a file copied over the cache by hand
/// would change under it).
struct CachedText: Sendable {
    private enum Storage: Sendable {
        case string(String)
        case saved(SourceBytes, Range<Int>)
    }
    private var storage: Storage

    init(_ string: String) { storage = .string(string) }

    init(in file: SourceBytes, at range: Range<Int>) { storage = .saved(file, range) }

    var string: String {
        switch storage {
        case .string(let string): return string
        case .saved(let file, let range):
            guard !range.isEmpty else { return "" }
            return String(decoding: UnsafeRawBufferPointer(rebasing: file.bytes[range]).assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        }
    }

    /// Written as CompactSink.string writes a String: saved bytes are copied as they are.
    func write(to sink: CompactSink) {
        switch storage {
        case .string(let string): sink.string(string)
        case .saved(let file, let range):
            sink.int(range.count)
            sink.append(UnsafeRawBufferPointer(rebasing: file.bytes[range]))
        }
    }
}

/// By the text, wherever it is kept (a task item compares and hashes its texts through it).
extension CachedText: Hashable {
    static func == (a: CachedText, b: CachedText) -> Bool { a.string == b.string }
    func hash(into hasher: inout Hasher) { hasher.combine(string) }
}

/// A list of strings read back from the entry cache, left as its bytes in the mapped file until
/// something reads it, as `CachedText` is.
struct CachedStrings: Sendable {
    private enum Storage: Sendable {
        case strings([String])
        /// The list as `CompactSink.list` wrote it: its count, then each string.
        case saved(SourceBytes, Range<Int>)
    }
    private var storage: Storage

    init(_ strings: [String]) { storage = .strings(strings) }

    init(in file: SourceBytes, at range: Range<Int>) { storage = .saved(file, range) }

    var strings: [String] {
        switch storage {
        case .strings(let strings): return strings
        case .saved(let file, let range):
            // The bytes were stepped over when read (CompactSource.stringList), so they decode.
            return (try? CompactSource(sharing: file, at: range.lowerBound).strings()) ?? []
        }
    }

    func write(to sink: CompactSink) {
        switch storage {
        case .strings(let strings): sink.list(strings)
        case .saved(let file, let range): sink.append(UnsafeRawBufferPointer(rebasing: file.bytes[range]))
        }
    }
}
