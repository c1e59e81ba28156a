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
    public let overdue: Int
    /// Open items with a due day, soonest first: what the reminders calendar lists.
    public let due: [Item]

    public init(entries: [Entry], today: CalendarDay) {
        var open: [Item] = [], done: [Item] = []
        for (index, entry) in entries.enumerated() {
            for (position, task) in entry.body.tasks.enumerated() {
                if task.isDone { done.append(Item(entry: index, task: position)) } else { open.append(Item(entry: index, task: position)) }
            }
        }
        func task(_ item: Item) -> TaskItem { entries[item.entry].body.tasks[item.task] }
        let far = CalendarDay(year: 9999, month: 12, day: 31)
        open.sort { a, b in
            let x = task(a), y = task(b)
            if x.isImportant != y.isImportant { return x.isImportant }
            let dx = x.due ?? far, dy = y.due ?? far
            if dx != dy { return dx < dy }
            return (a.entry, a.task) < (b.entry, b.task)
        }
        self.open = open
        self.done = done
        importantOpen = open.filter { task($0).isImportant }.count
        overdue = open.filter { task($0).due.map { $0 < today } ?? false }.count
        due = open.filter { task($0).due != nil }.sorted { (task($0).due!, $0.entry, $0.task) < (task($1).due!, $1.entry, $1.task) }
    }

    public var isEmpty: Bool { open.isEmpty && done.isEmpty }
}
