import Foundation

/// Dates in the journal's language. Month and weekday names and the order of a date's parts come
/// from the platform's locale data (ICU, through Foundation) once per build; each date is then
/// put together by hand, because a DateFormatter call costs tens of microseconds and a journal
/// has tens of thousands of dates.
public struct DateStyle: Sendable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        case year
        case month(width: Int, standalone: Bool)
        case day(padded: Bool)
        case weekday(full: Bool)
        case hour(padded: Bool)
        case minute
    }

    let months: [String], standaloneMonths: [String], shortMonths: [String], shortStandaloneMonths: [String]
    let weekdays: [String], shortWeekdays: [String]
    let full: [Piece], long: [Piece], short: [Piece], monthYear: [Piece], time: [Piece]

    /// `patterns` are ICU date patterns that a strings file may set ("full", "long", "short",
    /// "monthYear", "time"); the locale's own patterns fill the rest.
    init(locale: Locale, patterns: [String: String] = [:]) {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)
        months = formatter.monthSymbols
        standaloneMonths = formatter.standaloneMonthSymbols
        shortMonths = formatter.shortMonthSymbols
        shortStandaloneMonths = formatter.shortStandaloneMonthSymbols
        weekdays = formatter.weekdaySymbols
        shortWeekdays = formatter.shortWeekdaySymbols
        func pattern(_ key: String, _ template: String, _ fallback: String) -> [Piece] {
            Self.parse(patterns[key] ?? DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? fallback)
        }
        full = pattern("full", "yMMMMEEEEd", "EEEE, d MMMM y")
        long = pattern("long", "yMMMMd", "d MMMM y")
        short = pattern("short", "yMMMd", "d MMM y")
        monthYear = pattern("monthYear", "yMMMM", "MMMM y")
        time = pattern("time", "Hm", "HH:mm")
    }

    /// Put together as bytes on the stack, made a String once: a String grown piece by piece
    /// cost about 350 instructions an append (190,000 dates in a 10k build), and an array of
    /// bytes made for each date half as much again, for its memory.
    func format(_ pieces: [Piece], _ day: CalendarDay, hour: Int = 0, minute: Int = 0) -> String {
        // 256 bytes hold any date of the built-in patterns; a strings file's pattern with a longer
        // literal is put together again in four times the room (on the heap, past the stack's).
        var capacity = 256
        while true {
            let made: String? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                var text = DateBytes(buffer: buffer)
                write(pieces, day, hour: hour, minute: minute, to: &text)
                return text.overflowed ? nil : text.string
            }
            if let made { return made }
            capacity *= 4
        }
    }

    private func write(_ pieces: [Piece], _ day: CalendarDay, hour: Int, minute: Int, to text: inout DateBytes) {
        for piece in pieces {
            switch piece {
            case .literal(let s): text.put(utf8Of: s)
            case .year: text.put(day.year, width: 1)
            case .month(let width, let standalone):
                switch width {
                case 1, 2: text.put(day.month, width: width)
                case 3: text.put(utf8Of: (standalone ? shortStandaloneMonths : shortMonths)[day.month - 1])
                default: text.put(utf8Of: (standalone ? standaloneMonths : months)[day.month - 1])
                }
            case .day(let padded): text.put(day.day, width: padded ? 2 : 1)
            case .weekday(let isFull): text.put(utf8Of: (isFull ? weekdays : shortWeekdays)[day.weekday])
            case .hour(let padded): text.put(hour, width: padded ? 2 : 1)
            case .minute: text.put(minute, width: 2)
            }
        }
    }

    /// ICU pattern letters as far as journal dates need them: y, M/L, d, E/c, H, m, and quoted text.
    static func parse(_ pattern: String) -> [Piece] {
        var pieces: [Piece] = []
        let chars = Array(pattern)
        var i = 0
        func literal(_ s: String) {
            if case .literal(let previous)? = pieces.last { pieces[pieces.count - 1] = .literal(previous + s) } else { pieces.append(.literal(s)) }
        }
        while i < chars.count {
            let c = chars[i]
            if c == "'" {
                var j = i + 1
                var quoted = ""
                while j < chars.count {
                    if chars[j] == "'" {
                        if j + 1 < chars.count && chars[j + 1] == "'" { quoted += "'"; j += 2; continue }
                        break
                    }
                    quoted.append(chars[j]); j += 1
                }
                literal(quoted.isEmpty ? "'" : quoted)
                i = j + 1
                continue
            }
            var run = 1
            while i + run < chars.count && chars[i + run] == c { run += 1 }
            switch c {
            case "y", "Y", "u": pieces.append(.year)
            case "M": pieces.append(.month(width: min(run, 4), standalone: false))
            case "L": pieces.append(.month(width: min(run, 4), standalone: true))
            case "d": pieces.append(.day(padded: run >= 2))
            case "E", "c", "e": pieces.append(.weekday(full: run >= 4))
            case "H", "k", "h", "K": pieces.append(.hour(padded: run >= 2))
            case "m": pieces.append(.minute)
            case "a", "B", "b":
                break  // journal times are 24-hour
            default:
                literal(String(repeating: c, count: run))
            }
            i += run
        }
        // A dropped am/pm marker leaves a trailing space.
        if case .literal(let s)? = pieces.last, s.trimmingCharacters(in: .whitespaces).isEmpty { pieces.removeLast() }
        return pieces
    }
}

/// A date's bytes in memory of the caller's; past its end it only notes that they did not fit.
private struct DateBytes {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0
    var overflowed = false

    init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !overflowed else { return }
        guard count + bytes.count <= buffer.count else { overflowed = true; return }
        UnsafeMutableRawPointer(buffer.baseAddress! + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func put(utf8Of text: String) {
        text.withUTF8Bytes { put($0) }
    }

    /// `value` in decimal, zero-padded to `width` digits, as `pad` writes it.
    mutating func put(_ value: Int, width: Int) {
        guard value >= 0 else { put(utf8Of: width > 1 ? pad(value, width) : String(value)); return }
        var digits = 1, rest = value
        while rest >= 10 { digits += 1; rest /= 10 }
        let total = max(width, digits)
        guard !overflowed else { return }
        guard count + total <= buffer.count else { overflowed = true; return }
        putDigits(value, width: total, into: buffer, at: count)
        count += total
    }

    /// Whole texts and ASCII digits.
    var string: String { TextDecoding.trusted(UnsafeBufferPointer(rebasing: buffer[..<count]), from: "DateStyle.format") }
}
