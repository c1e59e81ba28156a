import Foundation

/// A map that works offline: inline SVG of places and GPX tracks in Web Mercator, fitted to their
/// bounds, with a scale bar. Places are numbered markers that link to their entry (the list
/// beside the map repeats the numbers with names and OpenStreetMap links), joined in time order.
struct PlaceMap {
    struct Marker {
        var latitude: Double
        var longitude: Double
        var label: String
        var url: String
        /// The number shown; by default the marker's position in the list.
        var number: Int?
    }

    /// Groups markers into regions, each place within `kilometres` of another of its region,
    /// so a journal of Leipzig and Kyoto gets two useful maps instead of one of the world.
    static func regions(_ markers: [Marker], kilometres: Double = 400) -> [[Marker]] {
        var regionOf = Array(markers.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while regionOf[i] != i { regionOf[i] = regionOf[regionOf[i]]; i = regionOf[i] }
            return i
        }
        let points: [GPXTrack.Point] = markers.map { (marker: Marker) -> GPXTrack.Point in
            GPXTrack.Point(latitude: marker.latitude, longitude: marker.longitude)
        }
        let limit: Double = kilometres * 1000
        for a in points.indices {
            for b in points.indices where b > a {
                let d: Double = GeoMath.distance(points[a], points[b])
                if d <= limit {
                    let ra: Int = root(a)
                    let rb: Int = root(b)
                    regionOf[ra] = rb
                }
            }
        }
        var groups: [Int: [Marker]] = [:]
        var order: [Int] = []
        for i in markers.indices {
            let r = root(i)
            if groups[r] == nil { order.append(r) }
            groups[r, default: []].append(markers[i])
        }
        let result: [[Marker]] = order.map { (r: Int) -> [Marker] in groups[r] ?? [] }
        return result.sorted { (a: [Marker], b: [Marker]) -> Bool in a.count > b.count }
    }

    var markers: [Marker]
    var tracks: [[GPXTrack.Point]] = []
    /// Draw a line between the markers in their order (a trip's route).
    var joinMarkers = true
    var title: String
    /// Prefix of the ids of the map's title and description, unique on its page.
    var id = "map"

    static let width = 760.0
    static let margin = 28.0

    /// Web Mercator on a unit square: x from 0 to 1 west to east, y from 0 to 1 north to south.
    static func project(_ lat: Double, _ lon: Double) -> (x: Double, y: Double) {
        let clamped = max(-85.05, min(85.05, lat)) * .pi / 180
        return ((lon + 180) / 360, (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2)
    }

    func render() -> String? {
        var all = markers.map { Self.project($0.latitude, $0.longitude) }
        for track in tracks { all += track.map { Self.project($0.latitude, $0.longitude) } }
        guard !all.isEmpty else { return nil }
        var minX = all.map(\.x).min()!, maxX = all.map(\.x).max()!
        var minY = all.map(\.y).min()!, maxY = all.map(\.y).max()!
        // A single place (or a very small walk) still gets a map about a kilometre across.
        let minimumSpan = 1.0 / 40_000
        if maxX - minX < minimumSpan { let c = (minX + maxX) / 2; minX = c - minimumSpan / 2; maxX = c + minimumSpan / 2 }
        if maxY - minY < minimumSpan { let c = (minY + maxY) / 2; minY = c - minimumSpan / 2; maxY = c + minimumSpan / 2 }
        let inner = Self.width - 2 * Self.margin
        // Height follows the bounds' shape, within reason; the scale keeps the map true to shape.
        let aspect = (maxY - minY) / (maxX - minX)
        let height = min(max(inner * aspect, 220), 560) + 2 * Self.margin
        let scale = min(inner / (maxX - minX), (height - 2 * Self.margin) / (maxY - minY))
        let offsetX = (Self.width - (maxX - minX) * scale) / 2, offsetY = (height - (maxY - minY) * scale) / 2
        func point(_ lat: Double, _ lon: Double) -> String {
            let p = Self.project(lat, lon)
            return "\(SVGText.number((p.x - minX) * scale + offsetX)),\(SVGText.number((p.y - minY) * scale + offsetY))"
        }

        var svg = "<svg class=\"map\" viewBox=\"0 0 \(SVGText.number(Self.width)) \(SVGText.number(height))\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\">"
        svg += "<title id=\"\(id)-t\">\(SVGText.escape(title))</title><desc id=\"\(id)-d\">\(SVGText.escape(description))</desc>"
        svg += "<rect class=\"sea\" width=\"100%\" height=\"100%\"/>"
        for track in tracks where track.count > 1 {
            let step = max(1, track.count / 1500)
            var kept = stride(from: 0, to: track.count, by: step).map { track[$0] }
            if kept.last != track.last { kept.append(track.last!) }
            svg += "<polyline class=\"track\" points=\"\(kept.map { point($0.latitude, $0.longitude) }.joined(separator: " "))\"/>"
        }
        if joinMarkers && markers.count > 1 {
            svg += "<polyline class=\"route\" points=\"\(markers.map { point($0.latitude, $0.longitude) }.joined(separator: " "))\"/>"
        }
        for (index, marker) in markers.enumerated() {
            let shown: Int = marker.number ?? (index + 1)
            let number = shown - 1
            let xy = point(marker.latitude, marker.longitude).split(separator: ",")
            svg += "<a href=\"\(SVGText.escape(marker.url))\"><title>\(number + 1). \(SVGText.escape(marker.label))</title>"
            svg += "<circle class=\"stop\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"9\"/>"
            svg += "<text class=\"stop-number\" x=\"\(xy[0])\" y=\"\(xy[1])\" dy=\"3.5\" text-anchor=\"middle\">\(number + 1)</text></a>"
        }
        svg += scaleBar(height: height, scale: scale, centreY: (minY + maxY) / 2)
        svg += "</svg>"
        return svg
    }

    var description: String {
        var text = "Map of \(markers.count) place\(markers.count == 1 ? "" : "s")"
        var parts: [String] = []
        for (index, marker) in markers.enumerated() {
            let number: Int = marker.number ?? (index + 1)
            parts.append("\(number). \(marker.label)")
        }
        if !parts.isEmpty { text += ": " + parts.joined(separator: "; ") }
        if !tracks.isEmpty {
            var metres: Double = 0
            for track in tracks where track.count > 1 {
                for i in 1..<track.count { metres += GeoMath.distance(track[i - 1], track[i]) }
            }
            text += ". \(tracks.count) GPX track\(tracks.count == 1 ? "" : "s"), \(GeoMath.distanceText(metres))"
        }
        return text + "."
    }

    /// A bar of a round length (1, 2 or 5 × 10ⁿ metres) about a fifth of the map wide.
    func scaleBar(height: Double, scale: Double, centreY: Double) -> String {
        let latitude = atan(sinh(.pi * (1 - 2 * centreY))) * 180 / .pi
        // Metres per unit of the projected square at this latitude, then per SVG unit.
        let metresPerUnit = 2 * Double.pi * GeoMath.earthRadius * cos(latitude * .pi / 180)
        let metresPerSVG = metresPerUnit / scale
        let target = metresPerSVG * Self.width / 5
        let magnitude = pow(10, floor(log10(target)))
        var length: Double = magnitude
        for factor in [5.0, 2.0, 1.0] where factor * magnitude <= target {
            length = factor * magnitude
            break
        }
        let bar: Double = length / metresPerSVG
        let x: String = SVGText.number(Self.margin)
        let x2: String = SVGText.number(Self.margin + bar)
        let textX: String = SVGText.number(Self.margin + bar + 6)
        let y: String = SVGText.number(height - 12)
        let textY: String = SVGText.number(height - 8)
        var svg = "<g class=\"scale-bar\"><line x1=\"\(x)\" x2=\"\(x2)\" y1=\"\(y)\" y2=\"\(y)\"/>"
        svg += "<text x=\"\(textX)\" y=\"\(textY)\">\(GeoMath.distanceText(length))</text></g>"
        return svg
    }
}
