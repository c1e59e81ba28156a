/// Dates as people read them ("Friday, 3 April 2026"). Written out by hand: Foundation's
/// DateFormatter costs tens of microseconds a call, and a journal has tens of thousands of dates.
public enum DateText {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    public static func monthName(_ month: Int) -> String { months[month - 1] }

    /// "3 April 2026"
    public static func long(_ day: CalendarDay) -> String {
        "\(day.day) \(months[day.month - 1]) \(day.year)"
    }

    /// "Friday, 3 April 2026"
    public static func full(_ day: CalendarDay) -> String {
        "\(weekdays[day.weekday]), \(long(day))"
    }

    /// "3 Apr 2026"
    public static func short(_ day: CalendarDay) -> String {
        "\(day.day) \(months[day.month - 1].prefix(3)) \(day.year)"
    }

    /// "18:20"
    public static func time(_ date: EntryDate) -> String {
        "\(pad(date.hour, 2)):\(pad(date.minute, 2))"
    }

    /// "UTC+09:00", "UTC−05:00", "UTC"
    public static func offset(_ seconds: Int) -> String {
        seconds == 0 ? "UTC" : "UTC" + EntryDate.offsetText(seconds, zulu: false)
    }
}
