import ArgumentParser
import Foundation
import JournalgenKit

extension Journalgen {
    struct Tasks: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tasks",
            abstract: "List the task-list items of every entry: open ones first, the important on top.",
            discussion: """
                An item is a Markdown task (`- [ ] text`); `!` at its start makes it important, \
                `(due YYYY-MM-DD)` gives it a day and `@id` assigns it to an author of journal.yaml. \
                Each line ends with FILE:LINE, which `journalgen done` and `undo` take. Drafts and \
                private entries are listed too, marked. --json prints an array of objects for scripts.

                Examples:
                  journalgen tasks --open --important
                  journalgen tasks --author jonas --json
                """)

        @Flag(help: "Only open tasks.") var open = false
        @Flag(help: "Only done tasks.") var done = false
        @Flag(help: "Only important tasks (starting with !).") var important = false
        @Option(help: ArgumentHelp("Tasks assigned to this author, or unassigned in their entries.", valueName: "id")) var author: String?
        @Option(help: ArgumentHelp("The day overdue is counted from, YYYY-MM-DD (default: today).", valueName: "day")) var today: String?
        @Flag(help: "Print JSON.") var json = false

        @OptionGroup var workspace: WorkspaceOptions

        func validate() throws {
            if open && done { throw ValidationError("--open and --done exclude each other; expected one of them, or neither for both") }
        }

        func run() throws {
            let journal = try workspace.open()
            let asOf = try day(today, option: "--today", zone: journal.config.timeZone)
            let authorID = try author.map { try journal.authorOrExit($0, option: "--author").id }
            let diagnostics = DiagnosticsEngine()
            let entries = journal.load(diagnostics: diagnostics).entries
            try report(diagnostics)
            let query = TaskQuery(state: open ? .open : done ? .done : .any, importantOnly: important, author: authorID)
            let found = query.run(entries, today: asOf)
            if json {
                print(TaskQuery.json(found, today: asOf))
            } else if found.isEmpty {
                print("No tasks\(open ? " open" : done ? " done" : "") here. A task is a line such as '- [ ] ! call the landlord (due 2026-12-01)' in an entry.")
            } else {
                for item in found { print(TaskQuery.line(item, today: asOf)) }
                let openCount = found.filter { !$0.task.isDone }.count
                print("\(openCount) open, \(found.count - openCount) done")
            }
        }
    }

    struct Done: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "done",
            abstract: "Tick a task: `- [ ]` becomes `- [x]`, and nothing else in the file changes.",
            discussion: """
                TASK is FILE:LINE as `journalgen tasks` prints it, or words of the task's text that \
                match exactly one open task. The file is replaced in one step.

                Examples:
                  journalgen done entries/2026/2026-11-02-the-flat-list.md:12
                  journalgen done "call the landlord"
                """)

        @Argument(help: "FILE:LINE, or words of one open task.") var task: [String]
        @OptionGroup var workspace: WorkspaceOptions

        func run() throws { try tick(task, done: true, workspace: workspace) }
    }

    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Untick a task: `- [x]` becomes `- [ ]`, and nothing else in the file changes.",
            discussion: """
                TASK is FILE:LINE, or words of the task's text that match exactly one done task.

                Examples:
                  journalgen undo entries/2026/2026-11-02-the-flat-list.md:12
                  journalgen undo "dripping tap"
                """)

        @Argument(help: "FILE:LINE, or words of one done task.") var task: [String]
        @OptionGroup var workspace: WorkspaceOptions

        func run() throws { try tick(task, done: false, workspace: workspace) }
    }
}

/// `done` and `undo`: find the task by FILE:LINE or by its words, then change its box.
private func tick(_ words: [String], done: Bool, workspace: WorkspaceOptions) throws {
    let typed = words.joined(separator: " ")
    if let colon = typed.lastIndex(of: ":"), let line = Int(typed[typed.index(after: colon)...]),
       FileManager.default.fileExists(atPath: String(typed[..<colon])) {
        let file = String(typed[..<colon])
        let journal = try workspace.open(near: file)
        let diagnostics = DiagnosticsEngine()
        guard let task = journal.setTask(done: done, path: file, line: line, diagnostics: diagnostics) else {
            try report(diagnostics)
            throw ExitCode(1)
        }
        print("\(done ? "[x]" : "[ ]") \(task.text)  \(file):\(line)")
        return
    }
    let journal = try workspace.open()
    let diagnostics = DiagnosticsEngine()
    let entries = journal.load(diagnostics: diagnostics).entries
    try report(diagnostics)
    let wanted = typed.lowercased()
    let candidates = TaskQuery(state: done ? .open : .done).run(entries, today: journal.config.timeZone.today())
        .filter { $0.task.text.lowercased().contains(wanted) }
    guard let found = candidates.first else {
        throw ValidationError("no \(done ? "open" : "done") task says '\(typed)'; expected words of one task, or FILE:LINE as journalgen tasks prints it")
    }
    guard candidates.count == 1 else {
        let list = candidates.prefix(10).map { "  \($0.place)  \($0.task.text)" }.joined(separator: "\n")
        throw ValidationError("\(candidates.count) \(done ? "open" : "done") tasks say '\(typed)'; expected one: give more words or FILE:LINE\n\(list)")
    }
    let path = journal.root.path + "/entries/" + found.entry.relativePath
    guard let task = journal.setTask(done: done, path: path, line: found.task.line, diagnostics: diagnostics) else {
        try report(diagnostics)
        throw ExitCode(1)
    }
    print("\(done ? "[x]" : "[ ]") \(task.text)  \(found.place)")
}

extension JournalWorkspace {
    /// The author `typed` names (an id or a name), or an error that lists the known ids.
    func authorOrExit(_ typed: String, option: String) throws -> Author {
        guard let author = config.authors.named(typed) else { throw ValidationError(config.authors.unknown(typed, what: option)) }
        return author
    }

    /// Who is writing: --author, JOURNALGEN_AUTHOR, or git's user.name when it names an author.
    func writer(_ option: String?) throws -> Author? {
        guard !config.authors.all.isEmpty else {
            if let option { throw ValidationError(config.authors.unknown(option, what: "--author")) }
            return nil
        }
        switch config.authors.writer(option: option, environment: ProcessInfo.processInfo.environment["JOURNALGEN_AUTHOR"], gitName: gitUserName()) {
        case .success(let author): return author
        case .failure(let error): throw ValidationError(error.message)
        }
    }

    /// `git config user.name` in the journal, if git is there and knows one.
    func gitUserName() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "config", "user.name"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }
}
