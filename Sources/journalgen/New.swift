import ArgumentParser
import Foundation
import JournalgenKit

extension Journalgen {
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Write a new entry: pick the date, mood, theme, trip and place, then your editor opens.",
            discussion: """
                On a terminal, journalgen asks for what the options do not give (Enter keeps the \
                default or skips), then opens $VISUAL or $EDITOR on the new file. Without a terminal \
                it asks nothing and only writes the file. The file is entries/YYYY/YYYY-MM-DD-slug.md; \
                an existing file is never overwritten (-2, -3, … are added). --media copies files \
                into the entry's folder beside it.

                Examples:
                  journalgen new "Up the mountain of ten thousand gates"
                  journalgen new Fog --mood so-so --tag autumn --tag walk --no-edit
                  journalgen new "Day two" --date "2026-04-02 18:20" --trip japan-2026 --place Kyoto --media ~/Photos/torii.jpg
                """)

        @Argument(help: "The title (words are joined with spaces).")
        var title: [String] = []

        @Option(help: ArgumentHelp("When: YYYY-MM-DD, YYYY-MM-DD HH:MM or ISO 8601 (default: now).", valueName: "date"))
        var date: String?

        @Option(help: ArgumentHelp("A mood of the journal's scale: its value, label or number (1 = best).", valueName: "mood"))
        var mood: String?

        @Option(help: ArgumentHelp("A colour variant of the theme (paper, forest, ocean, night).", valueName: "variant"))
        var theme: String?

        @Option(help: ArgumentHelp("The trip's id, such as japan-2026.", valueName: "id"))
        var trip: String?

        @Option(help: ArgumentHelp("Where: a place name.", valueName: "name"))
        var place: String?

        @Option(name: .customLong("tag"), help: ArgumentHelp("A tag (repeat for more).", valueName: "tag"))
        var tags: [String] = []

        @Option(help: ArgumentHelp("Who writes it: an author's id or name (default: JOURNALGEN_AUTHOR, git's user.name, or the journal's default author).", valueName: "id"))
        var author: String?

        @Flag(name: .customLong("private"), help: "Mark the entry private (published encrypted).")
        var isPrivate = false

        @Option(parsing: .upToNextOption, help: ArgumentHelp("Photos, videos or GPX files to copy into the entry's folder.", valueName: "file"),
                completion: .file())
        var media: [String] = []

        @Flag(help: "Do not open an editor.")
        var noEdit = false

        @OptionGroup var workspace: WorkspaceOptions

        func run() throws {
            let journal = try workspace.open()
            let config = journal.config
            let ask = isInteractive ? Prompter() : nil
            for file in media where !FileManager.default.isReadableFile(atPath: file) {
                throw ValidationError("--media '\(file)' cannot be read; expected a photo, video or GPX file")
            }

            // In a journal written together: who writes this one (asked when nothing says).
            var writer = try journal.writer(author)
            let people = config.authors.all
            if author == nil, people.count > 1, let ask {
                let suggested = writer ?? config.authors.defaultID.flatMap { config.authors[$0] }
                let picked = ask.choice("Author" + (suggested.map { " [\($0.name)]" } ?? ""), people.map(\.name))
                writer = picked.map { people[$0] } ?? suggested
            }

            var titleText = title.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            if titleText.isEmpty, let ask { titleText = ask.line("Title", default: nil) ?? "" }

            var dateText = date
            if dateText == nil, let ask {
                let now = EntryDate(Date(), zone: config.timeZone)
                dateText = ask.line("Date", default: now.dayAndMinute)
            }
            let when = try moment(dateText, option: "--date", zone: config.timeZone)

            var moodLevel: MoodLevel?
            if let mood {
                guard let level = MoodLogWriter.level(mood, in: config.moods) else {
                    throw ValidationError("--mood '\(mood)' is not on the journal's scale; expected one of \(config.moods.levels.map(\.value).joined(separator: ", "))")
                }
                moodLevel = level
            } else if let ask {
                let levels = config.moods.levels
                moodLevel = ask.choice("Mood", levels.map { "\($0.emoji) \($0.label)" }).map { levels[$0] }
            }

            let variants = themeVariants(journal)
            var variant = theme
            if let theme, !variants.isEmpty, !variants.contains(theme) {
                throw ValidationError("--theme '\(theme)' is not a variant of the theme '\(config.theme)'; expected one of \(variants.joined(separator: ", "))")
            }
            if variant == nil, let ask, !variants.isEmpty { variant = ask.choice("Theme", variants).map { variants[$0] } }

            var tripID = trip, placeName = place
            if tripID == nil, let ask { tripID = ask.line("Trip (an id such as japan-2026)", default: nil) }
            if placeName == nil, let ask { placeName = ask.line("Place", default: nil) }

            var entry = NewEntry(title: titleText.isEmpty ? nil : titleText, date: when)
            entry.mood = moodLevel?.value
            entry.theme = variant
            entry.trip = tripID.flatMap { $0.isEmpty ? nil : $0 }
            entry.place = placeName
            entry.tags = tags
            entry.isPrivate = isPrivate
            if let writer, people.count > 1 || writer.id != config.authors.defaultID { entry.authors = [writer.id] }
            let path: String
            do { path = try entry.write(journal: journal.root.path, mediaFiles: media) } catch { throw ValidationError(error.description) }
            let shown = DisplayPaths().display(path: path)
            print("Created \(shown)")
            if ask != nil && !noEdit { try openEditor(path) }
        }

        func themeVariants(_ journal: JournalWorkspace) -> [String] {
            Theme.load(name: journal.config.theme, assets: AssetSource(journal: journal.root), paths: journal.paths,
                       configLocation: SourceLocation(path: JournalConfig.fileName), diagnostics: DiagnosticsEngine())?.variants ?? []
        }

        /// $VISUAL, else $EDITOR, run by the shell as git runs them; without either, the path is enough.
        func openEditor(_ path: String) throws {
            let environment = ProcessInfo.processInfo.environment
            guard let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
                print("Set $EDITOR to have it opened next time.")
                return
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", editor + " \"$1\"", "journalgen", path]
            try process.run()
            process.waitUntilExit()
        }
    }
}

/// Questions on the terminal: a line of text with a default, or a numbered choice.
struct Prompter {
    func line(_ question: String, default value: String?) -> String? {
        print(question + (value.map { " [\($0)]" } ?? " (optional)") + ": ", terminator: "")
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces) else { return value }
        return answer.isEmpty ? value : answer
    }

    /// The index chosen, or nil for none (Enter).
    func choice(_ question: String, _ options: [String]) -> Int? {
        print(question + ": " + options.enumerated().map { "\($0 + 1) \($1)" }.joined(separator: "  "))
        while true {
            print("  number, or Enter for none: ", terminator: "")
            guard let answer = readLine()?.trimmingCharacters(in: .whitespaces), !answer.isEmpty else { return nil }
            if let n = Int(answer), n >= 1, n <= options.count { return n - 1 }
            if let n = options.firstIndex(where: { $0.lowercased().hasSuffix(answer.lowercased()) }) { return n }
            print("  \(answer) is not one of them.")
        }
    }
}
