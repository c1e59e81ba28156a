/// `tasks/`: the open task-list items of every public entry, important ones first; and
/// `tasks/done/`: what got done, month by month.
enum TaskPages {
    static let openPath = "tasks/"
    static let donePath = "tasks/done/"
}

extension PageRenderer {
    static let recentlyDoneCount = 10

    func renderTaskPage(_ job: PageJob) -> [UInt8] {
        let tasks = model.views.tasks, pages = model.listPages, links = model.links
        // A task added to an entry that had none changes these pages; other edits of texts do not.
        BodyReads.noteTasks(entryCount: model.entries.count)
        var values: [String: TemplateValue] = [
            "openCount": .number(tasks.open.count),
            "importantCount": .number(tasks.importantOpen),
            "doneCount": .number(tasks.done.count),
            "openURL": .text(links.href(TaskPages.openPath)),
            "doneURL": .text(links.href(TaskPages.donePath)),
            "hasDone": .bool(!tasks.done.isEmpty),
        ]
        // The done pages do not show them: they stay as they are on another day.
        let model = self.model
        let ofTheDay: [String: @Sendable () -> TemplateValue] = [
            "overdueCount": { .number(model.views.tasks.overdue) },
            "today": { .object(DayView(day: model.views.today, localization: model.localization)) },
        ]
        switch job {
        case .tasks(let number):
            let split = pages.openTaskPages
            values["tasks"] = .objects(tasks.open[split.parts[number - 1]].map { TaskView(item: $0, model: model) })
            // Open tasks are ordered by importance and due day, not by month: pages have numbers only.
            values["pager"] = .object(PaginationView(page: number, count: split.count) { links.href(PageSplit.path(TaskPages.openPath, page: $0)) })
            // Below the open ones on the first page: what got done lately (the newest entries'
            // done items), as a record; the rest on tasks/done/.
            if number == 1 {
                values["recentlyDone"] = .objects(tasks.done.prefix(Self.recentlyDoneCount).map { TaskView(item: $0, model: model) })
                values["hasRecentlyDone"] = .bool(!tasks.done.isEmpty)
            }
            let title = number <= 1 ? text("tasks") : "\(text("tasks")) · \(text("pageLabel")) \(number)"
            return templates.page("tasks", context(page(title, PageSplit.path(TaskPages.openPath, page: number), kind: "tasks"), values, onRequest: ofTheDay))
        case .doneTasks(let number):
            let split = pages.doneTaskPages
            var months: [(title: String, items: [TaskList.Item])] = []
            for item in tasks.done[split.parts[number - 1]] {
                let day = model.entries[item.entry].date.day
                let title = model.localization.monthAndYear(year: day.year, month: day.month)
                if months.last?.title != title { months.append((title, [])) }
                months[months.count - 1].items.append(item)
            }
            values["months"] = .objects(months.map { month in
                LinkView(title: month.title, url: "", extra: [
                    "count": .number(month.items.count),
                    "tasks": .objects(month.items.map { TaskView(item: $0, model: model) }),
                ])
            })
            return templates.page("tasks-done", listPageContext(text("tasksDone"), base: TaskPages.donePath, number: number, split: split, kind: "tasksDone", values, onRequest: ofTheDay))
        default:
            preconditionFailure("not a task page: \(job)")
        }
    }
}

/// A list item that knows whether it comes first (for a separator before the list).
struct FirstMarked: TemplateObject {
    var inner: any TemplateObject
    var first: Bool
    func value(_ key: String) -> TemplateValue? { key == "first" ? .bool(first) : inner.value(key) }
    func value(_ key: TemplateKey) -> TemplateValue? { key.number == Self.first.number ? .bool(first) : inner.value(key) }
    private static let first = TemplateKey("first")
}

/// One task-list item as the tasks pages show it, linked to its place in the entry.
struct TaskView: KeyedTemplateObject {
    enum Key: String, CaseIterable, Sendable { case text, isDone, isImportant, due, isOverdue, assignee, url, anchor, parent, entry, entryTitle, entryURL, entryDay, entryDate, entryAuthors }
    static let keys = KeyNumberTable<Key>.names()

    var item: TaskList.Item
    var model: SiteModel

    /// The task in place: a copy of it (five strings) for each of the dozen keys each of 60,000
    /// items at 10k entries is asked was a fifth of rendering the tasks pages.
    private var task: TaskItem { _read { yield model.entries[item.entry].body.tasks[item.task] } }

    /// Its entry's address, date and day, worked out once for all the entry's tasks.
    private var entryTexts: TaskEntryTexts {
        model.taskEntryTexts.value[item.entry] ?? TaskEntryTexts(model.entries[item.entry], links: model.links, localization: model.localization)
    }

    func value(_ key: Key) -> TemplateValue? {
        switch key {
        case .text: return .text(task.text)
        case .isDone: return .bool(task.isDone)
        case .isImportant: return .bool(task.isImportant)
        case .due: return .optional(task.due.map { DayView(day: $0, localization: model.localization) })
        case .isOverdue: return .bool(!task.isDone && (task.due.map { $0 < model.views.today } ?? false))
        case .assignee: return .optional(task.assignee.flatMap { AuthorLinkView.make($0, model: model) })
        case .url: return .text(entryTexts.url + "#" + task.anchor)
        case .anchor: return .text(task.anchor)
        case .parent: return .optional(task.parent)
        case .entry: return .object(EntryView(model: model, index: item.entry))
        // The entry's title, address, day and authors without an EntryView: the tasks pages of a
        // large journal show 60,000 items, and a flat lookup is a third of the work of a section.
        case .entryTitle: return .text(model.entries[item.entry].title)
        case .entryURL: return .text(entryTexts.url)
        case .entryDay: return .text(entryTexts.day)
        case .entryDate: return .text(entryTexts.date)
        case .entryAuthors:
            guard !model.views.authors.isEmpty else { return .null }
            return .list(model.entries[item.entry].authors.enumerated().compactMap { position, id in
                AuthorLinkView.make(id, model: model).map { TemplateValue.object(FirstMarked(inner: $0, first: position == 0)) }
            })
        }
    }
}

/// What every task of an entry shows of it on the tasks pages. The 60,000 items of a 10k journal
/// each worked out their entry's address and long date again: 140 M instructions of a first
/// build, against 16 M for the 6,700 entries with tasks. A class: each of the 690,000 looks at
/// it copied the three texts out (three retains and releases) to read one.
final class TaskEntryTexts: Sendable {
    let url: String
    let date: String
    let day: String

    init(_ entry: Entry, links: SiteLinks, localization: Localization) {
        url = links.href(entry.sitePath)
        date = localization.longDate(entry.date.day)
        day = entry.date.day.description
    }

    /// For each entry with tasks, made by the first task page that asks (a build that renders
    /// no task page makes none).
    static func pending(entries: [Entry], links: SiteLinks, localization: Localization) -> SideWork<[TaskEntryTexts?]> {
        SideWork(offered: false) {
            entries.map { $0.body.tasks.isEmpty ? nil : TaskEntryTexts($0, links: links, localization: localization) }
        }
    }
}
