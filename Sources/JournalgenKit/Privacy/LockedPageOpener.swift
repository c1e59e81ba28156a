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
        case movedPayload

        public var description: String {
            switch self {
            case .notALockScreen: return "not a lock screen of journalgen; expected a page of a private entry (with data-lock)"
            case .wrongPassphrase: return "the passphrase does not open this page"
            case .movedPayload: return "the passphrase is right, but this page's sealed content was made for another page (it was moved or swapped where the site is served); it does not open here"
            }
        }
    }

    /// `place`: the page's path in the site ("private/3f9c0a1b2c3d4e5f/"), which the payload is
    /// bound to.
    public static func open(page html: String, at place: String, passphrase: String) -> Result<Opened, Failure> {
        guard html.contains("data-lock"), let saltHex = attribute("data-salt", in: html), let payload = attribute("data-payload", in: html),
              let rounds = attribute("data-iterations", in: html).flatMap(Int.init), rounds == PrivateKeys.iterations,
              let salt = bytes(hex: saltHex), let box = Data(base64Encoded: payload)
        else { return .failure(.notALockScreen) }
        guard let keys = try? PrivateKeys(passphrase: passphrase, salt: salt),
              let check = attribute("data-check", in: html).flatMap({ Data(base64Encoded: $0) }),
              keys.open(check, at: "") == PrivateKeys.keyCheckText
        else { return .failure(.wrongPassphrase) }
        guard let plain = keys.open(box, at: place) else { return .failure(.movedPayload) }
        guard let json = try? JSONSerialization.jsonObject(with: plain) as? [String: String] else { return .failure(.wrongPassphrase) }
        return .success(Opened(title: json["title"] ?? "", variant: json["variant"] ?? "", html: json["html"] ?? ""))
    }

    /// A lock screen's file (`_site/private/3f9c…/index.html`) opened at its place in the site,
    /// which is found by going up to the folder journalgen marked as the site.
    public static func open(file: String, passphrase: String) -> Result<Opened, Failure> {
        guard let data = FileIO.read(file) else { return .failure(.notALockScreen) }
        return open(page: String(decoding: data, as: UTF8.self), at: place(ofFile: file) ?? "", passphrase: passphrase)
    }

    /// The site path of a page's file: its folder below the site's root, with a slash
    /// ("private/3f9c0a1b2c3d4e5f/"); "" for the home page. The root is the nearest folder up
    /// holding the site's marker, or journal.js (a copy of a site downloaded from its host may
    /// have lost the hidden marker).
    static func place(ofFile file: String) -> String? {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL
        var folder = absolute.deletingLastPathComponent()
        var parts: [String] = []
        while folder.path != "/" {
            if FileIO.isRegularFile(folder.appendingPathComponent(StagedOutput.markerName).path)
                || FileIO.isRegularFile(folder.appendingPathComponent("journal.js").path) {
                return parts.reversed().map { $0 + "/" }.joined()
            }
            parts.append(folder.lastPathComponent)
            folder = folder.deletingLastPathComponent()
        }
        return nil
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
