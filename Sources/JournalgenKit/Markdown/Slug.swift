import Foundation

/// URL and anchor slugs: lower case, words joined by "-", accents folded, other scripts kept.
/// "Up the Mountain: Kyoto!" -> "up-the-mountain-kyoto", "京都の朝" -> "京都の朝".
public enum Slug {
    public static func make(_ text: String) -> String {
        makeASCII(text) ?? makeUnicode(text)
    }

    static func makeUnicode(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in fold(text.lowercased()).unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else if scalar == "-" || scalar == "_" || scalar == " " || scalar.properties.isWhitespace
                        || scalar.properties.generalCategory.isPunctuation || scalar.properties.generalCategory.isSymbol {
                pendingDash = true
            }
        }
        return out.utf8.count > maximumBytes ? shortened(out) : out
    }

    /// The same slug for a text of ASCII only, byte by byte: the general path asks Unicode
    /// properties of every character, which cost 2 % of a 10k-entry build once every task item
    /// of 60,000 got an anchor.
    ///
    /// Written straight into the new string's storage (never longer than the text: a dash is
    /// only put before a letter that follows punctuation, which writes nothing), not appended
    /// to an array a byte at a time: 1,500 instructions a heading of 78,000, 0.6 % of a 10k
    /// first build's.
    static func makeASCII(_ text: String) -> String? {
        return text.withUTF8Bytes { bytes -> String? in
            guard TextDecoding.isASCII(bytes) else { return nil }
            let slug = String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                var pendingDash = false
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        if pendingDash && count > 0 {
                            out[count] = UInt8(ascii: "-")
                            count += 1
                        }
                        pendingDash = false
                        out[count] = byte | (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? 0x20 : 0)
                        count += 1
                    case 0x09...0x0D, 0x20...0x7E: pendingDash = true   // spaces, punctuation and symbols
                    default: break                                     // other controls count for nothing
                    }
                }
                return count
            }
            return slug.utf8.count > maximumBytes ? nil : slug
        }
    }

    /// A slug names a folder, and file systems allow 255 bytes a name: 86 Japanese characters
    /// are 258. Longer slugs keep their first 180 bytes and a hash of the whole, so two long
    /// titles that begin alike still get two addresses, the same in every build.
    static let maximumBytes = 200

    static func shortened(_ slug: String) -> String {
        var kept = String.UnicodeScalarView(), bytes = 0
        for scalar in slug.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > 180 { break }
            kept.append(scalar)
        }
        var prefix = String(kept)
        while prefix.hasSuffix("-") { prefix.removeLast() }
        return prefix + "-" + FNV1a.hex(slug.utf8)
    }

    /// Latin letters lose their accents ("é" -> "e", "ß" -> "ss"); other scripts stay as written
    /// (folding every mark would turn Japanese "が" into "か").
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if let special = latinSpecials[scalar] {
                out.append(contentsOf: special.unicodeScalars)
            } else if (0xC0...0x24F).contains(v) || (0x1E00...0x1EFF).contains(v),
                      let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first {
                out.append(base)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static let latinSpecials: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
    ]
}

/// Heading ids within one page: the same text twice gives "notes", "notes-1", as GitHub does.
struct HeadingSlugs {
    /// Each id given, with the last number given after it. A list searched in turn, not a
    /// dictionary: a page has a few headings, and a dictionary made and grown for each of
    /// 10,000 pages cost more than the slugs themselves (0.5 % of a 10k build's instructions).
    /// Past a few dozen ids (a long page), a dictionary indexes the list.
    private var used: [(slug: String, count: Int)] = []
    private var positions: [String: Int]?

    mutating func next(for text: String) -> String {
        var base = Slug.make(text)
        if base.isEmpty { base = "section" }
        guard let at = index(of: base) else {
            add(base)
            return base
        }
        var n = used[at].count + 1
        while index(of: "\(base)-\(n)") != nil { n += 1 }
        used[at].count = n
        add("\(base)-\(n)")
        return "\(base)-\(n)"
    }

    private func index(of slug: String) -> Int? {
        if let positions { return positions[slug] }
        return used.firstIndex { $0.slug == slug }
    }

    private mutating func add(_ slug: String) {
        used.append((slug, 0))
        if positions != nil {
            positions?[slug] = used.count - 1
        } else if used.count > 32 {
            positions = Dictionary(uniqueKeysWithValues: used.indices.map { (used[$0].slug, $0) })
        }
    }
}

extension Unicode.GeneralCategory {
    var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    var isSymbol: Bool {
        switch self {
        case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: return true
        default: return false
        }
    }
}
