import CXXHash
import Foundation

/// XXH3's 128-bit hash (xxHash), streamed: what the page fingerprints are made with. They tell
/// which pages an edit touches, not who wrote a text, so a fast hash without known collisions on
/// ordinary input is enough. SHA-256 did this work before, at 7 % of a 10k-entry build after one
/// edit (175 M of its 2.5 G instructions, docs/benchmarks.md).
struct Fingerprinter: ~Copyable {
    /// The bytes of a digest.
    static let byteCount = 16

    private let state: OpaquePointer

    init() {
        guard let made = XXH3_createState() else { fatalError("out of memory for a hash state") }
        state = made
        XXH3_128bits_reset(state)
    }

    deinit { XXH3_freeState(state) }

    mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        XXH3_128bits_update(state, base, bytes.count)
    }

    mutating func update(data: some ContiguousBytes) {
        data.withUnsafeBytes { update(bufferPointer: $0) }
    }

    func finalize() -> Digest { Digest(XXH3_128bits_digest(state)) }

    /// The digest of `data` at once.
    static func hash(data: some ContiguousBytes) -> Digest {
        data.withUnsafeBytes { bytes in Digest(XXH3_128bits(bytes.baseAddress, bytes.count)) }
    }

    /// A digest's 16 bytes, in xxHash's canonical (big-endian) order.
    struct Digest: Sequence {
        private var canonical = XXH128_canonical_t()

        fileprivate init(_ hash: XXH128_hash_t) { XXH128_canonicalFromHash(&canonical, hash) }

        func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try Swift.withUnsafeBytes(of: canonical, body)
        }

        func makeIterator() -> [UInt8].Iterator { withUnsafeBytes { Array($0) }.makeIterator() }
    }
}
