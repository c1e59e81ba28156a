import Foundation

/// Land, lakes and country borders of the whole world, from Natural Earth's public-domain
/// 1:10m data, and major rivers from GSHHG, simplified and cut into 5-degree cells by
/// `docs/tools/make-map-data.py` and embedded in the binary, so every map is drawn offline. Coastlines and shores are the edges of
/// the land and lake polygons (`shoreRuns`).
struct WorldMap: Sendable {
    enum Kind: UInt8, Sendable {
        case land = 0, lake = 1, river = 2, border = 3
    }

    struct Feature: Sendable {
        var kind: Kind
        /// In 1e-4 degrees: min lon, min lat, max lon, max lat.
        var minLon: Int32, minLat: Int32, maxLon: Int32, maxLat: Int32
        /// Rings (or lines) as ranges into `WorldMap.coordinates`, in points.
        var rings: [Range<Int>]
        /// Each ring's bounds, so a map skips the rings of a cell it does not show.
        var ringBounds: [Box]
    }

    static let attribution = "Natural Earth"
    static let scale = 10_000.0

    var features: [Feature] = []
    /// Longitude and latitude pairs, 1e-4 degrees, one after the other.
    var coordinates: [Int32] = []

    /// Decoded once, on the first map of a build (about 30 ms).
    static let shared: WorldMap = {
        let source = AssetSource(journal: URL(fileURLWithPath: "/nonexistent"))
        guard let file = source.file("Sources/JournalgenKit/Maps/Data/world.jgmap"),
              let map = WorldMap(data: file.data) else { return WorldMap() }
        return map
    }()

    init() {}

    /// Reads the format that `make-map-data.py` writes; nil when the data is not that format.
    init?(data: Data) {
        let bytes = [UInt8](data)
        let magic: [UInt8] = Array("JGMAP1\n\0".utf8)
        guard bytes.count >= 12, Array(bytes[0..<8]) == magic else { return nil }
        var at = 8
        func u32() -> UInt32 {
            defer { at += 4 }
            return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        func varint() -> Int? {
            var value = 0, shift = 0
            while at < bytes.count, shift < 63 {
                let byte = bytes[at]
                at += 1
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        let count = Int(u32())
        features.reserveCapacity(count)
        coordinates.reserveCapacity(bytes.count)
        for _ in 0..<count {
            guard at + 17 <= bytes.count, let kind = Kind(rawValue: bytes[at]) else { return nil }
            at += 1
            let bounds = (Int32(bitPattern: u32()), Int32(bitPattern: u32()), Int32(bitPattern: u32()), Int32(bitPattern: u32()))
            guard let ringCount = varint() else { return nil }
            var rings: [Range<Int>] = []
            var ringBounds: [Box] = []
            for _ in 0..<ringCount {
                guard let points = varint() else { return nil }
                let start = coordinates.count / 2
                var x = 0, y = 0
                var box = Box(minLon: .max, minLat: .max, maxLon: .min, maxLat: .min)
                for _ in 0..<points {
                    guard let dx = varint(), let dy = varint() else { return nil }
                    x += (dx >> 1) ^ -(dx & 1)
                    y += (dy >> 1) ^ -(dy & 1)
                    coordinates.append(Int32(x))
                    coordinates.append(Int32(y))
                    box.minLon = min(box.minLon, Int32(x)); box.maxLon = max(box.maxLon, Int32(x))
                    box.minLat = min(box.minLat, Int32(y)); box.maxLat = max(box.maxLat, Int32(y))
                }
                rings.append(start..<(start + points))
                ringBounds.append(box)
            }
            features.append(Feature(kind: kind, minLon: bounds.0, minLat: bounds.1, maxLon: bounds.2, maxLat: bounds.3, rings: rings, ringBounds: ringBounds))
        }
    }

    /// A map's extent in degrees, kept in the data's units for quick tests.
    struct Box: Sendable {
        var minLon: Int32, minLat: Int32, maxLon: Int32, maxLat: Int32

        func meets(_ other: Box) -> Bool {
            maxLon >= other.minLon && minLon <= other.maxLon && maxLat >= other.minLat && minLat <= other.maxLat
        }

        init(minLon: Int32, minLat: Int32, maxLon: Int32, maxLat: Int32) {
            (self.minLon, self.minLat, self.maxLon, self.maxLat) = (minLon, minLat, maxLon, maxLat)
        }
        init(minLon: Double, minLat: Double, maxLon: Double, maxLat: Double) {
            (self.minLon, self.minLat) = (Int32(minLon * WorldMap.scale), Int32(minLat * WorldMap.scale))
            (self.maxLon, self.maxLat) = (Int32(maxLon * WorldMap.scale), Int32(maxLat * WorldMap.scale))
        }
    }

    /// The features whose bounds meet the box.
    func features(in box: Box) -> [Feature] {
        features.filter { $0.maxLon >= box.minLon && $0.minLon <= box.maxLon && $0.maxLat >= box.minLat && $0.minLat <= box.maxLat }
    }


    /// The cell size of the data, in its units (5 degrees).
    static let cell: Int32 = 50_000

    /// The ring's points a map of this scale can show: each at least `distance` (in the data's
    /// units, along either axis) from the last one kept, and the last point. Dropping them before
    /// projecting saves a logarithm and a tangent for most points of a continent's coast.
    func thinned(_ ring: Range<Int>, distance: Int32) -> [Int] {
        guard ring.count > 2, distance > 0 else { return Array(ring) }
        var kept = [ring.lowerBound]
        var lastX = coordinates[2 * ring.lowerBound], lastY = coordinates[2 * ring.lowerBound + 1]
        for index in (ring.lowerBound + 1)..<(ring.upperBound - 1) {
            let x = coordinates[2 * index], y = coordinates[2 * index + 1]
            if abs(x &- lastX) >= distance || abs(y &- lastY) >= distance {
                kept.append(index)
                (lastX, lastY) = (x, y)
            }
        }
        kept.append(ring.upperBound - 1)
        return kept
    }

    /// A polygon ring's coastline: positions in `points` (a ring's indices into the data) split
    /// into runs wherever an edge lies along a cell's side, which is where the data was cut, not
    /// a coast.
    func shoreRuns(_ points: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for position in points.indices.dropFirst() {
            let a = points[position - 1], b = points[position]
            let ax = coordinates[2 * a], ay = coordinates[2 * a + 1]
            let bx = coordinates[2 * b], by = coordinates[2 * b + 1]
            if (ax == bx && ax % Self.cell == 0) || (ay == by && ay % Self.cell == 0) {
                if position - start > 1 { runs.append(start..<position) }
                start = position
            }
        }
        if points.count - start > 1 { runs.append(start..<points.count) }
        return runs
    }

    func point(_ index: Int) -> (lon: Double, lat: Double) {
        (Double(coordinates[2 * index]) / Self.scale, Double(coordinates[2 * index + 1]) / Self.scale)
    }
}
