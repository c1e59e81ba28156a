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
    /// For the scale bar's distance and the data's credit (Natural Earth is public domain; credit
    /// is asked).
    var localization: Localization = .english
    /// Also carry the places and tracks as data, for the opt-in Leaflet map (journal.js).
    var interactive = false

    static let width = 760.0
    static let margin = 40.0
    /// Markers closer than this (in map units) are moved apart, with a leader line back to
    /// their place: a marker is about 28 CSS px, and a 760-unit map is about 350 px on a phone.
    static let markerSpacing = 64.0

    /// Web Mercator on a unit square: x from 0 to 1 west to east, y from 0 to 1 north to south.
    static func project(_ lat: Double, _ lon: Double) -> (x: Double, y: Double) {
        let clamped = max(-85.05, min(85.05, lat)) * .pi / 180
        return ((lon + 180) / 360, (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2)
    }

    static func latitude(ofY y: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
    }

    /// The map's frame in the projected square and its size in map units.
    struct Layout {
        var minX: Double, minY: Double, scale: Double, offsetX: Double, offsetY: Double
        var height: Double

        func point(_ lat: Double, _ lon: Double) -> MapClipping.Point {
            let p = PlaceMap.project(lat, lon)
            return ((p.x - minX) * scale + offsetX, (p.y - minY) * scale + offsetY)
        }
    }

    func layout() -> Layout? {
        var all = markers.map { Self.project($0.latitude, $0.longitude) }
        for track in tracks { all += track.map { Self.project($0.latitude, $0.longitude) } }
        guard !all.isEmpty else { return nil }
        var minX = all.map(\.x).min()!, maxX = all.map(\.x).max()!
        var minY = all.map(\.y).min()!, maxY = all.map(\.y).max()!
        // A single place (or a short walk) still gets a map of its town and what is around it.
        let minimumSpan = 1.0 / 2_000
        if maxX - minX < minimumSpan { let c = (minX + maxX) / 2; minX = c - minimumSpan / 2; maxX = c + minimumSpan / 2 }
        if maxY - minY < minimumSpan { let c = (minY + maxY) / 2; minY = c - minimumSpan / 2; maxY = c + minimumSpan / 2 }
        let inner = Self.width - 2 * Self.margin
        // Height follows the bounds' shape, within reason; the scale keeps the map true to shape.
        let aspect = (maxY - minY) / (maxX - minX)
        let height = (min(max(inner * aspect, 260), 560) + 2 * Self.margin).rounded()
        let scale = min(inner / (maxX - minX), (height - 2 * Self.margin) / (maxY - minY))
        return Layout(minX: minX, minY: minY, scale: scale,
                      offsetX: (Self.width - (maxX - minX) * scale) / 2, offsetY: (height - (maxY - minY) * scale) / 2,
                      height: height)
    }

    /// The map as HTML: an SVG picture of land, water, borders, tracks and the route (a labelled
    /// image), with the numbered markers as real links over it, so they stay readable on a phone
    /// and reachable by keyboard and screen reader, and a scale bar and the data's credit.
    func render() -> String? {
        guard let layout = layout() else { return nil }
        let height = layout.height
        let w = SVGText.number(Self.width), h = SVGText.number(height)
        var html = "<div class=\"map\" style=\"--ratio: \(w) / \(h)\"\(interactive ? interactiveData() : "")>"
        html += "<svg class=\"map-base\" viewBox=\"0 0 \(w) \(h)\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\">"
        html += "<title id=\"\(id)-t\">\(SVGText.escape(title))</title><desc id=\"\(id)-d\">\(SVGText.escape(description))</desc>"
        html += "<rect class=\"sea\" width=\"100%\" height=\"100%\"/>"
        html += basemap(layout)
        for track in tracks where track.count > 1 {
            let points = MapClipping.thin(track.map { layout.point($0.latitude, $0.longitude) }, distance: 1.5)
            var d = ""
            MapClipping.pathData(points, closed: false, into: &d)
            html += "<path class=\"track\" d=\"\(d)\"/>"
        }
        let spots = markers.map { layout.point($0.latitude, $0.longitude) }
        if joinMarkers && markers.count > 1 {
            var d = ""
            MapClipping.pathData(spots, closed: false, into: &d)
            html += "<path class=\"route\" d=\"\(d)\"/>"
        }
        let placed = Self.spread(spots, width: Self.width, height: height)
        for (spot, marker) in zip(spots, placed) {
            let moved = hypot(spot.x - marker.x, spot.y - marker.y) > 4
            if moved {
                html += "<line class=\"leader\" x1=\"\(SVGText.number(spot.x))\" y1=\"\(SVGText.number(spot.y))\" x2=\"\(SVGText.number(marker.x))\" y2=\"\(SVGText.number(marker.y))\"/>"
            }
            html += "<circle class=\"spot\" cx=\"\(SVGText.number(spot.x))\" cy=\"\(SVGText.number(spot.y))\" r=\"4\"/>"
        }
        html += "</svg><ol class=\"map-markers\">"
        for (index, marker) in markers.enumerated() {
            let shown: Int = marker.number ?? (index + 1)
            let left = SVGText.number(placed[index].x / Self.width * 1000 / 10)
            let top = SVGText.number(placed[index].y / height * 1000 / 10)
            html += "<li style=\"left: \(left)%; top: \(top)%\"><a class=\"map-marker\" href=\"\(SVGText.escape(marker.url))\">"
            html += "<span aria-hidden=\"true\">\(shown)</span><span class=\"visually-hidden\">\(shown). \(SVGText.escape(marker.label))</span></a></li>"
        }
        html += "</ol>"
        html += scaleBar(layout)
        html += "<p class=\"map-credit\">\(SVGText.escape(localization.label("mapCredit") ?? "Map data: Natural Earth, GSHHG"))</p></div>"
        return html
    }

    /// `data-places` (number, latitude, longitude, label, link) and `data-tracks` (each at most
    /// 500 points), as JSON in attributes.
    func interactiveData() -> String {
        let places: [[String: Any]] = markers.enumerated().map { index, marker in
            ["n": marker.number ?? index + 1, "lat": marker.latitude, "lon": marker.longitude, "label": marker.label, "url": marker.url]
        }
        let lines: [[[Double]]] = tracks.filter { $0.count > 1 }.map { track in
            let step = max(1, track.count / 500)
            var kept = stride(from: 0, to: track.count, by: step).map { [track[$0].latitude, track[$0].longitude] }
            if let last = track.last { kept.append([last.latitude, last.longitude]) }
            return kept
        }
        func json(_ value: Any) -> String {
            (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])).map { SVGText.escape(String(decoding: $0, as: UTF8.self)) } ?? "[]"
        }
        return " data-places=\"\(json(places))\" data-tracks=\"\(json(lines))\"" + (joinMarkers ? " data-route" : "")
    }

    /// Land, lakes, coastlines and borders inside the frame, each kind as one path. Coasts and
    /// shores are the edges of the land and lake polygons, less the cuts along cell sides.
    func basemap(_ layout: Layout) -> String {
        let frame = MapClipping.Frame(minX: -4, minY: -4, maxX: Self.width + 4, maxY: layout.height + 4)
        let west = (0 - layout.offsetX) / layout.scale + layout.minX, east = (Self.width - layout.offsetX) / layout.scale + layout.minX
        let north = (0 - layout.offsetY) / layout.scale + layout.minY, south = (layout.height - layout.offsetY) / layout.scale + layout.minY
        let margin = 0.02 * (east - west)
        let box = WorldMap.Box(minLon: (west - margin) * 360 - 180, minLat: Self.latitude(ofY: south + margin),
                               maxLon: (east + margin) * 360 - 180, maxLat: Self.latitude(ofY: north - margin))
        let world = WorldMap.part(meeting: box)
        var land: [UInt8] = [], lake: [UInt8] = [], river: [UInt8] = [], coast: [UInt8] = [], border: [UInt8] = []
        func project(_ index: Int) -> MapClipping.Point {
            let p = world.point(index)
            return layout.point(p.lat, p.lon)
        }
        func stroke(_ points: [MapClipping.Point], into d: inout [UInt8]) {
            for piece in MapClipping.clipLine(points, to: frame) {
                MapClipping.pathData(MapClipping.thin(piece, distance: 0.8), closed: false, into: &d)
            }
        }
        // 0.8 map units, in the data's units of longitude (latitude is never shorter in Mercator).
        let thinning = Int32(0.8 / layout.scale * 360 * WorldMap.scale)
        for feature in world.features {
            // A cell's rings are projected (the costly part) only when they meet the map, and
            // only their points that the map's scale can show.
            for (ring, bounds) in zip(feature.rings, feature.ringBounds) where bounds.meets(box) {
                let kept = world.thinned(ring, distance: thinning)
                let points = kept.map(project)
                switch feature.kind {
                case .border:
                    stroke(points, into: &border)
                case .river:
                    stroke(points, into: &river)
                case .land, .lake:
                    let clipped = MapClipping.clipPolygon(points, to: frame)
                    if clipped.count >= 3 {
                        if feature.kind == .land { MapClipping.pathData(clipped, closed: true, into: &land) }
                        else { MapClipping.pathData(clipped, closed: true, into: &lake) }
                    }
                    for run in world.shoreRuns(kept) { stroke(Array(points[run]), into: &coast) }
                }
            }
        }
        var svg: [UInt8] = []
        svg.reserveCapacity([land, lake, river, coast, border].reduce(0) { $0 + $1.count + 32 })
        for (name, d) in [("land", land), ("lake", lake), ("river", river), ("coast", coast), ("border", border)] where !d.isEmpty {
            svg += Array("<path class=\"\(name)\" d=\"".utf8)
            svg += d
            svg += Array("\"/>".utf8)
        }
        return String(decoding: svg, as: UTF8.self)
    }

    /// Moves markers apart until none is closer than `markerSpacing` to another, each as little
    /// as it can, and keeps them inside the map. Deterministic: the same places give the same map.
    static func spread(_ spots: [MapClipping.Point], width: Double, height: Double) -> [MapClipping.Point] {
        var placed = spots
        let d = markerSpacing
        let inset = 18.0
        for _ in 0..<300 {
            var moved = false
            for i in placed.indices {
                for j in placed.indices where j > i {
                    var dx = placed[j].x - placed[i].x, dy = placed[j].y - placed[i].y
                    var distance = hypot(dx, dy)
                    guard distance < d - 0.01 else { continue }
                    if distance < 0.01 {
                        // Same place: fan out by a golden angle per marker.
                        let angle = Double(j) * 2.399963
                        dx = cos(angle); dy = sin(angle); distance = 1
                    }
                    let push = (d - distance) / 2 + 0.1
                    placed[i].x -= dx / distance * push; placed[i].y -= dy / distance * push
                    placed[j].x += dx / distance * push; placed[j].y += dy / distance * push
                    moved = true
                }
            }
            for i in placed.indices {
                placed[i].x = min(max(placed[i].x, inset), width - inset)
                placed[i].y = min(max(placed[i].y, inset), height - inset)
            }
            if !moved { break }
        }
        return placed
    }

    var description: String {
        let l = localization
        var text = "\(l.text("mapOf")) \(l.counted("places", markers.count) ?? String(markers.count))"
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
            text += ". \(l.counted("gpxTracks", tracks.count) ?? String(tracks.count)), \(GeoMath.distanceText(metres, l))"
        }
        return text + "."
    }

    /// A bar of a round length (1, 2 or 5 × 10ⁿ metres) about a fifth of the map wide, drawn in
    /// HTML so its label keeps its size on a phone.
    func scaleBar(_ layout: Layout) -> String {
        let centreY = layout.minY + (layout.height / 2 - layout.offsetY) / layout.scale
        let latitude = Self.latitude(ofY: centreY)
        // Metres per unit of the projected square at this latitude, then per map unit.
        let metresPerUnit = 2 * Double.pi * GeoMath.earthRadius * cos(latitude * .pi / 180)
        let metresPerSVG = metresPerUnit / layout.scale
        let target = metresPerSVG * Self.width / 5
        let magnitude = pow(10, floor(log10(target)))
        var length: Double = magnitude
        for factor in [5.0, 2.0, 1.0] where factor * magnitude <= target {
            length = factor * magnitude
            break
        }
        let percent = SVGText.number(length / metresPerSVG / Self.width * 100)
        return "<p class=\"map-scale\" style=\"width: \(percent)%\"><span class=\"map-scale-bar\"></span><span class=\"map-scale-label\">\(GeoMath.distanceText(length, localization))</span></p>"
    }
}
