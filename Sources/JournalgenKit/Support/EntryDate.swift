import Foundation

/// When an entry was written: the wall-clock time where the writer was, and its UTC offset.
/// Keeping the writer's own offset (not the reader's) is what makes a travel diary read right:
/// "18:20" in Kyoto stays 18:20.
public struct EntryDate: Sendable, Hashable, Codable, Comparable {
    public var day: CalendarDay
    public var hour = 0
    public var minute = 0
    public var second = 0
    /// False for a date-only value (`2026-04-03`): no time is shown.
    public var hasTime = false
    /// Seconds east of UTC.
    public var utcOffset = 0

    /// Seconds since 1970-01-01T00:00:00Z.
    public var instant: Int {
        day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - utcOffset
    }

    public static func < (a: EntryDate, b: EntryDate) -> Bool { a.instant < b.instant }

    /// RFC 3339, for `<time datetime>`, feeds and sitemaps.
    /// Written straight into one string (every entry on a page has one): the interpolation of
    /// five padded parts made a string for each.
    public var rfc3339: String {
        let hours = abs(utcOffset) / 3600
        guard (0...99).contains(hour), (0...99).contains(minute), (0...99).contains(second), hours <= 99 else {
            return "\(day)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))\(Self.offsetText(utcOffset, zulu: true))"
        }
        let date = day.description
        let count = date.utf8.count + 9 + (utcOffset == 0 ? 1 : 6)
        return String(unsafeUninitializedCapacity: count) { bytes in
            var at = 0
            func put(_ byte: UInt8) { bytes[at] = byte; at += 1 }
            func two(_ value: Int) { putDigits(value, width: 2, into: bytes, at: at); at += 2 }
            for byte in date.utf8 { put(byte) }
            put(UInt8(ascii: "T"))
            two(hour); put(UInt8(ascii: ":")); two(minute); put(UInt8(ascii: ":")); two(second)
            if utcOffset == 0 {
                put(UInt8(ascii: "Z"))
            } else {
                put(UInt8(ascii: utcOffset < 0 ? "-" : "+"))
                two(hours); put(UInt8(ascii: ":")); two(abs(utcOffset) % 3600 / 60)
            }
            return at
        }
    }

    /// "2026-11-22 08:10", as the mood log and the terminal write it; the day alone without a time.
    public var dayAndMinute: String {
        hasTime ? "\(day) \(pad(hour, 2)):\(pad(minute, 2))" : day.description
    }

    static func offsetText(_ offset: Int, zulu: Bool) -> String {
        if offset == 0 && zulu { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        let a = abs(offset)
        return "\(sign)\(pad(a / 3600, 2)):\(pad(a % 3600 / 60, 2))"
    }

    public enum ParseError: Error, Equatable {
        case malformed
        case invalidDay
        case invalidTime
    }

    /// Accepted forms: `2026-04-03`, `2026-04-03 18:20`, `2026-04-03T18:20:00`, each optionally
    /// followed by `Z`, `+09:00` or `+0900`. Without an offset the time is read in `zone`.
    public static func parse(_ text: String, zone: some LocalOffsets) throws(ParseError) -> EntryDate {
        let u = Array(text.trimmedSpaces.utf8)
        guard u.count >= 10 else { throw .malformed }
        guard u[4] == 45, u[7] == 45,
              let y = CalendarDay.number(u[0..<4]), let mo = CalendarDay.number(u[5..<7]),
              let d = CalendarDay.number(u[8..<10])
        else { throw .malformed }
        guard CalendarDay.isValid(year: y, month: mo, day: d) else { throw .invalidDay }
        var date = EntryDate(day: CalendarDay(year: y, month: mo, day: d))
        if u.count == 10 {
            date.utcOffset = zone.offset(forLocal: date)
            return date
        }
        guard u[10] == UInt8(ascii: "T") || u[10] == UInt8(ascii: " ") || u[10] == UInt8(ascii: "t"),
              u.count >= 16, u[13] == 58,
              let h = CalendarDay.number(u[11..<13]), let mi = CalendarDay.number(u[14..<16])
        else { throw .malformed }
        var i = 16
        var s = 0
        if i < u.count, u[i] == 58 {
            guard u.count >= i + 3, let sec = CalendarDay.number(u[(i + 1)..<(i + 3)]) else { throw .malformed }
            s = sec
            i += 3
            if i < u.count, u[i] == UInt8(ascii: ".") {  // fractions of a second are dropped
                i += 1
                while i < u.count, u[i] >= 48, u[i] <= 57 { i += 1 }
            }
        }
        guard h < 24, mi < 60, s < 61 else { throw .invalidTime }
        date.hour = h
        date.minute = mi
        date.second = min(s, 59)
        date.hasTime = true
        if i == u.count {
            date.utcOffset = zone.offset(forLocal: date)
            return date
        }
        if u[i] == UInt8(ascii: "Z") || u[i] == UInt8(ascii: "z"), i + 1 == u.count {
            date.utcOffset = 0
            return date
        }
        guard u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") else { throw .malformed }
        let sign = u[i] == UInt8(ascii: "-") ? -1 : 1
        let rest = Array(u[(i + 1)...])
        let hh: Int?, mm: Int?
        if rest.count == 5, rest[2] == 58 {
            hh = CalendarDay.number(rest[0..<2]); mm = CalendarDay.number(rest[3..<5])
        } else if rest.count == 4 {
            hh = CalendarDay.number(rest[0..<2]); mm = CalendarDay.number(rest[2..<4])
        } else if rest.count == 2 {
            hh = CalendarDay.number(rest[0..<2]); mm = 0
        } else {
            throw .malformed
        }
        guard let oh = hh, let om = mm, oh <= 14, om < 60 else { throw .malformed }
        date.utcOffset = sign * (oh * 3600 + om * 60)
        return date
    }

    /// The same instant seen on the wall clock of another offset.
    public func converted(toOffset offset: Int) -> EntryDate {
        let local = instant + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secs = local - days * 86_400
        return EntryDate(day: CalendarDay(daysSinceEpoch: days), hour: secs / 3600,
                         minute: secs % 3600 / 60, second: secs % 60, hasTime: hasTime, utcOffset: offset)
    }
}

extension TimeZone {
    /// Today's calendar day in this zone at `now`.
    public func today(at now: Date = Date()) -> CalendarDay {
        let local = Int(now.timeIntervalSince1970.rounded(.down)) + secondsFromGMT(for: now)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return CalendarDay(daysSinceEpoch: days)
    }
}
