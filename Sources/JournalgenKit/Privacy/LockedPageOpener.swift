import Foundation

/// Opens a published lock screen with the passphrase, as the reader's browser does
/// (`journalgen unlock`, and the tests).
public enum LockedPageOpener {
    public struct Opened: Sendable, Equatable {
        public var title: String
        public var variant: String
        /// What the page shows inside `<main>` once open.
        public var html: String
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notALockScreen
        case wrongPassphrase

        public var description: String {
            switch self {
            case .notALockScreen: return "not a lock screen of journalgen; expected a page of a private entry (with data-lock)"
            case .wrongPassphrase: return "the passphrase does not open this page"
            }
        }
    }

    public static func open(page html: String, passphrase: String) -> Result<Opened, Failure> {
        guard html.contains("data-lock"), let saltHex = attribute("data-salt", in: html), let payload = attribute("data-payload", in: html),
              let rounds = attribute("data-iterations", in: html).flatMap(Int.init), rounds == PrivateKeys.iterations,
              let salt = bytes(hex: saltHex), let box = Data(base64Encoded: payload)
        else { return .failure(.notALockScreen) }
        guard let keys = try? PrivateKeys(passphrase: passphrase, salt: salt), let plain = keys.open(box),
              let json = try? JSONSerialization.jsonObject(with: plain) as? [String: String]
        else { return .failure(.wrongPassphrase) }
        return .success(Opened(title: json["title"] ?? "", variant: json["variant"] ?? "", html: json["html"] ?? ""))
    }

    static func attribute(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: " \(name)=\""), let end = html[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(html[start.upperBound..<end])
    }

    static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
    }
}
