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
            for _ in 0..<ringCount {
                guard let points = varint() else { return nil }
                let start = coordinates.count / 2
                var x = 0, y = 0
                for _ in 0..<points {
                    guard let dx = varint(), let dy = varint() else { return nil }
                    x += (dx >> 1) ^ -(dx & 1)
                    y += (dy >> 1) ^ -(dy & 1)
                    coordinates.append(Int32(x))
                    coordinates.append(Int32(y))
                }
                rings.append(start..<(start + points))
            }
            features.append(Feature(kind: kind, minLon: bounds.0, minLat: bounds.1, maxLon: bounds.2, maxLat: bounds.3, rings: rings))
        }
    }

    /// The features whose bounds meet the box, in drawing order (land, lakes, shores, borders).
    func features(minLon: Double, minLat: Double, maxLon: Double, maxLat: Double) -> [Feature] {
        let a = Int32(minLon * Self.scale), b = Int32(minLat * Self.scale)
        let c = Int32(maxLon * Self.scale), d = Int32(maxLat * Self.scale)
        return features.filter { $0.maxLon >= a && $0.minLon <= c && $0.maxLat >= b && $0.minLat <= d }
    }

    /// The cell size of the data, in its units (5 degrees).
    static let cell: Int32 = 50_000

    /// A polygon ring's coastline: its points split into runs wherever an edge lies along a
    /// cell's side, which is where the data was cut, not a coast.
    func shoreRuns(_ ring: Range<Int>) -> [[Int]] {
        var runs: [[Int]] = []
        var current: [Int] = []
        for index in ring {
            if let last = current.last {
                let ax = coordinates[2 * last], ay = coordinates[2 * last + 1]
                let bx = coordinates[2 * index], by = coordinates[2 * index + 1]
                let cut = (ax == bx && ax % Self.cell == 0) || (ay == by && ay % Self.cell == 0)
                if cut {
                    if current.count > 1 { runs.append(current) }
                    current = []
                }
            }
            current.append(index)
        }
        if current.count > 1 { runs.append(current) }
        return runs
    }

    func point(_ index: Int) -> (lon: Double, lat: Double) {
        (Double(coordinates[2 * index]) / Self.scale, Double(coordinates[2 * index + 1]) / Self.scale)
    }
}
