/// How each long list of the site is cut into pages, decided once per build so that the list
/// of pages to write and every page's "page 2 of 7" agree.
public struct ListPages: Sendable {
    /// One media item on the photos page: the entry and the item's position in its media.
    public struct Photo: Sendable {
        public var entry: Int
        public var item: Int
    }

    public let tags: [PageSplit]
    public let moodGroups: [PageSplit]
    public let themeGroups: [PageSplit]
    /// Every photo and video of the journal's public entries, newest entry first.
    public let photos: [Photo]
    public let photoPages: PageSplit
    /// `moods.log` lines (positions in `SiteModel.moodLog`), newest first, in the mood history's
    /// order: by time, and as listed at the same instant.
    public let moodLog: [Int]
    public let moodLogPages: PageSplit
    /// The List of Glory's goals made real, newest first.
    public let gloryPages: PageSplit
    /// Entries due for a revisit, the longest due first.
    public let revisitPages: PageSplit
    /// Open tasks, a list page's worth a page, in the task list's order (not by month).
    public let openTaskPages: PageSplit
    /// Done tasks, cut between months of their entries.
    public let doneTaskPages: PageSplit
    /// Each author's entries (by position in `views.authors.people`).
    public let authors: [PageSplit]

    /// `moodLog`: the log's lines, whose places it splits without the mood history (a build after
    /// an edit does not make it).
    init(entries: [Entry], tags: [SiteModel.Tag], views: JournalViews, moodLog lines: [MoodLogLine], paging: Paging) {
        func split(_ list: [Int]) -> PageSplit {
            PageSplit(months: list.map { PageSplit.YearMonth(entries[$0].date.day) }, limit: paging.lists)
        }
        self.tags = tags.map { split($0.entries) }
        moodGroups = views.moodGroups.map { split($0.entries) }
        themeGroups = views.themeGroups.map { split($0.entries) }

        var photos: [Photo] = []
        for index in entries.indices {
            // The stored kind read through the buffer: asking `isImage` of an item copied it whole.
            entries[index].media.withUnsafeBufferPointer { media in
                for position in media.indices where media[position].kind.isPicture { photos.append(Photo(entry: index, item: position)) }
            }
        }
        self.photos = photos
        photoPages = PageSplit(months: photos.map { PageSplit.YearMonth(entries[$0.entry].date.day) }, limit: paging.photos)

        let instants = lines.map(\.date.instant)
        var byTime = Array(lines.indices)
        if !instants.indices.dropFirst().allSatisfy({ instants[$0 - 1] <= instants[$0] }) {
            byTime.sort { a, b in instants[a] != instants[b] ? instants[a] < instants[b] : a < b }
        }
        moodLog = byTime.reversed()
        moodLogPages = PageSplit(months: moodLog.map { PageSplit.YearMonth(lines[$0].date.day) }, limit: paging.moodLog)
        revisitPages = PageSplit(months: views.revisits.due.map { PageSplit.YearMonth($0.due) }, limit: paging.lists)
        gloryPages = PageSplit(months: views.glory.realised.map { PageSplit.YearMonth($0.realised) }, limit: paging.glory)
        let undated = PageSplit.YearMonth(year: 0, month: 0)
        openTaskPages = PageSplit(months: Array(repeating: undated, count: views.taskSummary.open), limit: paging.lists)
        doneTaskPages = PageSplit(months: views.taskSummary.doneEntries.map { PageSplit.YearMonth(entries[$0].date.day) }, limit: paging.lists)
        authors = views.authors.people.map { split($0.entries) }
    }
}
