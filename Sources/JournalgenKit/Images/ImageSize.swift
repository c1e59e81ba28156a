/// One published size of a photo: a WebP file and a fallback (JPEG, or PNG when the photo has
/// transparency) of the same width, beside where the photo would be (`torii-960.webp`).
public struct ImageSize: Sendable, Hashable, Codable {
    public var width: Int
    public var height: Int
    public var webp: String
    public var fallback: String

    /// The sizes of a photo published at `sitePath` ("2026/04/03/kyoto/torii.jpg").
    static func sizes(of photo: PhotoInfo, sitePath: String, settings: ImageSettings) -> [ImageSize] {
        // Byte-wise: tens of thousands of names are made per build.
        let bytes = sitePath.utf8
        let dot = sitePath.lastIndex(ofByte: 0x2E).flatMap { dot in bytes[dot...].contains(0x2F) ? nil : dot } ?? bytes.endIndex
        let stem = bytes.distance(from: bytes.startIndex, to: dot)
        let fallbackExtension: StaticString = photo.hasAlpha ? ".png" : ".jpg"
        return settings.widths(forImageWidth: photo.width).map { width in
            let height = max(1, Int((Double(photo.height) * Double(width) / Double(photo.width)).rounded()))
            return ImageSize(width: width, height: height, webp: name(sitePath, stem: stem, width: width, ".webp"),
                             fallback: name(sitePath, stem: stem, width: width, fallbackExtension))
        }
    }

    /// The path's first `stem` bytes, "-", the width and `ending`, made at once: joined from
    /// parts, the two names of each of 11,000 photos took five strings and 6,000 instructions.
    private static func name(_ sitePath: String, stem: Int, width: Int, _ ending: StaticString) -> String {
        guard width > 0 else { return String(sitePath[..<sitePath.utf8.index(sitePath.utf8.startIndex, offsetBy: stem)]) + "-\(width)\(ending)" }
        var digits = 1, rest = width / 10
        while rest > 0 { digits += 1; rest /= 10 }
        return sitePath.withUTF8Bytes { bytes in
            String(unsafeUninitializedCapacity: stem + 1 + digits + ending.utf8CodeUnitCount) { out in
                let base = out.baseAddress!
                if stem > 0 { base.update(from: bytes.baseAddress!, count: stem) }
                base[stem] = UInt8(ascii: "-")
                // The width's digits, written from the last, as String(width) writes them.
                var rest = width
                for at in stride(from: stem + digits, to: stem, by: -1) {
                    base[at] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                (base + stem + 1 + digits).update(from: ending.utf8Start, count: ending.utf8CodeUnitCount)
                return stem + 1 + digits + ending.utf8CodeUnitCount
            }
        }
    }
}
