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

    /// `href(sitePath)` HTML-escaped at the end of `out`: a photo's markup names each of its
    /// sizes twice, and a String made for each address and searched again for special
    /// characters cost more than the rest of the markup. A plain path (letters, digits, `-`, `/`,
    /// `.`, `_`) is neither percent- nor HTML-escaped, so its bytes go as they are.
    func appendEscapedHref(_ sitePath: String, to out: inout [UInt8]) {
        guard Self.plain.containsAll(of: sitePath) else { return HTMLEscaping.escape(href(sitePath), into: &out) }
        HTMLEscaping.escape(basePath, into: &out)
        out.append(utf8Of: sitePath)
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

    /// The bytes a path keeps as they are: letters, digits, "-", "/", "." and "_".
    private static let plain = ByteSet { byte in
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || [0x2D, 0x2F, 0x2E, 0x5F].contains(byte)
    }

    /// Percent-encodes each path segment (slugs may be Japanese, file names may hold spaces).
    public static func encode(_ path: String) -> String {
        if plain.containsAll(of: path) { return path }
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
