import Foundation

/// A recorded route from a `.gpx` file: its points in order and its length.
public struct GPXTrack: Sendable, Hashable, Codable {
    public struct Point: Sendable, Hashable, Codable {
        public var latitude: Double
        public var longitude: Double
    }

    /// One list per track segment (or route): a gap in the recording is not drawn as a line.
    public var segments: [[Point]]
    /// The `<ele>` values of each segment's points, in metres, where the file has them.
    public var elevations: [[Double]] = []

    public var points: [Point] { segments.flatMap { $0 } }

    /// Metres climbed: the rises of the elevation profile, counted once the ground has risen or
    /// fallen 3 m from the last turn, so a GPS's jitter on flat ground adds nothing. Nil when the
    /// track has no elevations.
    public var climbMetres: Double? {
        guard elevations.contains(where: { $0.count > 1 }) else { return nil }
        var total = 0.0
        for profile in elevations where profile.count > 1 {
            var anchor = profile[0]
            for value in profile.dropFirst() {
                if value - anchor >= 3 { total += value - anchor; anchor = value }
                else if anchor - value >= 3 { anchor = value }
            }
        }
        return total
    }

    /// Along the ground, in metres: the sum of the great-circle distances between points.
    public var distanceMetres: Double {
        segments.reduce(0) { total, segment in
            zip(segment, segment.dropFirst()).reduce(total) { $0 + GeoMath.distance($1.0, $1.1) }
        }
    }
}

/// Reads GPX 1.0 and 1.1 tracks and routes with libxml2. Waypoints are not a route and are skipped.
public enum GPXReader {
    public struct Problem: Error, Sendable {
        public var message: String
        public var line: Int
    }

    public static func read(_ data: Data) -> Result<GPXTrack, Problem> {
        guard let document = MarkupDocument(data: data, kind: .xml) else {
            return .failure(Problem(message: "the file is not XML; expected a GPX track", line: 1))
        }
        if let problem = document.problems.first {
            return .failure(Problem(message: "the GPX file is not well-formed XML: \(problem.message)", line: problem.line))
        }
        guard document.count("/*[local-name()='gpx']") == 1 else {
            return .failure(Problem(message: "the file is XML but not GPX; expected a <gpx> root element", line: 1))
        }
        // Segments and routes keep their points together; a point outside either stands alone.
        let groups = document.elements("//*[local-name()='trkseg' or local-name()='rte']")
        var segments: [[GPXTrack.Point]] = []
        var elevations: [[Double]] = []
        for (index, _) in groups.enumerated() {
            let xpath = "(//*[local-name()='trkseg' or local-name()='rte'])[\(index + 1)]/*[local-name()='trkpt' or local-name()='rtept']"
            var segment: [GPXTrack.Point] = []
            for element in document.elements(xpath) {
                guard let lat = element.attributes["lat"].flatMap(Double.init), (-90...90).contains(lat),
                      let lon = element.attributes["lon"].flatMap(Double.init), (-180...180).contains(lon) else {
                    return .failure(Problem(message: "<\(element.name)> has lat '\(element.attributes["lat"] ?? "")' and lon '\(element.attributes["lon"] ?? "")'; expected decimal degrees, lat from -90 to 90 and lon from -180 to 180", line: element.line))
                }
                segment.append(GPXTrack.Point(latitude: lat, longitude: lon))
            }
            if !segment.isEmpty {
                segments.append(segment)
                let heights = document.strings(xpath + "/*[local-name()='ele']").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                elevations.append(heights.filter(\.isFinite))
            }
        }
        guard !segments.isEmpty else {
            return .failure(Problem(message: "the GPX file has no track or route points; expected <trkpt lat=… lon=…> inside <trk><trkseg>", line: 1))
        }
        return .success(GPXTrack(segments: segments, elevations: elevations))
    }
}

/// Distances on the Earth, for tracks, scale bars and map fitting.
public enum GeoMath {
    static let earthRadius = 6_371_008.8

    /// Great-circle distance in metres (haversine).
    public static func distance(_ a: GPXTrack.Point, _ b: GPXTrack.Point) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad, dLon = (b.longitude - a.longitude) * rad
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// "12.4 km", "850 m"; "12,4 km" in German.
    public static func distanceText(_ metres: Double, _ localization: Localization = .english) -> String {
        if metres < 1000 { return "\(Int(metres.rounded())) m" }
        if metres < 100_000 { return localization.decimal(metres / 1000) + " km" }
        return localization.integer(Int((metres / 1000).rounded())) + " km"
    }
}
