import Crypto
import Foundation

/// The journal's salt and a check of the last passphrase, in `.journalgen-cache/private/`.
/// The salt is public (every lock page carries it); it is kept so that an unchanged journal
/// rebuilds to the same bytes. Deleting the cache only makes the next build pick a new one.
struct SaltStore {
    let folder: String

    init(journal: String) {
        folder = CacheFolder.path(journal: journal) + "/private"
    }

    var salt: [UInt8]? {
        guard let data = FileIO.read(folder + "/salt"), data.count == 16 else { return nil }
        return Array(data)
    }

    /// Sixteen random bytes, not yet written.
    static func drawSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// A new random salt (or `drawn`, one drawn earlier by `drawSalt`), written before it is used.
    func makeSalt(_ drawn: [UInt8]? = nil) -> [UInt8]? {
        let salt = drawn ?? Self.drawSalt()
        guard FileIO.makeDirectories(folder) else { return nil }
        CacheFolder.prepare((folder as NSString).deletingLastPathComponent)
        guard FileIO.write(Data(salt), to: folder + "/salt") else { return nil }
        return salt
    }

    static let checkText = Data("journalgen passphrase check".utf8)
    /// The check is published nowhere: no place (and so the same bytes as before places existed).
    static let checkPlace = ""

    /// Whether `keys` opens the check written by the last build; true when there is none yet.
    func matches(_ keys: PrivateKeys) -> Bool {
        guard let box = FileIO.read(folder + "/check") else { return true }
        return keys.open(box, at: Self.checkPlace) == Self.checkText
    }

    func remember(_ keys: PrivateKeys) {
        _ = FileIO.write(keys.seal(Self.checkText, at: Self.checkPlace), to: folder + "/check")
    }
}
