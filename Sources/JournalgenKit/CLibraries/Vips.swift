import CVips
import CVipsShim
import Foundation

/// The only code that calls libvips. Images and strings it gets from C are released in the same
/// function, so no libvips object outlives a call.
enum Vips {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An image's header: size as stored, EXIF orientation, alpha, and the EXIF fields journalgen reads.
    struct Header: Sendable {
        var width: Int
        var height: Int
        var orientation: Int
        var hasAlpha: Bool
        var fields: [String: String]
    }

    /// libvips is loaded here, at the first photo that needs it: a build that finds every photo in
    /// its cache never loads it.
    private static let started: Bool = jg_vips_init() == 0

    static let exifFields = [
        "exif-ifd3-GPSLatitude", "exif-ifd3-GPSLatitudeRef", "exif-ifd3-GPSLongitude", "exif-ifd3-GPSLongitudeRef",
        "exif-ifd2-DateTimeOriginal", "exif-ifd2-OffsetTimeOriginal", "exif-ifd0-DateTime",
    ]

    private static func lastError() -> String {
        guard let text = jg_vips_error() else { return "unknown libvips error" }
        defer { g_free(text) }
        let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        return message.isEmpty ? "unknown libvips error" : message
    }

    /// Reads the header only (no pixels), so this is cheap even for a 12 MP photo.
    static func header(_ path: String) -> Result<Header, Failure> {
        guard started else { return .failure(Failure(description: lastError())) }
        guard let image = jg_vips_open(path) else { return .failure(Failure(description: lastError())) }
        defer { g_object_unref(image) }
        var fields: [String: String] = [:]
        for name in exifFields {
            if let value = jg_vips_get_string(image, name) {
                fields[name] = String(cString: value)
                g_free(value)
            }
        }
        return .success(Header(width: Int(jg_vips_width(image)), height: Int(jg_vips_height(image)),
                               orientation: Int(jg_vips_get_int(image, "orientation", 1)),
                               hasAlpha: jg_vips_has_alpha(image) != 0, fields: fields))
    }

    /// Decodes `source` once at the largest width, then writes every requested size from it.
    /// `outputs` maps a width to the files to write at that width ("x.webp[Q=80,strip]").
    static func writeSizes(of source: String, outputs: [(width: Int, files: [String])]) -> Result<Void, Failure> {
        guard started else { return .failure(Failure(description: lastError())) }
        guard let largest = outputs.map(\.width).max(), let base = jg_vips_thumbnail_file(source, Int32(largest)) else {
            return .failure(Failure(description: lastError()))
        }
        defer { g_object_unref(base) }
        for output in outputs {
            let image: UnsafeMutablePointer<VipsImage>
            if output.width >= Int(jg_vips_width(base)) {
                image = base
                g_object_ref(image)
            } else {
                guard let smaller = jg_vips_thumbnail_image(base, Int32(output.width)) else { return .failure(Failure(description: lastError())) }
                image = smaller
            }
            defer { g_object_unref(image) }
            for file in output.files where jg_vips_save(image, file) != 0 {
                return .failure(Failure(description: lastError()))
            }
        }
        return .success(())
    }

    /// SHA-256 of a file, through GLib (which libvips brings along).
    static func sha256(file path: String) -> String? {
        guard let hex = jg_sha256_file(path) else { return nil }
        defer { g_free(hex) }
        return String(cString: hex)
    }
}
