import ArgumentParser
import Foundation
import JournalgenKit

extension Journalgen {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List entries, newest first, filtered as on the site's Find page.",
            discussion: """
                Filters combine (all must match). Drafts and private entries are listed too, marked. \
                --json prints an array of objects (title, date, path, mood, theme, trip, place, tags, \
                authors, private, draft) for scripts.

                Examples:
                  journalgen list --year 2026 --mood good
                  journalgen list --tag hike --json | jq -r '.[].path'
                """)

        @Option(help: ArgumentHelp("A mood: value, label or number.", valueName: "mood")) var mood: String?
        @Option(help: ArgumentHelp("A tag.", valueName: "tag")) var tag: String?
        @Option(help: ArgumentHelp("A trip id.", valueName: "id")) var trip: String?
        @Option(help: ArgumentHelp("A year.", valueName: "year")) var year: Int?
        @Option(help: ArgumentHelp("A theme variant.", valueName: "variant")) var theme: String?
        @Option(help: ArgumentHelp("An author's id or name (journal.yaml authors:).", valueName: "id")) var author: String?
        @Flag(help: "Print JSON.") var json = false

        @OptionGroup var workspace: WorkspaceOptions

        func run() throws {
            let journal = try workspace.open()
            if let mood, MoodLogWriter.level(mood, in: journal.config.moods) == nil {
                throw ValidationError("--mood '\(mood)' is not on the journal's scale; expected one of \(journal.config.moods.levels.map(\.value).joined(separator: ", "))")
            }
            let authorID = try author.map { try journal.authorOrExit($0, option: "--author").id }
            let diagnostics = DiagnosticsEngine()
            let entries = journal.load(diagnostics: diagnostics).entries
            try report(diagnostics)
            var query = EntryQuery(mood: mood, tag: tag, trip: trip, year: year, theme: theme)
            query.author = authorID
            let found = query.run(entries, scale: journal.config.moods)
            if json {
                print(EntryQuery.json(found))
            } else {
                for entry in found { print(EntryQuery.line(entry)) }
            }
        }
    }
}
