import CWorldMap
import Foundation
import Synchronization

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

    /// The embedded data, indexed on the first map of a build; a feature is decoded when a map
    /// first shows it. Decoding the whole world (a million points) for the one trip map that
    /// a build after an edit redraws cost that build 11 ms of CPU; the part it shows, 5.
    static let stored: Stored = Stored(bytes: builtInBytes) ?? Stored()

    /// The data built into journalgen (never a journal's own), where the binary holds it.
    static var builtInBytes: UnsafeBufferPointer<UInt8> {
        var count = 0
        return UnsafeBufferPointer(start: jg_world_map(&count), count: count)
    }

    /// The features whose bounds meet the box, with their points.
    static func part(meeting box: Box) -> WorldMap {
        stored.part(meeting: box)
    }

    init() {}

    /// Every feature of the data, in the format that `make-map-data.py` writes; nil when the data
    /// is not that format.
    init?(data: Data) {
        guard let stored = Stored(data: data) else { return nil }
        self = stored.part(meeting: Box(minLon: Int32.min, minLat: Int32.min, maxLon: Int32.max, maxLat: Int32.max))
    }

    /// The data's bytes and, for each feature, its kind, bounds and where its rings begin: found
    /// by one pass that checks the whole format and skips the points.
    struct Stored: @unchecked Sendable {
        struct Header: Sendable {
            var kind: Kind
            var bounds: Box
            /// Of its ring count, in `bytes`.
            var offset: Int
        }

        /// Never written (so shared by threads as they are): the binary's own bytes, or `copy`'s.
        private let bytes: UnsafeBufferPointer<UInt8>
        private let copy: Copy?
        private(set) var headers: [Header] = []
        /// Each feature's points, decoded the first time a map shows it and kept for the
        /// others: the trip and place maps of a 10k build decoded the features they share again
        /// for each of 199 maps (109 M instructions, where copying them out costs a fraction).
        /// At most the whole world (8 MB), a few MB for a journal's trips.
        private let decoded = DecodedFeatures()

        /// A feature's rings and points, the rings' ranges counted from its own first point.
        private struct DecodedFeature: Sendable {
            var rings: [Range<Int>] = []
            var ringBounds: [Box] = []
            var coordinates: [Int32] = []
        }

        private final class DecodedFeatures: Sendable {
            private let byHeader = Mutex<[Int: DecodedFeature]>([:])

            func feature(_ header: Int, decode: () -> DecodedFeature) -> DecodedFeature {
                if let known = byHeader.withLock({ $0[header] }) { return known }
                // Decoded outside the lock: two maps that both need it may both decode it, and
                // the first kept is the one every later map copies.
                let made = decode()
                return byHeader.withLock { features in
                    if let kept = features[header] { return kept }
                    features[header] = made
                    return made
                }
            }
        }

        /// Bytes of a file read at run time, freed with the last Stored that holds them.
        private final class Copy {
            let buffer: UnsafeMutableBufferPointer<UInt8>
            init(_ data: Data) {
                buffer = .allocate(capacity: data.count)
                _ = buffer.initialize(from: data)
            }
            deinit { buffer.deallocate() }
        }

        init() {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            copy = nil
        }

        /// Bytes that stay where they are for the life of the process (the binary's).
        init?(bytes: UnsafeBufferPointer<UInt8>) {
            guard let headers = Self.checkedHeaders(of: bytes) else { return nil }
            self.bytes = bytes
            self.copy = nil
            self.headers = headers
        }

        /// A copy of `data`'s bytes.
        init?(data: Data) {
            let copy = Copy(data)
            let bytes = UnsafeBufferPointer(copy.buffer)
            guard let headers = Self.checkedHeaders(of: bytes) else { return nil }
            self.bytes = bytes
            self.copy = copy
            self.headers = headers
        }

        private static func checkedHeaders(of bytes: UnsafeBufferPointer<UInt8>) -> [Header]? {
            let magic: [UInt8] = Array("JGMAP1\n\0".utf8)
            guard bytes.count >= 12, bytes.prefix(8).elementsEqual(magic) else { return nil }
            return headers(of: bytes)
        }

        private static func headers(of bytes: UnsafeBufferPointer<UInt8>) -> [Header]? {
            var reader = Reader(bytes: bytes, at: 8)
            let count = Int(reader.u32())
            var headers: [Header] = []
            headers.reserveCapacity(min(count, bytes.count / 17))
            for _ in 0..<count {
                guard reader.at + 17 <= bytes.count, let kind = Kind(rawValue: bytes[reader.at]) else { return nil }
                reader.at += 1
                let bounds = Box(minLon: Int32(bitPattern: reader.u32()), minLat: Int32(bitPattern: reader.u32()),
                                 maxLon: Int32(bitPattern: reader.u32()), maxLat: Int32(bitPattern: reader.u32()))
                let offset = reader.at
                guard let ringCount = reader.varint() else { return nil }
                for _ in 0..<ringCount {
                    guard let points = reader.varint(), points <= bytes.count, reader.skipVarints(2 * points) else { return nil }
                }
                headers.append(Header(kind: kind, bounds: bounds, offset: offset))
            }
            return headers
        }

        func part(meeting box: Box) -> WorldMap {
            var map = WorldMap()
            withExtendedLifetime(copy) { decode(from: bytes, meeting: box, into: &map) }
            return map
        }

        private func decode(from bytes: UnsafeBufferPointer<UInt8>, meeting box: Box, into map: inout WorldMap) {
            for (index, header) in headers.enumerated() where header.bounds.meets(box) {
                let feature = decoded.feature(index) { Self.decodeFeature(from: bytes, at: header.offset) }
                let first = map.coordinates.count / 2
                map.coordinates.append(contentsOf: feature.coordinates)
                let rings = first == 0 ? feature.rings : feature.rings.map { ($0.lowerBound + first)..<($0.upperBound + first) }
                map.features.append(Feature(kind: header.kind, minLon: header.bounds.minLon, minLat: header.bounds.minLat,
                                            maxLon: header.bounds.maxLon, maxLat: header.bounds.maxLat, rings: rings, ringBounds: feature.ringBounds))
            }
        }

        private static func decodeFeature(from bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> DecodedFeature {
            var reader = Reader(bytes: bytes, at: offset)
            var feature = DecodedFeature()
            // The pass that made the headers checked every varint.
            let ringCount = reader.varint()!
            feature.rings.reserveCapacity(ringCount)
            feature.ringBounds.reserveCapacity(ringCount)
            for _ in 0..<ringCount {
                let points = reader.varint()!
                let start = feature.coordinates.count / 2
                var x = 0, y = 0
                var ring = Box(minLon: .max, minLat: .max, maxLon: .min, maxLat: .min)
                for _ in 0..<points {
                    let dx = reader.varint()!, dy = reader.varint()!
                    x += (dx >> 1) ^ -(dx & 1)
                    y += (dy >> 1) ^ -(dy & 1)
                    feature.coordinates.append(Int32(x))
                    feature.coordinates.append(Int32(y))
                    ring.minLon = min(ring.minLon, Int32(x)); ring.maxLon = max(ring.maxLon, Int32(x))
                    ring.minLat = min(ring.minLat, Int32(y)); ring.maxLat = max(ring.maxLat, Int32(y))
                }
                feature.rings.append(start..<(start + points))
                feature.ringBounds.append(ring)
            }
            return feature
        }
    }

    /// Little-endian words and LEB128 varints, from a position in the data.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at: Int

        mutating func u32() -> UInt32 {
            defer { at += 4 }
            return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }

        mutating func varint() -> Int? {
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

        /// Steps over `count` varints without their values; false where `varint()` would fail.
        mutating func skipVarints(_ count: Int) -> Bool {
            var left = count, length = 0
            while left > 0 {
                // Eight bytes at a time where they end fewer varints than are left and the
                // one they continue stays under 9 bytes: the headers' pass stepped over the
                // 2 MB of the built-in map byte by byte in every build that reads it (22 M
                // instructions, a twentieth of a 1k build after one edit).
                if at + 8 <= bytes.count {
                    let word = UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: UInt64.self).littleEndian
                    let ends = ~word & 0x8080_8080_8080_8080
                    let ended = ends.nonzeroBitCount
                    if ended > 0, ended < left, length + ends.trailingZeroBitCount / 8 < 9 {
                        left -= ended
                        length = ends.leadingZeroBitCount / 8
                        at += 8
                        continue
                    }
                }
                guard at < bytes.count else { return false }
                length += 1
                if bytes[at] & 0x80 == 0 {
                    left -= 1
                    length = 0
                } else if length == 9 {
                    return false
                }
                at += 1
            }
            return true
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
    /// A point on a cell's side is always kept: it is a corner where the data was cut, and
    /// dropping it left a cut edge starting off the side, which `shoreRuns` then drew as coast (a
    /// straight line along 35° N through Kyoto on the example journal's places map).
    func thinned(_ ring: Range<Int>, distance: Int32) -> [Int] {
        guard ring.count > 2, distance > 0 else { return Array(ring) }
        var kept: [Int] = []
        kept.reserveCapacity(ring.count)
        kept.append(ring.lowerBound)
        var lastX = coordinates[2 * ring.lowerBound], lastY = coordinates[2 * ring.lowerBound + 1]
        for index in (ring.lowerBound + 1)..<(ring.upperBound - 1) {
            let x = coordinates[2 * index], y = coordinates[2 * index + 1]
            if abs(x &- lastX) >= distance || abs(y &- lastY) >= distance || x % Self.cell == 0 || y % Self.cell == 0 {
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
