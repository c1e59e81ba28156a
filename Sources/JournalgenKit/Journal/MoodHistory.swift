import Dispatch
import Synchronization

/// One mood on the timeline: from an entry's `mood:` or from a `moods.log` line.
public struct MoodPoint: Sendable {
    public var date: EntryDate
    public var level: MoodLevel
    /// The entry it comes from (index into `SiteModel.entries`); nil for a mood-log line.
    public var entry: Int?
    public var note: String?
    /// Whose mood a log line is, in a journal written together.
    public var author: String?
}

extension MoodPoint {
    /// A `moods.log` line's point.
    init(line: MoodLogLine) { self.init(date: line.date, level: line.level, note: line.note, author: line.author) }
}

/// The journal's moods over time, as the moods page draws them: every point, each day's average,
/// the distribution of levels, streaks of days written, and which tags come with which moods.
public struct MoodHistory: Sendable {
    /// A day with an entry or a mood log.
    public struct Day: Sendable {
        public var day: CalendarDay
        public var scoreSum = 0
        public var moodCount = 0
        /// Entries of that day, oldest first (with or without a mood).
        public var entries: [Int] = []
        public var average: Double? { moodCount == 0 ? nil : Double(scoreSum) / Double(moodCount) }

        mutating func count(_ score: Int) {
            scoreSum += score
            moodCount += 1
        }
    }

    public struct Streak: Sendable, Equatable {
        public var start: CalendarDay
        public var end: CalendarDay
        public var days: Int { end.daysSinceEpoch - start.daysSinceEpoch + 1 }
    }

    /// How the moods of one year (or of all years) fall on the scale: counts indexed like `scale.levels`.
    public struct Distribution: Sendable {
        public var year: Int?
        public var counts: [Int]
        public var total: Int { counts.reduce(0, +) }
    }

    public struct TagMood: Sendable {
        public var tag: String
        public var count: Int
        public var average: Double
    }

    public let scale: MoodScale
    /// Oldest first.
    public let points: [MoodPoint]
    /// Every day with an entry or a mood log, oldest first.
    public let days: [Day]
    public let dayIndex: [CalendarDay: Int]
    /// Newest year first, then the whole journal (`year == nil`).
    public let distributions: [Distribution]
    /// The streaks run up to the build day: read, it is noted (BodyReads.noteDay).
    public var currentStreak: Streak? { BodyReads.noteDay(); return streaksAsOfTheDay.current }
    public var longestStreak: Streak? { BodyReads.noteDay(); return streaksAsOfTheDay.longest }
    private let streaksAsOfTheDay: (current: Streak?, longest: Streak?)
    /// Tags with at least `minimumTagCount` moods, best average first.
    public internal(set) var byTag: [TagMood]
    public let average: Double?

    static let minimumTagCount = 2

    /// `including`: the entries that count (one author's); the others keep their indexes, so
    /// points still name entries of the whole site.
    public init(scale: MoodScale, entries: [Entry], log: [MoodLogLine], today: CalendarDay, including: ((Int) -> Bool)? = nil) {
        let moods = EntryMood.of(entries)
        self.init(scale: scale, moods: moods, log: log, today: today, including: including)
        byTag = Self.moodByTag(moods, including: including)
    }

    /// What the history takes of an entry.
    struct EntryMood: Sendable {
        var date: EntryDate
        var mood: MoodLevel?
        var tags: [String]

        /// Of `entries`, in their order.
        static func of(_ entries: [Entry]) -> [EntryMood] {
            entries.indices.map { EntryMood(date: entries[$0].date, mood: entries[$0].mood, tags: entries[$0].tags) }
        }
    }

    /// `moods`: each entry's, in the site's order; `byTag` is left empty.
    init(scale: MoodScale, moods entries: [EntryMood], log: [MoodLogLine], today: CalendarDay, including: ((Int) -> Bool)? = nil) {
        self.scale = scale
        var points: [MoodPoint] = []
        points.reserveCapacity(entries.count + log.count)
        for index in entries.indices.reversed() where including?(index) ?? true {
            if let level = entries[index].mood { points.append(MoodPoint(date: entries[index].date, level: level, entry: index)) }
        }
        for line in log { points.append(MoodPoint(line: line)) }
        // By time, then entry (a log line first), then as listed: their places sorted, each key
        // worked out once, and each point moved once. Sorting the points themselves worked out
        // two instants a comparison and merged 170-byte values through a buffer of their own
        // (27,000 of them at 10k entries: a quarter of the mood history's time).
        let keys = points.map { ($0.date.instant, $0.entry ?? -1) }
        points.permute(to: points.indices.sorted { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : a < b })
        self.points = points

        var byDay: [CalendarDay: Day] = [:]
        byDay.reserveCapacity(points.count + entries.count)
        // By index: a copy of each point (strings and all) costs more than counting it.
        for index in points.indices {
            let day = points[index].date.day
            byDay[day, default: Day(day: day)].count(points[index].level.score)
        }
        for index in entries.indices.reversed() where including?(index) ?? true {
            byDay[entries[index].date.day, default: Day(day: entries[index].date.day)].entries.append(index)
        }
        let days = byDay.values.sorted { $0.day < $1.day }
        self.days = days
        self.dayIndex = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1.day, $0) })

        var perYear: [Int: [Int]] = [:]
        var overall = [Int](repeating: 0, count: scale.levels.count)
        let position = Dictionary(uniqueKeysWithValues: scale.levels.enumerated().map { ($1.value, $0) })
        for index in points.indices {
            guard let i = position[points[index].level.value] else { continue }
            perYear[points[index].date.day.year, default: [Int](repeating: 0, count: scale.levels.count)][i] += 1
            overall[i] += 1
        }
        distributions = perYear.keys.sorted(by: >).map { Distribution(year: $0, counts: perYear[$0]!) }
            + [Distribution(year: nil, counts: overall)]
        average = points.isEmpty ? nil : Double(points.reduce(0) { $0 + $1.level.score }) / Double(points.count)

        streaksAsOfTheDay = Self.streaks(days.map(\.day), today: today)
        byTag = []
    }

    /// A history made on another core while the caller goes on (by the caller, when asked for
    /// before any thread took it up: SideWork). `offered`: false leaves it to the first reader,
    /// as a build after an edit wants (SiteModel's `eagerViews`).
    final class Pending: Sendable {
        private let history: SideWork<MoodHistory>

        init(scale: MoodScale, moods: [EntryMood], log: [MoodLogLine], today: CalendarDay, offered: Bool = true) {
            history = SideWork(offered: offered) {
                var result = MoodHistory(scale: scale, moods: moods, log: log, today: today)
                result.byTag = MoodHistory.moodByTag(moods)
                return result
            }
        }

        var value: MoodHistory { history.value }
    }

    /// Runs of consecutive days with an entry or a log. The current streak is still alive when
    /// today has nothing yet but yesterday had: the day is not over.
    static func streaks(_ days: [CalendarDay], today: CalendarDay) -> (current: Streak?, longest: Streak?) {
        var longest: Streak?
        var run: Streak?
        for day in days where day <= today {
            if let r = run, r.end.adding(days: 1) == day {
                run!.end = day
            } else {
                run = Streak(start: day, end: day)
            }
            if run!.days > (longest?.days ?? 0) { longest = run }
        }
        guard let last = run, last.end == today || last.end == today.adding(days: -1) else { return (nil, longest) }
        return (last, longest)
    }

    static func moodByTag(_ entries: [EntryMood], including: ((Int) -> Bool)? = nil) -> [TagMood] {
        var sums: [(name: String, sum: Int, count: Int)] = [], numbers = SiteModel.TagNumbers()
        for index in entries.indices where including?(index) ?? true {
            guard let level = entries[index].mood else { continue }
            for tag in entries[index].tags {
                let (at, newSlug) = numbers(tag)
                if newSlug != nil { sums.append((tag, 0, 0)) }
                sums[at].sum += level.score
                sums[at].count += 1
            }
        }
        return sums.filter { $0.count >= minimumTagCount }
            .map { TagMood(tag: $0.name, count: $0.count, average: Double($0.sum) / Double($0.count)) }
            .sorted { ($0.average, $0.count, $1.tag) > ($1.average, $1.count, $0.tag) }
    }

    /// The level an average score rounds to (3.4 on a five-level scale is the third best… from the bottom).
    public func level(forAverage average: Double) -> MoodLevel {
        let score = min(scale.levels.count, max(1, Int(average.rounded())))
        return scale.levels[scale.levels.count - score]
    }

    public func day(_ day: CalendarDay) -> Day? { dayIndex[day].map { days[$0] } }

    /// Years with any day, newest first.
    public var years: [Int] {
        var seen: [Int] = []
        for day in days.reversed() where seen.last != day.day.year { seen.append(day.day.year) }
        return seen
    }
}
