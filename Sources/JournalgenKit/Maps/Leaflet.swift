import Foundation

/// Leaflet, for the opt-in interactive maps, from Debian's `libjs-leaflet`: copied into the site
/// (never loaded from a CDN), at `leaflet/`. journalgen does not carry its own copy.
enum Leaflet {
    static let folder = ProcessInfo.processInfo.environment["JOURNALGEN_LEAFLET"] ?? "/usr/share/javascript/leaflet"
    static let files = ["leaflet.js", "leaflet.css", "images/marker-icon.png", "images/marker-icon-2x.png",
                        "images/marker-shadow.png", "images/layers.png", "images/layers-2x.png"]

    /// The files to publish, or nil when Leaflet is not installed.
    static func copies() -> [StaticFiles.Copy]? {
        var copies: [StaticFiles.Copy] = []
        for file in files {
            let path = folder + "/" + file
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            copies.append(StaticFiles.Copy(source: .file(path), sitePath: "leaflet/" + file))
        }
        return copies
    }
}
