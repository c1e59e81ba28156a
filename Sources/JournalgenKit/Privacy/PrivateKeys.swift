@preconcurrency import Crypto
import _CryptoExtras
import Foundation

/// The keys of one build, derived once from the passphrase: AES-256-GCM for everything private,
/// and two HMAC keys, for nonces and for the names of private pages and files.
///
/// The browser derives the same AES key with WebCrypto (PBKDF2-HMAC-SHA256, the journal's salt,
/// `iterations`) and opens a box as `iv = box[0..<12]`, `data = box[12...]` (ciphertext and tag),
/// `additionalData` = the site path it was fetched from.
/// The other two keys come from the AES key with HKDF and never leave the build.
public struct PrivateKeys: Sendable {
    /// OWASP's 2023 figure for PBKDF2-HMAC-SHA256; the browser pays it once per unlock.
    public static let iterations = 600_000

    public let salt: [UInt8]
    let key: SymmetricKey
    let nonceKey: SymmetricKey
    let nameKey: SymmetricKey

    public init(passphrase: String, salt: [UInt8]) throws {
        self.init(key: try KDF.Insecure.PBKDF2.deriveKey(from: Array(passphrase.utf8), salt: salt, using: .sha256,
                                                         outputByteCount: 32, rounds: Self.iterations),
                  salt: salt)
    }

    /// Through the agent where there is one: a key it kept, or derived and kept.
    static func derive(passphrase: String, salt: [UInt8], agent: KeyAgent?) throws -> PrivateKeys {
        try agent?.keys(passphrase: passphrase, salt: salt) ?? PrivateKeys(passphrase: passphrase, salt: salt)
    }

    /// From the AES key PBKDF2 gave for this salt (kept by `KeyAgent`).
    init(key: SymmetricKey, salt: [UInt8]) {
        self.salt = salt
        self.key = key
        nonceKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Array("journalgen nonce".utf8), outputByteCount: 32)
        nameKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Array("journalgen names".utf8), outputByteCount: 32)
    }

    /// The AES key's bytes, for `KeyAgent` to keep; nothing else takes them out.
    var keyBytes: [UInt8] { key.withUnsafeBytes { Array($0) } }

    /// `nonce ‖ ciphertext ‖ tag`, bound to `place`: the site path it is published at
    /// ("private/3f9c0a1b2c3d4e5f/" for a page, "private/3f9c0a1b2c3d4e5f/1a2b3c4d5e6f7a8b.webp"
    /// for a file), as AES-GCM's associated data, so a box moved to another page or file name does
    /// not open. The nonce is an HMAC of the place and the plaintext (as in AES-GCM-SIV): the same
    /// photo in two private entries gives unrelated bytes, and an unchanged journal rebuilds to the
    /// same bytes.
    public func seal(_ plaintext: Data, at place: String) -> Data {
        let associated = Data(place.utf8)
        var mac = HMAC<SHA256>(key: nonceKey)
        withUnsafeBytes(of: UInt64(associated.count).littleEndian) { mac.update(data: Data($0)) }
        mac.update(data: associated)
        mac.update(data: plaintext)
        let nonce = try! AES.GCM.Nonce(data: Data(mac.finalize()).prefix(12))
        // Sealing with a 32-byte key and a 12-byte nonce cannot fail.
        return try! AES.GCM.seal(plaintext, using: key, nonce: nonce, authenticating: associated).combined!
    }

    /// A box every lock screen carries, the same on each: it opens with the right passphrase
    /// whatever the page, so a reader is told "wrong passphrase" only when it is, and "moved from
    /// another page" when the key is right but the payload was made for another place.
    public var keyCheck: Data { seal(Self.keyCheckText, at: "") }
    static let keyCheckText = Data("journalgen key check".utf8)

    /// The plaintext, or nil when the box was made with another passphrase, for another place,
    /// or was altered.
    public func open(_ box: Data, at place: String) -> Data? {
        guard box.count >= 28, let sealed = try? AES.GCM.SealedBox(combined: box) else { return nil }
        return try? AES.GCM.open(sealed, using: key, authenticating: Data(place.utf8))
    }

    /// A name for a private page or file that says nothing without the key: 16 hex digits.
    public func token(_ name: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(name.utf8), using: nameKey)
        return mac.prefix(8).hex
    }

    /// Plaintext padded with spaces to a bucket, so a short entry's length is not its ciphertext's:
    /// 4 KiB at least, then powers of two up to 64 KiB, then multiples of 64 KiB.
    static func padded(_ text: String) -> Data {
        var data = Data(text.utf8)
        var bucket = 4096
        while bucket < data.count && bucket < 65536 { bucket *= 2 }
        if data.count > bucket { bucket = (data.count + 65535) / 65536 * 65536 }
        data.append(Data(repeating: 0x20, count: bucket - data.count))
        return data
    }

    /// A file's bytes behind their length (8 bytes, little-endian) and padded with zeros to a
    /// bucket, so a sealed photo's size does not give away which public file, or which size of
    /// it, it is: 4 KiB at least, then powers of two up to 16 MiB, then multiples of 16 MiB.
    static func paddedFile(_ data: Data) -> Data {
        var out = Data(capacity: fileBucket(data.count + 8))
        withUnsafeBytes(of: UInt64(data.count).littleEndian) { out.append(contentsOf: $0) }
        out.append(data)
        out.append(Data(repeating: 0, count: fileBucket(data.count + 8) - out.count))
        return out
    }

    static func fileBucket(_ size: Int) -> Int {
        let big = 16 << 20
        if size > big { return (size + big - 1) / big * big }
        var bucket = 4096
        while bucket < size { bucket *= 2 }
        return bucket
    }

    /// The file inside `paddedFile`'s bytes; nil when they are not such bytes.
    static func unpaddedFile(_ data: Data) -> Data? {
        guard data.count >= 8 else { return nil }
        let length = data.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        guard length <= UInt64(data.count - 8) else { return nil }
        return data.dropFirst(8).prefix(Int(length))
    }
}
