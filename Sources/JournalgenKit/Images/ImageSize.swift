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
        let stem = String(sitePath[..<dot]) + "-"
        let fallbackExtension = photo.hasAlpha ? ".png" : ".jpg"
        return settings.widths(forImageWidth: photo.width).map { width in
            let height = max(1, Int((Double(photo.height) * Double(width) / Double(photo.width)).rounded()))
            let name = stem + String(width)
            return ImageSize(width: width, height: height, webp: name + ".webp", fallback: name + fallbackExtension)
        }
    }
}
