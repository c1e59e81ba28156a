@preconcurrency import Crypto
import _CryptoExtras
import Foundation

/// The keys of one build, derived once from the passphrase: AES-256-GCM for everything private,
/// and two HMAC keys, for nonces and for the names of private pages and files.
///
/// The browser derives the same AES key with WebCrypto (PBKDF2-HMAC-SHA256, the journal's salt,
/// `iterations`) and opens a box as `iv = box[0..<12]`, `data = box[12...]` (ciphertext and tag).
/// The other two keys come from the AES key with HKDF and never leave the build.
public struct PrivateKeys: Sendable {
    /// OWASP's 2023 figure for PBKDF2-HMAC-SHA256; the browser pays it once per unlock.
    public static let iterations = 600_000

    public let salt: [UInt8]
    let key: SymmetricKey
    let nonceKey: SymmetricKey
    let nameKey: SymmetricKey

    public init(passphrase: String, salt: [UInt8]) throws {
        self.salt = salt
        key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(passphrase.utf8), salt: salt, using: .sha256,
                                                outputByteCount: 32, rounds: Self.iterations)
        nonceKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Array("journalgen nonce".utf8), outputByteCount: 32)
        nameKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Array("journalgen names".utf8), outputByteCount: 32)
    }

    /// `nonce ‖ ciphertext ‖ tag`. The nonce is an HMAC of the plaintext (as in AES-GCM-SIV), so
    /// two different plaintexts never share one, and an unchanged journal rebuilds to the same bytes.
    public func seal(_ plaintext: Data) -> Data {
        let mac = HMAC<SHA256>.authenticationCode(for: plaintext, using: nonceKey)
        let nonce = try! AES.GCM.Nonce(data: Data(mac).prefix(12))
        // Sealing with a 32-byte key and a 12-byte nonce cannot fail.
        return try! AES.GCM.seal(plaintext, using: key, nonce: nonce).combined!
    }

    /// The plaintext, or nil when the box was made with another passphrase (or was altered).
    public func open(_ box: Data) -> Data? {
        guard box.count >= 28, let sealed = try? AES.GCM.SealedBox(combined: box) else { return nil }
        return try? AES.GCM.open(sealed, using: key)
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
}
