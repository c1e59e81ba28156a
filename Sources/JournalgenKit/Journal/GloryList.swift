/// The List of Glory: entries whose idea or goal came true, newest realisation first.
public struct GloryList: Sendable {
    public struct Item: Sendable {
        public var entry: Int
        /// The day it came true; for `glory: true`, the day the entry was written.
        public var realised: CalendarDay
        public var dated: Bool
        public var written: CalendarDay
        public var daysTaken: Int { max(0, realised.daysSinceEpoch - written.daysSinceEpoch) }
    }

    /// Realised on or before the build day, newest first.
    public let realised: [Item]
    /// `glory:` dates after the build day: goals with a day set, soonest first.
    public let ahead: [Item]

    public init(entries: [Entry], today: CalendarDay) {
        var items: [Item] = []
        for index in entries.indices {
            switch entries[index].glory {
            case .realised(let day)?: items.append(Item(entry: index, realised: day, dated: true, written: entries[index].date.day))
            case .undated?: items.append(Item(entry: index, realised: entries[index].date.day, dated: false, written: entries[index].date.day))
            case nil: break
            }
        }
        realised = items.filter { $0.realised <= today }.sorted { ($0.realised, $1.entry) > ($1.realised, $0.entry) }
        ahead = items.filter { $0.realised > today }.sorted { ($0.realised, $0.entry) < ($1.realised, $1.entry) }
    }

    public var isEmpty: Bool { realised.isEmpty && ahead.isEmpty }

    /// "the same day", "3 days", "5 weeks", "4 months", "2 years".
    public static func durationText(days: Int, _ localization: Localization = .english) -> String {
        days < 1 ? localization.text("sameDay") : localization.duration(days: days)
    }

    /// The rounding of `durationText`: a count and its unit ("days", "weeks", "months", "years").
    static func durationParts(days: Int) -> (count: Int, unit: String) {
        switch days {
        case ..<14: return (days, "days")
        case ..<61: return ((days + 3) / 7, "weeks")
        case ..<730: return ((days + 15) / 30, "months")
        default: return ((days + 182) / 365, "years")
        }
    }
}

/// Entries to read again: their `revisit:` interval has run out by the build day.
public struct RevisitSchedule: Sendable {
    public struct Item: Sendable {
        public var entry: Int
        public var due: CalendarDay
    }

    /// Due on or before the build day, oldest due first.
    public let due: [Item]
    /// Due within the next `window` days, soonest first.
    public let upcoming: [Item]
    /// Every entry with `revisit:`, by due day: what the reminders calendar lists.
    public let all: [Item]
    public static let window = 30

    public init(entries: [Entry], today: CalendarDay) {
        let all = entries.enumerated().compactMap { index, entry in
            entry.revisit.map { Item(entry: index, due: $0.after(entry.date.day)) }
        }.sorted { ($0.due, $1.entry) < ($1.due, $0.entry) }
        self.all = all
        due = all.filter { $0.due <= today }
        let horizon = today.adding(days: Self.window)
        upcoming = all.filter { $0.due > today && $0.due <= horizon }
    }
}
