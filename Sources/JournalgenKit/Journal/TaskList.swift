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
    public var importantOpen: Int { summary.importantOpen }
    /// Open items past their day, as of the build day: read, it is noted (BodyReads.noteDay).
    public var overdue: Int { summary.overdue }
    private let summary: Summary
    /// Open items with a due day, soonest first: what the reminders calendar lists.
    public let due: [Item]

    /// What the list of pages, the menu and the build's report need of the task list, in one pass
    /// over the items without sorting them: a build after an edit that touched no task renders
    /// no task page, and does not make the list.
    public struct Summary: Sendable {
        public private(set) var open = 0
        public private(set) var importantOpen = 0
        /// Open items past their day, as of the build day: read, it is noted (BodyReads.noteDay).
        public var overdue: Int { BodyReads.noteDay(); return overdueOnTheDay }
        private var overdueOnTheDay = 0
        /// The entry of each done item, in the list's order (`done`).
        public private(set) var doneEntries: [Int] = []
        public var isEmpty: Bool { open == 0 && doneEntries.isEmpty }

        public init(entries: [Entry], today: CalendarDay) {
            let today = today.daysSinceEpoch
            for index in entries.indices {
                entries[index].body.tasks.withUnsafeBufferPointer { tasks in
                    for task in tasks.indices {
                        if tasks[task].isDone {
                            doneEntries.append(index)
                            continue
                        }
                        open += 1
                        if tasks[task].isImportant { importantOpen += 1 }
                        if let due = tasks[task].due, due.daysSinceEpoch < today { overdueOnTheDay += 1 }
                    }
                }
            }
        }
    }

    /// `summary`: the entries' (`Summary(entries:today:)`), when the caller has it already.
    public init(entries: [Entry], today: CalendarDay, summary: Summary? = nil) {
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
        self.summary = summary ?? Summary(entries: entries, today: today)
        due = keyed.filter { $0.due != far }.sorted { ($0.due, $0.item.entry, $0.item.task) < ($1.due, $1.item.entry, $1.item.task) }.map(\.item)
    }

    public var isEmpty: Bool { open.isEmpty && done.isEmpty }
}
