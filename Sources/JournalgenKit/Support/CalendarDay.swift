/// A day on the calendar, without a time zone: what a diary entry is "about".
/// The arithmetic is Howard Hinnant's days-from-civil, exact for the proleptic Gregorian calendar,
/// and far cheaper than Foundation's Calendar for tens of thousands of entries.
public struct CalendarDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; nil unless it is a real day.
    public init?(iso text: some StringProtocol) {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"),
              let y = Self.number(u[0..<4]), let m = Self.number(u[5..<7]), let d = Self.number(u[8..<10])
        else { return nil }
        guard CalendarDay.isValid(year: y, month: m, day: d) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var n = 0
        for c in digits {
            guard c >= 48, c <= 57 else { return nil }
            n = n * 10 + Int(c - 48)
        }
        return digits.isEmpty ? nil : n
    }

    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= daysIn(month: month, year: year)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public init(daysSinceEpoch z0: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int {
        let d = daysSinceEpoch
        return ((d % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
    }

    public func adding(days: Int) -> CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + days) }

    /// Adds months, clamping the day to the month's length (31 January + 1 month = 28/29 February).
    public func adding(months: Int) -> CalendarDay {
        let index = year * 12 + (month - 1) + months
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        let m = index - y * 12 + 1
        return CalendarDay(year: y, month: m, day: min(day, Self.daysIn(month: m, year: y)))
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public var description: String {
        // "2026-04-03" written straight into a small string (no allocation): every page's dates
        // and every task row ask for it, and the padded parts joined by interpolation made five
        // strings each time.
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        }
        return String(unsafeUninitializedCapacity: 10) { bytes in
            putDigits(year, width: 4, into: bytes, at: 0)
            bytes[4] = 0x2D
            putDigits(month, width: 2, into: bytes, at: 5)
            bytes[7] = 0x2D
            putDigits(day, width: 2, into: bytes, at: 8)
            return 10
        }
    }
}

/// Writes `value` (not negative, at most `width` digits) as `width` zero-padded decimal digits
/// into `bytes` from `start`: the dates and padded numbers written without interpolation share it.
@inline(__always)
func putDigits(_ value: Int, width: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
    var rest = value
    for offset in stride(from: width - 1, through: 0, by: -1) {
        bytes[start + offset] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
        rest /= 10
    }
}

/// Zero-padded decimal, without Foundation's String(format:).
/// Hours, minutes, months and years (up to four digits) are written straight into a small string:
/// every date and time on a page asks for them, and `String(value)`, a count of its characters
/// and a joined prefix made three strings each time.
func pad(_ value: Int, _ width: Int) -> String {
    if width <= 4, value >= 0, value < 10_000 {
        let digits = value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : 4
        let count = max(width, digits)
        return String(unsafeUninitializedCapacity: count) { bytes in
            putDigits(value, width: count, into: bytes, at: 0)
            return count
        }
    }
    let s = String(value)
    let count = s.utf8.count
    return count >= width ? s : String(repeating: "0", count: width - count) + s
}
