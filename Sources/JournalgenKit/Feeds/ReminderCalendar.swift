import Foundation

/// reminders.ics (RFC 5545), for a calendar app to subscribe to: the daily mood-log reminders
/// spread over the waking hours of journal.yaml `reminders:`, and one all-day event per entry on
/// the day its `revisit:` falls due, and one per open task with a due day.
///
/// The daily reminders use floating local times (no zone): "07:30" rings at half past seven
/// wherever the writer is, which is what a travel diary wants.
struct ReminderCalendar {
    var model: SiteModel

    /// The group (SiteFingerprint.groups) of the calendar's entries: those with a revisit or with
    /// task items, marked with the day the daily reminders recur from.
    static let group = "reminders"

    /// The texts the calendar shows: revisited entries' summaries (their cards' texts), and every
    /// entry's tasks.
    var reads: [Int] {
        let count = model.entries.count
        return Set(model.views.revisits.all.map { SiteManifest.cardIndex(of: $0.entry, entryCount: count) }).sorted() + [SiteManifest.tasksIndex(entryCount: count)]
    }

    /// The day the daily reminders recur from: the journal's first, its oldest entry's or mood
    /// line's (the first day of the mood history), found without making the history.
    static func firstDay(of model: SiteModel) -> CalendarDay? {
        let entries = model.entries
        let oldestEntry = entries.indices.lazy.map { entries[$0].date.day }.min()
        let oldestLine = model.moodLog.lazy.map(\.date.day).min()
        return [oldestEntry, oldestLine].compactMap { $0 }.min()
    }

    func render() -> Data {
        let config = model.config, links = model.links
        let host = URL(string: config.absoluteBase)?.host ?? "journalgen.local"
        let stamp = Self.dateText(model.views.today) + "T000000Z"
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//journalgen//journalgen \(JournalgenVersion.current)//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:" + Self.escape("\(config.title): reminders"),
        ]
        if let reminders = config.reminders {
            // Recurring from a fixed day, so the file stays the same from build to build.
            let first = Self.firstDay(of: model) ?? model.views.today
            for (number, minutes) in reminders.times.enumerated() {
                let time = pad(minutes / 60, 2) + pad(minutes % 60, 2)
                lines += [
                    "BEGIN:VEVENT",
                    "UID:mood-reminder-\(number + 1)-\(time)@\(host)",
                    "DTSTAMP:\(stamp)",
                    "DTSTART:\(Self.dateText(first))T\(time)00",
                    "DURATION:PT5M",
                    "RRULE:FREQ=DAILY",
                    "SUMMARY:" + Self.escape("How are you feeling?"),
                    "DESCRIPTION:" + Self.escape("Note your mood in \(config.title): journalgen mood LEVEL \"a few words\" (\(config.moods.valueList))."),
                    "TRANSP:TRANSPARENT",
                    "BEGIN:VALARM",
                    "ACTION:DISPLAY",
                    "DESCRIPTION:" + Self.escape("How are you feeling?"),
                    "TRIGGER:PT0M",
                    "END:VALARM",
                    "END:VEVENT",
                ]
            }
        }
        for item in model.views.revisits.all where !model.entries[item.entry].isDraft {
            let entry = model.entries[item.entry]
            lines += [
                "BEGIN:VEVENT",
                "UID:revisit-\(SiteModel.anchor(entry))@\(host)",
                "DTSTAMP:\(stamp)",
                "DTSTART;VALUE=DATE:\(Self.dateText(item.due))",
                "DTEND;VALUE=DATE:\(Self.dateText(item.due.adding(days: 1)))",
                "SUMMARY:" + Self.escape("Revisit: \(entry.title)"),
                "DESCRIPTION:" + Self.escape("Written \(DateText.long(entry.date.day)); revisit " + (entry.revisit.map { $0.day == nil ? "after \($0)" : "\($0)" } ?? "") + "." + (entry.body.summary.isEmpty ? "" : "\n\n\(entry.body.summary)")),
                "URL:" + links.absolute(entry.sitePath),
                "TRANSP:TRANSPARENT",
                "BEGIN:VALARM",
                "ACTION:DISPLAY",
                "DESCRIPTION:" + Self.escape("Revisit: \(entry.title)"),
                "TRIGGER:PT9H",
                "END:VALARM",
                "END:VEVENT",
            ]
        }
        // Open tasks with a due day: an all-day event on that day.
        for item in model.views.tasks.due {
            let entry = model.entries[item.entry], task = entry.body.tasks[item.task]
            guard let due = task.due, !entry.isDraft else { continue }
            let assignee = task.assignee.flatMap { id in model.config.authors[id]?.name }
            lines += [
                "BEGIN:VEVENT",
                "UID:task-\(SiteModel.anchor(entry))-\(task.anchor)@\(host)",
                "DTSTAMP:\(stamp)",
                "DTSTART;VALUE=DATE:\(Self.dateText(due))",
                "DTEND;VALUE=DATE:\(Self.dateText(due.adding(days: 1)))",
                "SUMMARY:" + Self.escape((task.isImportant ? "! " : "") + task.text),
                "DESCRIPTION:" + Self.escape("From “\(entry.title)”, \(DateText.long(entry.date.day))" + (assignee.map { "; for \($0)" } ?? "") + "."),
                "URL:" + links.absolute(entry.sitePath) + "#" + task.anchor,
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return Data(lines.map(Self.fold).joined(separator: "\r\n").appending("\r\n").utf8)
    }

    static func dateText(_ day: CalendarDay) -> String { pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2) }

    /// TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11); every
    /// other line break (NEL, U+2028, U+2029, a lone CR) is a line break too, and controls,
    /// which TEXT may not hold, are left out.
    static func escape(_ text: String) -> String {
        // On the UTF-8 bytes: going through Characters (grapheme breaking) made this a third of
        // the calendar's time. Controls are characters of their own, so byte by byte is the same.
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                out += [UInt8(ascii: "\\"), byte]
            case 0x0D where index < bytes.count && bytes[index] == 0x0A:
                index += 1
                out += lineBreak
            case 0x0A, 0x0D:
                out += lineBreak
            case 0x09:
                out.append(byte)
            case 0x00..<0x20, 0x7F:
                continue
            // U+0080 to U+009F: NEL (U+0085) breaks a line, the others are controls.
            case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]):
                if bytes[index] == 0x85 { out += lineBreak }
                index += 1
            // U+2028 and U+2029, the line and paragraph separators.
            case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                index += 2
                out += lineBreak
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let lineBreak = Array("\\n".utf8)

    /// Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character.
    /// On the bytes: a character's first byte says how many it has (appended to a String one
    /// scalar at a time, a 10k journal's calendar took 450 instructions a character).
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var out: [UInt8] = []
        out.reserveCapacity(line.utf8.count + 3 * (line.utf8.count / 74 + 1))
        line.withUTF8Bytes { bytes in
            var index = 0, count = 0
            while index < bytes.count {
                let lead = bytes[index]
                let size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                if count + size > 75 {
                    out += [0x0D, 0x0A, 0x20]
                    count = 1
                }
                out += bytes[index..<min(index + size, bytes.count)]
                count += size
                index += size
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
