/// Who wrote what in a journal written together: each author's entries, trips and moods. Empty
/// for a journal with fewer than two authors, so a solo diary shows none of it.
public struct AuthorIndex: Sendable {
    public struct Person: Sendable {
        public var author: Author
        /// Newest first (an entry written together counts for each of its authors).
        public var entries: [Int]
        /// Positions in `TripIndex.trips` of the trips they wrote in, newest first.
        public var trips: [Int]
        /// Their own moods: their entries' and their mood-log lines.
        public var moods: MoodHistory
        /// Their photo, placed in the site (nil for a private author or none given).
        public var photo: MediaItem?
        public var hasPage: Bool { !author.isPrivate }
    }

    /// In journal.yaml's order.
    public let people: [Person]
    public let byID: [String: Int]

    public init(authors: JournalAuthors, photos: [String: MediaItem], entries: [Entry], moodLog: [MoodLogLine], trips: TripIndex,
                scale: MoodScale, today: CalendarDay) {
        guard authors.areShown else {
            people = []
            byID = [:]
            return
        }
        var byAuthor: [String: [Int]] = [:]
        for index in entries.indices {
            for id in entries[index].authors { byAuthor[id, default: []].append(index) }
        }
        people = authors.all.map { author in
            let mine = byAuthor[author.id] ?? []
            let set = Set(mine)
            let tripIDs = Set(mine.compactMap { entries[$0].trip })
            let tripPositions = trips.trips.indices.filter { tripIDs.contains(trips.trips[$0].id) }
            let moods = MoodHistory(scale: scale, entries: entries, log: moodLog.filter { $0.author == author.id }, today: today,
                                    including: { set.contains($0) })
            return Person(author: author, entries: mine, trips: tripPositions, moods: moods,
                          photo: author.isPrivate ? nil : photos[author.id])
        }
        byID = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($1.author.id, $0) })
    }

    public var isEmpty: Bool { people.isEmpty }

    /// People with a public page.
    public var listed: [Int] { people.indices.filter { people[$0].hasPage } }
}
