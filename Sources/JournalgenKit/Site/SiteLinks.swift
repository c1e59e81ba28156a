import Foundation

/// Turns site paths ("2026/04/03/kyoto/") into links. Links are root-relative with base_url's
/// path ("/journal/2026/04/03/kyoto/"), so a site works under any host; feeds and canonical
/// links use the absolute form.
public struct SiteLinks: Sendable {
    public var basePath: String
    public var absoluteBase: String

    public init(config: JournalConfig) {
        basePath = config.basePath
        absoluteBase = config.absoluteBase
    }

    public func href(_ sitePath: String) -> String {
        basePath + Self.encode(sitePath)
    }

    /// The absolute URL, or the root-relative one when base_url has no host.
    public func absolute(_ sitePath: String) -> String {
        guard !absoluteBase.isEmpty else { return href(sitePath) }
        return absoluteBase + Self.encode(sitePath)
    }

    static let allowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "?#[]@!$&'()*+,;=:")
        return set
    }()

    /// Percent-encodes each path segment (slugs may be Japanese, file names may hold spaces).
    public static func encode(_ path: String) -> String {
        // Over the bytes in place: `utf8.allSatisfy` went through the string's generic iterator,
        // a thousand instructions for each of a page's links.
        let plain = path.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes {
                guard (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x2D || byte == 0x2F || byte == 0x2E || byte == 0x5F else { return false }
            }
            return true
        } ?? false
        if plain { return path }
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
