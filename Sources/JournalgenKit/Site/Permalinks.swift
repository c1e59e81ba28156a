/// Gives every entry its page path, `YYYY/MM/DD/slug/` by the entry's own calendar day.
/// Two entries that would share a path get `-2`, `-3`, … in a stable order (by time, then by
/// file path), so the same journal always gives the same URLs.
public enum Permalinks {
    /// A private entry's page: its lock screen, named by its token alone.
    static func lockedPath(_ token: String) -> String { "private/\(token)/" }

    public static func assign(_ entries: inout [Entry]) {
        assign(&entries, order: oldestFirst(entries))
    }

    /// The entries' positions, oldest first (by time, then file): the order addresses are given in.
    static func oldestFirst(_ entries: [Entry]) -> [Int] {
        // Each instant worked out once, and file paths compared only between entries of the same
        // instant: comparing (instant, path) pairs took two paths (a cache miss each) and worked
        // out two instants per comparison, 4 ms of a 10k build's site model, on one core.
        let instants = entries.map(\.date.instant)
        return entries.indices.sorted { a, b in
            instants[a] != instants[b] ? instants[a] < instants[b] : entries[a].relativePath < entries[b].relativePath
        }
    }

    /// `order`: oldestFirst(entries).
    static func assign(_ entries: inout [Entry], order: [Int]) {
        // Each entry's own address is made on all cores; only the look for two that are the same
        // goes in order, on one (the whole was 10 ms of a 10k build's site model on one core).
        let own: [(path: String, locked: Bool)] = entries.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let all = buffer
            return parallelMap(Array(all.indices)) { index in
                if let token = all[index].lockToken { return (lockedPath(token), true) }
                return (ownPath(all[index].date.day, all[index].slug), false)
            }
        }
        var paths = own.map(\.path)
        var taken: Set<String> = []
        taken.reserveCapacity(order.count)
        for index in order where !own[index].locked && !taken.insert(own[index].path).inserted {
            let prefix = dayFolder(entries[index].date.day), slug = entries[index].slug
            var n = 2
            var path = prefix + "\(slug)-\(n)/"
            while taken.contains(path) {
                n += 1
                path = prefix + "\(slug)-\(n)/"
            }
            taken.insert(path)
            paths[index] = path
        }
        for index in entries.indices { entries[index].sitePath = paths[index] }
    }

    /// "YYYY/MM/DD/slug/", written byte by byte into one string: put together from `pad` and
    /// interpolation, it was six strings an entry and most of the time the addresses took.
    private static func ownPath(_ day: CalendarDay, _ slug: String) -> String {
        guard (0...9999).contains(day.year), (1...12).contains(day.month), (1...31).contains(day.day) else { return dayFolder(day) + slug + "/" }
        return slug.withUTF8Bytes { name in
            String(unsafeUninitializedCapacity: name.count + 12) { out in
                func write(_ value: Int, width: Int, at start: Int) {
                    var rest = value
                    for place in (start..<start + width).reversed() {
                        out[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                    out[start + width] = UInt8(ascii: "/")
                }
                write(day.year, width: 4, at: 0)
                write(day.month, width: 2, at: 5)
                write(day.day, width: 2, at: 8)
                _ = UnsafeMutableBufferPointer(rebasing: out[11..<11 + name.count]).initialize(from: name)
                out[11 + name.count] = UInt8(ascii: "/")
                return name.count + 12
            }
        }
    }

    /// "YYYY/MM/DD/" of an entry's page.
    private static func dayFolder(_ day: CalendarDay) -> String {
        "\(pad(day.year, 4))/\(pad(day.month, 2))/\(pad(day.day, 2))/"
    }
}
