/// Cuts the world's shapes down to one map's frame, and drops the points a reader could not see,
/// so a map of a city carries a few kilobytes of coastline, not a continent's.
enum MapClipping {
    typealias Point = (x: Double, y: Double)

    struct Frame {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
    }

    /// Sutherland–Hodgman: a polygon cut to the frame. Parts of the polygon outside run along the
    /// frame's edge, which is what a filled shape wants (lines use `clipLine`).
    static func clipPolygon(_ points: [Point], to frame: Frame) -> [Point] {
        var output = points
        let edges: [(Point) -> Bool] = [
            { $0.x >= frame.minX }, { $0.x <= frame.maxX }, { $0.y >= frame.minY }, { $0.y <= frame.maxY },
        ]
        for (index, inside) in edges.enumerated() {
            guard let last = output.last else { return [] }
            let input = output
            output = []
            output.reserveCapacity(input.count + 4)
            var previous = last
            for current in input {
                let a = inside(previous), b = inside(current)
                if b {
                    if !a { output.append(intersection(previous, current, edge: index, frame: frame)) }
                    output.append(current)
                } else if a {
                    output.append(intersection(previous, current, edge: index, frame: frame))
                }
                previous = current
            }
        }
        return output
    }

    private static func intersection(_ p: Point, _ q: Point, edge: Int, frame: Frame) -> Point {
        switch edge {
        case 0, 1:
            let x = edge == 0 ? frame.minX : frame.maxX
            let t = (x - p.x) / (q.x - p.x)
            return (x, p.y + t * (q.y - p.y))
        default:
            let y = edge == 2 ? frame.minY : frame.maxY
            let t = (y - p.y) / (q.y - p.y)
            return (p.x + t * (q.x - p.x), y)
        }
    }

    /// Liang–Barsky on each segment: the pieces of a line inside the frame.
    static func clipLine(_ points: [Point], to frame: Frame) -> [[Point]] {
        var pieces: [[Point]] = []
        var current: [Point] = []
        for (p, q) in zip(points, points.dropFirst()) {
            guard let (a, b) = clipSegment(p, q, frame) else {
                if current.count > 1 { pieces.append(current) }
                current = []
                continue
            }
            if let last = current.last, last.x == a.x, last.y == a.y {
                current.append(b)
            } else {
                if current.count > 1 { pieces.append(current) }
                // Room for the rest of the line at once: a coast's piece grew point by point,
                // copied at each doubling (116,000 times in a 10k build's maps).
                current = []
                current.reserveCapacity(points.count)
                current.append(a)
                current.append(b)
            }
            // A segment that left the frame ends its piece.
            if b.x != q.x || b.y != q.y {
                pieces.append(current)
                current = []
            }
        }
        if current.count > 1 { pieces.append(current) }
        return pieces
    }

    private static func clipSegment(_ p: Point, _ q: Point, _ f: Frame) -> (Point, Point)? {
        var t0 = 0.0, t1 = 1.0
        let dx = q.x - p.x, dy = q.y - p.y
        for (pk, qk) in [(-dx, p.x - f.minX), (dx, f.maxX - p.x), (-dy, p.y - f.minY), (dy, f.maxY - p.y)] {
            if pk == 0 {
                if qk < 0 { return nil }
            } else {
                let r = qk / pk
                if pk < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return nil }
            }
        }
        return ((p.x + t0 * dx, p.y + t0 * dy), (p.x + t1 * dx, p.y + t1 * dy))
    }

    /// Keeps a point only when it is at least `distance` from the last one kept (and always the
    /// last point), which bounds a path's size by the map's size in pixels.
    static func thin(_ points: [Point], distance: Double) -> [Point] {
        guard points.count > 2 else { return points }
        var kept: [Point] = []
        kept.reserveCapacity(points.count)
        kept.append(points[0])
        let limit = distance * distance
        for point in points.dropFirst().dropLast() {
            let last = kept[kept.count - 1]
            let dx = point.x - last.x, dy = point.y - last.y
            if dx * dx + dy * dy >= limit { kept.append(point) }
        }
        kept.append(points[points.count - 1])
        return kept
    }

    /// SVG path data: "M1.2 3.4L5.6 7.8…", closed with Z for areas.
    static func pathData(_ points: [Point], closed: Bool, into text: inout String) {
        var bytes: [UInt8] = []
        pathData(points, closed: closed, into: &bytes)
        text += String(decoding: bytes, as: UTF8.self)
    }

    /// The same, as ASCII bytes: a trip's basemap is tens of thousands of numbers, and appending
    /// each character to a String cost more than clipping the map.
    static func pathData(_ points: [Point], closed: Bool, into bytes: inout [UInt8]) {
        for (index, point) in points.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: "M") : UInt8(ascii: "L"))
            SVGText.append(point.x, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            SVGText.append(point.y, to: &bytes)
        }
        if closed { bytes.append(UInt8(ascii: "Z")) }
    }
}
