@preconcurrency import Crypto
import CKeyringShim
import Foundation

/// Keeps the private pages' derived key between builds, as gpg-agent and git's credential cache
/// keep theirs: in the kernel's keyring of the user (Linux), for a few minutes after the last
/// build that used it. PBKDF2's 600,000 rounds cost a tenth of a second of one core in every
/// build with private entries, a fifth of a build after an edit; the key found again costs a
/// few microseconds.
///
/// Why there and not in `.journalgen-cache/`: anything on disk that lets a build recognise the
/// passphrase quickly lets anyone who copies the folder test guesses just as quickly, where the
/// lock screens make each guess cost 600,000 rounds. A key in the keyring is readable only by the
/// same user (who can read the passphrase from the environment of their own processes anyway),
/// never written to disk, and gone when its time runs out, at logout, or at a reboot.
///
/// The key's name is a hash of the salt and the passphrase: another passphrase, or another
/// journal (its own salt), finds nothing and derives its key as before. Where the kernel has no
/// keyring or a sandbox forbids it (containers often do), nothing is kept and every build derives.
public struct KeyAgent: Sendable {
    /// How long a key is kept after the last build that used it; 0 keeps nothing.
    public var seconds: Int

    /// Git's credential cache keeps a password for 15 minutes; so does this.
    public static let defaultSeconds = 900

    public init(seconds: Int = KeyAgent.defaultSeconds) {
        self.seconds = max(0, seconds)
    }

    /// The keys for this passphrase and salt: kept ones when the keyring has them (their time
    /// starts again), else derived, and kept for next time.
    public func keys(passphrase: String, salt: [UInt8]) throws -> PrivateKeys {
        let name = Self.name(passphrase: passphrase, salt: salt)
        guard seconds > 0 else {
            // Turned off: a key kept by an earlier build goes too, not only later ones.
            Self.forget(name: name)
            return try PrivateKeys(passphrase: passphrase, salt: salt)
        }
        if let kept = Self.find(name: name) {
            _ = jg_key_set_timeout(kept.id, UInt32(clamping: seconds))
            return PrivateKeys(key: SymmetricKey(data: kept.bytes), salt: salt)
        }
        let derived = try PrivateKeys(passphrase: passphrase, salt: salt)
        let bytes = derived.keyBytes
        _ = bytes.withUnsafeBytes { jg_key_add(name, $0.baseAddress, $0.count, UInt32(clamping: seconds)) }
        return derived
    }

    /// Whether the keyring holds a key for this passphrase and salt (tests; `build` never asks).
    public static func holds(passphrase: String, salt: [UInt8]) -> Bool {
        find(name: name(passphrase: passphrase, salt: salt)) != nil
    }

    /// Removes the key for this passphrase and salt, if one is kept.
    public static func forget(passphrase: String, salt: [UInt8]) {
        forget(name: name(passphrase: passphrase, salt: salt))
    }

    /// "journalgen:" and SHA-256 of a label, the salt and the passphrase, in hex. The keyring
    /// shows names to the same user only, who could read the payload itself.
    static func name(passphrase: String, salt: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(data: Array("journalgen key agent\u{0}".utf8))
        hash.update(data: salt)
        hash.update(data: Array(passphrase.utf8))
        return "journalgen:" + hash.finalize().hex
    }

    private static func find(name: String) -> (id: Int32, bytes: [UInt8])? {
        let id = jg_key_find(name)
        guard id >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { jg_key_read(id, $0.baseAddress, $0.count) }
        // Only a whole 32-byte AES key is used; anything else under the name is left alone.
        guard count == 32 else { return nil }
        return (id, Array(bytes.prefix(32)))
    }

    private static func forget(name: String) {
        let id = jg_key_find(name)
        if id >= 0 { _ = jg_key_revoke(id) }
    }
}
