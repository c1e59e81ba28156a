import Foundation

/// `journalgen tasks`, `done` and `undo`: the task-list items of every entry (drafts, private and
/// future ones too: the terminal is the writer's own view), found by `file:line` or by words.
public struct TaskQuery: Sendable {
    public enum State: Sendable { case open, done, any }
    public var state: State = .any
    public var importantOnly = false
    /// Tasks assigned to this author, or unassigned in an entry they wrote.
    public var author: String?

    public init(state: State = .any, importantOnly: Bool = false, author: String? = nil) {
        self.state = state
        self.importantOnly = importantOnly
        self.author = author
    }

    public struct Found: Sendable {
        public var entry: Entry
        public var task: TaskItem
        /// `entries/2026/2026-11-02-the-flat-list.md:12`
        public var place: String { "entries/\(entry.relativePath):\(task.line)" }
    }

    /// Matching tasks in the order of the site's tasks page: open before done, important first,
    /// by due day, newest entry first.
    public func run(_ entries: [Entry], today: CalendarDay) -> [Found] {
        let sorted = entries.sorted { ($0.date.instant, $0.relativePath) > ($1.date.instant, $1.relativePath) }
        let list = TaskList(entries: sorted, today: today)
        return (list.open + list.done).compactMap { item in
            let found = Found(entry: sorted[item.entry], task: sorted[item.entry].body.tasks[item.task])
            return matches(found) ? found : nil
        }
    }

    func matches(_ found: Found) -> Bool {
        switch state {
        case .open where found.task.isDone, .done where !found.task.isDone: return false
        default: break
        }
        if importantOnly && !found.task.isImportant { return false }
        if let author {
            if let assignee = found.task.assignee { return assignee == author }
            return found.entry.authors.contains(author)
        }
        return true
    }

    /// `[ ] ! call the landlord about the boiler  due 2026-11-20 (overdue)  → jonas  entries/…:12`
    public static func line(_ found: Found, today: CalendarDay) -> String {
        let task = found.task
        var parts = [(task.isDone ? "[x]" : "[ ]") + (task.isImportant ? " !" : "") + " " + task.text]
        if let due = task.due { parts.append("due \(due)" + (!task.isDone && due < today ? " (overdue)" : "")) }
        if let assignee = task.assignee { parts.append("→ \(assignee)") }
        if found.entry.isPrivate { parts.append("[private]") }
        if found.entry.isDraft { parts.append("[draft]") }
        parts.append(found.place)
        return parts.joined(separator: "  ")
    }

    /// One JSON object per task, keys sorted, for scripts and editors.
    public static func json(_ found: [Found], today: CalendarDay) -> String {
        let items: [[String: Any]] = found.map { found in
            var item: [String: Any] = [
                "text": found.task.text, "done": found.task.isDone, "important": found.task.isImportant,
                "path": "entries/" + found.entry.relativePath, "line": found.task.line, "anchor": found.task.anchor,
                "entry": found.entry.title, "private": found.entry.isPrivate, "draft": found.entry.isDraft,
            ]
            if let due = found.task.due {
                item["due"] = due.description
                item["overdue"] = !found.task.isDone && due < today
            }
            if let assignee = found.task.assignee { item["assignee"] = assignee }
            if let parent = found.task.parent { item["parent"] = parent }
            if !found.entry.authors.isEmpty { item["authors"] = found.entry.authors }
            return item
        }
        let data = try! JSONSerialization.data(withJSONObject: items, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}

extension JournalWorkspace {
    /// Ticks (or unticks) the task that starts on `line` of the entry at `path`, changing only the
    /// character in its box, and replaces the file in one step. Refused, with the line, unless the
    /// line is one of the entry's tasks and reading the file again finds exactly that change.
    public func setTask(done: Bool, path: String, line: Int, diagnostics: DiagnosticsEngine) -> TaskItem? {
        let display = paths.display(path: URL(fileURLWithPath: path).standardizedFileURL.path)
        func refuse(_ message: String, _ at: Int) -> TaskItem? {
            diagnostics.error(message + "; the file was left as it was", at: SourceLocation(path: display, line: at, column: 1))
            return nil
        }
        guard let before = entry(at: path, diagnostics: diagnostics) else { return nil }
        guard let task = before.body.tasks.first(where: { $0.line == line }) else {
            let near = before.body.tasks.map(\.line).min { abs($0 - line) < abs($1 - line) }
            return refuse("line \(line) is not a task of the entry (an item in a code block or a quote is not one)" + (near.map { "; the nearest task is on line \($0)" } ?? "; it has no tasks"), line)
        }
        guard let data = FileIO.read(path), let text = String(data: data, encoding: .utf8) else { return refuse("cannot read the file as UTF-8 text", line) }
        let edited: String
        switch TaskEditor.setDone(done, line: line, in: text) {
        case .success(let result): edited = result
        case .failure(let refusal): return refuse(refusal.message, refusal.line)
        }
        // Read back: the same tasks, this one ticked, nothing else.
        let check = DiagnosticsEngine()
        guard let after = EntryParser(config: config).parse(text: edited, fileName: (path as NSString).lastPathComponent, filePath: before.filePath,
                                                            displayPath: display, relativePath: before.relativePath, diagnostics: check) else {
            return refuse("the edited file would not read back", line)
        }
        var expected = before.body.tasks
        if let index = expected.firstIndex(where: { $0.line == line }) { expected[index].isDone = done }
        guard after.body.tasks == expected else { return refuse("ticking this box would change more than this task (ambiguous Markdown around it)", line) }
        guard replace(path, with: edited) else { return refuse("cannot write the file", line) }
        var changed = task
        changed.isDone = done
        return changed
    }
}
