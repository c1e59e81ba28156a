import Foundation

/// Where a local wall-clock time's UTC offset comes from: a `TimeZone`, or its `ZoneOffsets`.
public protocol LocalOffsets: Sendable {
    /// The UTC offset in force at a local wall-clock time. In a DST gap the later offset wins,
    /// as most calendar apps do.
    func offset(forLocal date: EntryDate) -> Int
    /// The UTC offset in force at an instant (seconds since 1970).
    func offset(atInstant seconds: Int) -> Int
}

extension LocalOffsets {
    public func offset(forLocal date: EntryDate) -> Int {
        let local = date.day.daysSinceEpoch * 86_400 + date.hour * 3600 + date.minute * 60 + date.second
        let first = offset(atInstant: local)
        let second = offset(atInstant: local - first)
        if first == second { return first }
        let third = offset(atInstant: local - second)
        return third == second ? second : max(first, second)
    }
}

extension TimeZone: LocalOffsets {
    public func offset(atInstant seconds: Int) -> Int {
        secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

/// A zone's offsets from 1900 to 2100 as a table of its transitions, looked up without ICU.
///
/// Why: every entry's date asks for its zone's offset two to six times, and so does every mood
/// point a page shows. Foundation answers through ICU under one lock per zone, which both cores
/// took in turn (a cold 10k build: 0.5 % of its samples in ICU, and futex waits beside them).
/// The table is made once per build from the zone's own transitions (about 300 for a zone with
/// daylight saving time, a millisecond); instants outside it ask the zone.
public final class ZoneOffsets: LocalOffsets {
    public let zone: TimeZone
    /// Instants (seconds since 1970) from which `offsets` hold, ascending; the first is `tableStart`.
    private let starts: [Int]
    private let offsets: [Int]

    /// 1900-01-01 and 2100-01-01, UTC.
    static let tableStart = -2_208_988_800, tableEnd = 4_102_444_800

    public init(_ zone: TimeZone) {
        self.zone = zone
        var starts = [Self.tableStart], offsets = [zone.offset(atInstant: Self.tableStart)]
        var after = Date(timeIntervalSince1970: TimeInterval(Self.tableStart))
        while let next = zone.nextDaylightSavingTimeTransition(after: after), next.timeIntervalSince1970 < TimeInterval(Self.tableEnd) {
            // ICU gives transitions on whole seconds; one it gives again (or earlier) would loop.
            guard next > after else { break }
            let instant = Int(next.timeIntervalSince1970.rounded(.up))
            let offset = zone.offset(atInstant: instant)
            if offset != offsets[offsets.count - 1] {
                starts.append(instant)
                offsets.append(offset)
            }
            after = next
        }
        self.starts = starts
        self.offsets = offsets
    }

    public func offset(atInstant seconds: Int) -> Int {
        guard seconds >= Self.tableStart, seconds < Self.tableEnd else { return zone.offset(atInstant: seconds) }
        // The last start at or before `seconds`.
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= seconds { low = middle } else { high = middle }
        }
        return offsets[low]
    }
}
