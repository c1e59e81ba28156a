/// Every task-list item of the published entries: what is still to do, the important first, and
/// a record of what got done, month by month.
public struct TaskList: Sendable {
    public struct Item: Sendable {
        public var entry: Int
        /// Position in the entry's `body.tasks`.
        public var task: Int
    }

    /// Open items: important ones first, then by due day (soonest first, undated last), then the
    /// newest entry first, in the order the entry lists them.
    public let open: [Item]
    /// Done items, newest entry first.
    public let done: [Item]
    public let importantOpen: Int
    /// Open items past their day, as of the build day: read, it is noted (BodyReads.noteDay).
    public var overdue: Int { BodyReads.noteDay(); return overdueOnTheDay }
    private let overdueOnTheDay: Int
    /// Open items with a due day, soonest first: what the reminders calendar lists.
    public let due: [Item]

    public init(entries: [Entry], today: CalendarDay) {
        var open: [Item] = [], done: [Item] = []
        // Field by field, by index: taking each item whole copied it (its texts retained and
        // released), 60,000 times at 10k entries, for three fields.
        for index in entries.indices {
            for position in entries[index].body.tasks.indices {
                if entries[index].body.tasks[position].isDone { done.append(Item(entry: index, task: position)) } else { open.append(Item(entry: index, task: position)) }
            }
        }
        // Sorted by keys read once: 30,000 open items at 10k entries.
        let far = CalendarDay(year: 9999, month: 12, day: 31).daysSinceEpoch
        let keyed = open.map { item -> (important: Bool, due: Int, item: Item) in
            (entries[item.entry].body.tasks[item.task].isImportant, entries[item.entry].body.tasks[item.task].due?.daysSinceEpoch ?? far, item)
        }
        self.open = keyed.sorted { a, b in
            if a.important != b.important { return a.important }
            if a.due != b.due { return a.due < b.due }
            return (a.item.entry, a.item.task) < (b.item.entry, b.item.task)
        }.map(\.item)
        self.done = done
        importantOpen = keyed.filter(\.important).count
        overdueOnTheDay = keyed.filter { $0.due < today.daysSinceEpoch }.count
        due = keyed.filter { $0.due != far }.sorted { ($0.due, $0.item.entry, $0.item.task) < ($1.due, $1.item.entry, $1.item.task) }.map(\.item)
    }

    public var isEmpty: Bool { open.isEmpty && done.isEmpty }
}
