import Foundation
/// Entries that share a value (a mood level, a theme), for the pages that list them.
public struct EntryGroup: Sendable {
    public var value: String
    public var title: String
    public var sitePath: String
    /// Newest first.
    public var entries: [Int]
}

/// Everything the journal's own pages show beyond the entries: moods, glory, revisits, trips,
/// places and the groupings of the filter pages. Derived once from the published entries.
public struct JournalViews: Sendable {
    /// Its streaks depend on the build day (they note it); its moods are the log's lines up to
    /// the day, whose number the journal's fingerprint holds (BuildPipeline). Made when first
    /// read, if the model did not begin it on another core (SiteModel's `eagerViews`), as the
    /// tasks and places are: a build after an edit renders their pages only when what they show
    /// changed, and most often renders none of them.
    public var moods: MoodHistory { history.value }
    private let history: MoodHistory.Pending
    /// Whether the history has any point (`!moods.points.isEmpty`), and its years, newest first
    /// (`moods.years`: those of every entry and log line), known without making it.
    public let hasMoods: Bool
    public let moodYears: [Int]
    public let trips: TripIndex
    public var places: PlaceIndex { placeIndex.value }
    private let placeIndex: SideWork<PlaceIndex>
    /// `!places.places.isEmpty`, known without making the index.
    public let hasPlaces: Bool
    /// One group per mood level that has entries, best level first.
    public let moodGroups: [EntryGroup]
    /// One group per `theme:` value, by name.
    public let themeGroups: [EntryGroup]
    /// What depends on the build day. Read through the properties below, which note the read
    /// for the page being rendered (BodyReads.noteDay): on another day, only the pages that read
    /// them are rendered again, not the whole site.
    private let ofTheDay: OfTheDay

    struct OfTheDay: Sendable {
        var today: CalendarDay
        var glory: GloryList
        var revisits: RevisitSchedule
        var onThisDay: [Int]
    }

    public var today: CalendarDay { BodyReads.noteDay(); return ofTheDay.today }
    /// Realised and ahead, as of the build day.
    public var glory: GloryList { BodyReads.noteDay(); return ofTheDay.glory }
    public var revisits: RevisitSchedule { BodyReads.noteDay(); return ofTheDay.revisits }
    /// Entries from this day of the year in earlier years, newest first: the build-time "On this day".
    public var onThisDay: [Int] { BodyReads.noteDay(); return ofTheDay.onThisDay }
    /// Every task-list item of the entries (how many are overdue depends on the day, and notes it).
    public var tasks: TaskList { taskList.value }
    private let taskList: SideWork<TaskList>
    /// The task list's counts, known without making it.
    public let taskSummary: TaskList.Summary
    /// Each author's entries, trips and moods (their streaks note the day), when two or more write the journal.
    public let authors: AuthorIndex

    /// `history`: the mood history, begun by the caller on another core or left to its first
    /// reader (see SiteModel); `eager`: whether the tasks and places are begun so too.
    init(config: JournalConfig, entries: [Entry], moodLog: [MoodLogLine], trips: [String: TripInfo], today: CalendarDay,
         authorPhotos: [String: MediaItem] = [:], history: MoodHistory.Pending, eager: Bool = true) {
        // The tasks and the places on another core, when one is free, while the others are made
        // here: in a build after an edit this core made all of them with the other one idle.
        let taskSummary = TaskList.Summary(entries: entries, today: today)
        self.taskSummary = taskSummary
        taskList = SideWork(offered: eager) { TaskList(entries: entries, today: today, summary: taskSummary) }
        placeIndex = SideWork(offered: eager) { PlaceIndex(entries: entries) }
        hasPlaces = PlaceIndex.hasPlaces(entries)
        self.history = history
        hasMoods = !moodLog.isEmpty || entries.contains { $0.mood != nil }
        var years = Set(moodLog.lazy.map(\.date.day.year))
        for index in entries.indices { years.insert(entries[index].date.day.year) }
        moodYears = years.sorted(by: >)
        let glory = GloryList(entries: entries, today: today)
        let revisits = RevisitSchedule(entries: entries, today: today)
        self.trips = TripIndex(entries: entries, infos: trips, settings: config.media)
        authors = AuthorIndex(authors: config.authors, photos: authorPhotos, entries: entries, moodLog: moodLog, trips: self.trips,
                              scale: config.moods, today: today)

        var byMood: [String: [Int]] = [:]
        var byTheme: [String: [Int]] = [:]
        for index in entries.indices {
            if let mood = entries[index].mood { byMood[mood.value, default: []].append(index) }
            if let theme = entries[index].theme { byTheme[theme, default: []].append(index) }
        }
        moodGroups = config.moods.levels.compactMap { level in
            byMood[level.value].map { EntryGroup(value: level.value, title: level.label, sitePath: "moods/\(Self.slug(level.value))/", entries: $0) }
        }
        themeGroups = byTheme.keys.sorted().map { theme in
            EntryGroup(value: theme, title: theme.prefix(1).uppercased() + theme.dropFirst(), sitePath: "themes/\(Self.slug(theme))/", entries: byTheme[theme]!)
        }
        let onThisDay = entries.indices.filter {
            let day = entries[$0].date.day
            return day.month == today.month && day.day == today.day && day.year < today.year
        }
        ofTheDay = OfTheDay(today: today, glory: glory, revisits: revisits, onThisDay: onThisDay)
    }

    static func slug(_ value: String) -> String {
        let slug = Slug.make(value)
        return slug.isEmpty ? "level" : slug
    }
}
