import Foundation

/// The settings of one journal, read from `journal.yaml`.
public struct JournalConfig: Sendable {
    public var title: String
    public var author: String?
    /// `MM-DD`.
    public var birthday: (month: Int, day: Int)?
    public var timeZone: TimeZone {
        get { offsets.zone }
        set { offsets = ZoneOffsets(newValue) }
    }
    /// The zone's offsets as a table: what loading and pages ask (`ZoneOffsets`).
    public private(set) var offsets: ZoneOffsets
    public var timeZoneName: String
    /// Always ends with "/".
    public var baseURL: String
    public var theme: String
    public var language: String
    /// Where `language:` is written, for messages about its labels.
    public var languageLocation: SourceLocation?
    public var moods: MoodScale
    /// How many items each page of a long list holds (`paginate:`).
    public var paging: Paging
    /// `relative_links: true`: every page links relative to itself, for a site opened from disk.
    public var relativeLinks = false
    /// `maps: {interactive: true, tiles: URL}`: Leaflet maps over the writer's tile server, on
    /// top of the offline maps (which stay for readers without script). Off by default: the
    /// reader's browser would ask a third party for tiles.
    public var interactiveMap: InteractiveMap?

    public struct InteractiveMap: Sendable {
        /// A tile URL template with {z}, {x} and {y}.
        public var tiles: String
        public var attribution: String
        /// Where `maps:` is written, for messages.
        public var location: SourceLocation
    }
    /// Pass raw HTML in Markdown through (`markdown: {unsafe: true}`).
    public var unsafeMarkdown: Bool
    public var privateHint: String?
    /// `private: {all: true}`: every entry and trip is private.
    public var privateAll = false
    /// `private: {count_moods: true}`: private entries' moods count in the public mood charts
    /// (the level and time only; never the entry).
    public var privateMoodsCount = false
    /// `tips:`: the mood tips the moods page picks from; nil for the built-in ones.
    public var tips: [String]?
    /// `reminders:`: when the writer wants to be asked for a mood during the day.
    public var reminders: ReminderHours?
    /// How photos and videos are published.
    public var media = ImageSettings()
    /// `authors:`: the people who write in the journal.
    public var authors = JournalAuthors()
    /// The author photos found while loading, placed in the site by the site model.
    public var authorPhotos: [String: MediaItem] = [:]
    /// Keys journalgen does not know, for templates (`{{journal.extra.x}}`).
    public var extra: MetaNode

    public static let fileName = "journal.yaml"

    /// The path part of base_url ("/journal/" for https://example.org/journal/): the prefix of every link.
    public var basePath: String {
        guard let url = URL(string: baseURL), url.scheme != nil else {
            return baseURL.hasPrefix("/") ? baseURL : "/" + baseURL
        }
        let p = url.path
        if p.isEmpty { return "/" }
        return p.hasSuffix("/") ? p : p + "/"
    }

    /// `https://example.org/journal/`; empty when base_url is only a path.
    public var absoluteBase: String {
        guard let url = URL(string: baseURL), url.scheme != nil else { return "" }
        return baseURL
    }
}

/// `reminders: {wake: "07:30", sleep: "23:00", count: 5}`: the daily mood-log reminders,
/// spread evenly over the waking hours.
public struct ReminderHours: Sendable, Hashable {
    /// Minutes after midnight.
    public var wake: Int
    public var sleep: Int
    public var count: Int

    /// The reminder times, minutes after midnight: the first at waking, the last at bedtime.
    /// Bedtime before waking (a night owl's "01:00") means after midnight.
    public var times: [Int] {
        let end = sleep > wake ? sleep : sleep + 24 * 60
        guard count > 1 else { return [wake] }
        return (0..<count).map { (wake + (end - wake) * $0 / (count - 1)) % (24 * 60) }
    }
}

/// Page sizes of the site's lists (`paginate:` in journal.yaml). The defaults keep every page of
/// a 50,000-entry journal well under 1 MB while a page still shows a season or a year of a diary.
public struct Paging: Sendable, Equatable {
    /// Entry cards per page of older entries; the home page holds one to two pages' worth (SiteModel.homeEntries).
    public var home = 10
    /// Entry rows per page of a tag, mood, theme or place list.
    public var lists = 300
    /// Photos and videos per page of the media page.
    public var photos = 200
    /// Lines per page of the mood log.
    public var moodLog = 500
    /// Goals made real per page of the List of Glory (each with its photo and excerpt).
    public var glory = 100
    /// No list page is longer.
    public static let maximum = 10_000

    public init() {}
}

