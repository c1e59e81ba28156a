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
    /// `moods.log` lines (positions in `views.moods.points`), newest first.
    public let moodLog: [Int]
    public let moodLogPages: PageSplit

    init(entries: [Entry], tags: [SiteModel.Tag], views: JournalViews, paging: Paging) {
        func split(_ list: [Int]) -> PageSplit {
            PageSplit(months: list.map { PageSplit.YearMonth(entries[$0].date.day) }, limit: paging.lists)
        }
        self.tags = tags.map { split($0.entries) }
        moodGroups = views.moodGroups.map { split($0.entries) }
        themeGroups = views.themeGroups.map { split($0.entries) }

        var photos: [Photo] = []
        for (index, entry) in entries.enumerated() {
            for (position, item) in entry.media.enumerated() where item.isImage || item.isVideo {
                photos.append(Photo(entry: index, item: position))
            }
        }
        self.photos = photos
        photoPages = PageSplit(months: photos.map { PageSplit.YearMonth(entries[$0.entry].date.day) }, limit: paging.photos)

        let points = views.moods.points
        moodLog = points.indices.reversed().filter { points[$0].entry == nil }
        moodLogPages = PageSplit(months: moodLog.map { PageSplit.YearMonth(points[$0].date.day) }, limit: paging.moodLog)
    }
}
