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
                return (dayFolder(all[index].date.day) + all[index].slug + "/", false)
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

    /// "YYYY/MM/DD/" of an entry's page.
    private static func dayFolder(_ day: CalendarDay) -> String {
        "\(pad(day.year, 4))/\(pad(day.month, 2))/\(pad(day.day, 2))/"
    }
}
