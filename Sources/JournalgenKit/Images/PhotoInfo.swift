import Foundation

/// What journalgen knows of a photo from its header: its upright size and, from EXIF, where and
/// when it was taken. Read while loading, so the place and time can flow into the entry.
public struct PhotoInfo: Sendable, Hashable, Codable {
    /// Size as shown, after the EXIF orientation is applied.
    public var width: Int
    public var height: Int
    public var hasAlpha: Bool
    public var latitude: Double?
    public var longitude: Double?
    /// Local time of the shot (EXIF DateTimeOriginal), with OffsetTimeOriginal's offset when the
    /// camera wrote one, else read in the journal's zone.
    public var taken: EntryDate?

    public var hasCoordinates: Bool { latitude != nil && longitude != nil }

    struct Unreadable: Error {
        var message: String
    }

    /// The photo's header (no pixels), or what to tell the writer about a file that is not one.
    static func read(_ path: String, zone: some LocalOffsets, paths: DisplayPaths, cache: ImageCache? = nil) -> Result<PhotoInfo, Unreadable> {
        switch cache?.header(path) ?? Vips.header(path) {
        case .success(let header): return .success(PhotoInfo(header: header, zone: zone))
        case .failure(let failure):
            return .failure(Unreadable(message: "cannot read \(paths.display(path: path)) as an image (\(failure)); expected a JPEG, PNG, WebP, AVIF, HEIC or TIFF file"))
        }
    }

    init(header: Vips.Header, zone: some LocalOffsets) {
        let turned = (5...8).contains(header.orientation)
        width = turned ? header.height : header.width
        height = turned ? header.width : header.height
        hasAlpha = header.hasAlpha
        let f = header.fields
        latitude = Self.degrees(f["exif-ifd3-GPSLatitude"], ref: f["exif-ifd3-GPSLatitudeRef"], negative: "S", limit: 90)
        longitude = Self.degrees(f["exif-ifd3-GPSLongitude"], ref: f["exif-ifd3-GPSLongitudeRef"], negative: "W", limit: 180)
        if latitude == nil || longitude == nil { latitude = nil; longitude = nil }
        taken = Self.date(f["exif-ifd2-DateTimeOriginal"] ?? f["exif-ifd0-DateTime"], offset: f["exif-ifd2-OffsetTimeOriginal"], zone: zone)
    }

    /// libvips shows an EXIF value as "51/1 20/1 2345/100 (51, 20, 23.45, Rational, …)": the raw
    /// part comes before " (".
    static func raw(_ field: String?) -> String? {
        guard let field else { return nil }
        let end = field.range(of: " (")?.lowerBound ?? field.endIndex
        let value = field[..<end].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// Degrees, minutes and seconds as three rationals, signed by the reference (N/S, E/W).
    static func degrees(_ field: String?, ref: String?, negative: String, limit: Double) -> Double? {
        guard let value = raw(field) else { return nil }
        let parts = value.split(separator: " ").compactMap { part -> Double? in
            let fraction = part.split(separator: "/")
            guard let n = Double(fraction[0]) else { return nil }
            guard fraction.count == 2 else { return n }
            guard let d = Double(fraction[1]), d != 0 else { return nil }
            return n / d
        }
        guard parts.count == 3 else { return nil }
        var degrees = parts[0] + parts[1] / 60 + parts[2] / 3600
        if raw(ref)?.uppercased().hasPrefix(negative) == true { degrees = -degrees }
        guard abs(degrees) <= limit, !(parts[0] == 0 && parts[1] == 0 && parts[2] == 0) else { return nil }
        return (degrees * 1_000_000).rounded() / 1_000_000
    }

    /// "2026:09:05 10:12:33" (EXIF's own format), with "+02:00" when the camera wrote an offset.
    static func date(_ field: String?, offset: String?, zone: some LocalOffsets) -> EntryDate? {
        guard let value = raw(field), value.count >= 19 else { return nil }
        let iso = value.prefix(10).replacingOccurrences(of: ":", with: "-") + "T" + value.dropFirst(11).prefix(8)
        if let offset = raw(offset), offset.count == 6, let date = try? EntryDate.parse(iso + offset, zone: zone) { return date }
        return try? EntryDate.parse(String(iso), zone: zone)
    }
}
