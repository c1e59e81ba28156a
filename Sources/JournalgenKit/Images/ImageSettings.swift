/// `media:` in journal.yaml: how photos are published.
///
/// ```yaml
/// media:
///   widths: [480, 960, 1600]   # sizes made of every photo (never larger than the photo)
///   quality: 80                # WebP and JPEG quality
///   originals: false           # publish the original files too
///   keep_metadata: false       # keep EXIF (camera, GPS) in published files
///   video_warning_mb: 100      # a bigger video is a warning
/// ```
public struct ImageSettings: Sendable, Hashable {
    public var widths: [Int] = [480, 960, 1600]
    public var quality = 80
    public var originals = false
    public var keepMetadata = false
    public var videoWarningMB = 100

    public init() {}

    /// Part of every cache key: changing any setting that shapes the files makes them again.
    var signature: String { "v1 q\(quality) \(keepMetadata ? "keep" : "strip")" }

    /// The widths made of a photo `width` pixels wide: the configured ones below it, and the
    /// photo's own width when it is narrower than the largest (no photo is ever enlarged).
    func widths(forImageWidth width: Int) -> [Int] {
        let largest = widths.max() ?? 1600
        var result = widths.filter { $0 < width }.sorted()
        let top = min(width, largest)
        if result.last != top { result.append(top) }
        return result
    }
}
