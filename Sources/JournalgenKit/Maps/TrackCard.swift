import Foundation

/// A GPX file as a reader meets it in a gallery: the track's shape, its length and climb, and a
/// download link, instead of a bare file name.
struct TrackCardView: TemplateObject {
    var track: GPXTrack
    var title: String
    var url: String
    var localization: Localization

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "title": return .text(title)
        case "url": return .text(url)
        case "distance": return .text(GeoMath.distanceText(track.distanceMetres, localization))
        case "climb": return .optional(track.climbMetres.map { "\(localization.integer(Int($0.rounded()))) m" })
        case "shape": return .text(shape())
        default: return nil
        }
    }

    /// The track's outline, a small picture beside its numbers (decorative: the numbers and the
    /// trip's map carry the information).
    func shape() -> String {
        let points = track.points.map { PlaceMap.project($0.latitude, $0.longitude) }
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max() else { return "" }
        let size = 100.0, inset = 6.0
        let span = max(maxX - minX, maxY - minY, 1e-9)
        let scale = (size - 2 * inset) / span
        let offsetX = (size - (maxX - minX) * scale) / 2, offsetY = (size - (maxY - minY) * scale) / 2
        var d = ""
        for segment in track.segments {
            let projected = segment.map { PlaceMap.project($0.latitude, $0.longitude) }
                .map { (x: ($0.x - minX) * scale + offsetX, y: ($0.y - minY) * scale + offsetY) }
            MapClipping.pathData(MapClipping.thin(projected, distance: 0.8), closed: false, into: &d)
        }
        return "<svg class=\"track-shape\" viewBox=\"0 0 100 100\" aria-hidden=\"true\" focusable=\"false\"><path d=\"\(d)\"/></svg>"
    }
}
