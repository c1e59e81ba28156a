import ArgumentParser
import Foundation
import JournalgenKit

extension ImportSource: ExpressibleByArgument {}

extension Journalgen {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Bring a diary in from Day One, Daylio or jrnl.",
            discussion: """
                dayone: Day One's JSON export, the .zip or its unpacked folder. daylio: \
                daylio_export.csv. jrnl: the output of `jrnl --export json`. Nothing is written \
                over an existing file, an entry imported before is not imported again (each \
                remembers its source in `imported:`), and a malformed export writes nothing. \
                --dry-run prints what would be written.

                Examples:
                  journalgen import dayone ~/Downloads/Export.zip --dry-run
                  journalgen import daylio daylio_export.csv --map rad=amazing,meh=so-so
                  jrnl --export json > jrnl.json && journalgen import jrnl jrnl.json --author ana
                """)

        @Argument(help: "Where from: dayone, daylio or jrnl.") var source: ImportSource
        @Argument(help: "The export file (or Day One's unpacked folder).", completion: .file()) var file: String
        @Flag(help: "Print what would be written; write nothing.") var dryRun = false
        @Option(help: ArgumentHelp("Whose entries and moods these are: an author's id or name.", valueName: "id")) var author: String?
        @Option(help: ArgumentHelp("Day One: put the entries on this trip (its id, such as japan-2026).", valueName: "id")) var trip: String?
        @Option(help: ArgumentHelp("Daylio: mood names onto the journal's levels, such as rad=amazing,meh=so-so.", valueName: "pairs")) var map: String?

        @OptionGroup var workspace: WorkspaceOptions

        func run() throws {
            let journal = try workspace.open()
            let authorID = try author.map { try journal.authorOrExit($0, option: "--author").id }
            if let trip, Slug.make(trip) != trip {
                throw ValidationError("--trip '\(trip)' is not an id; expected lower-case words joined by '-', such as \(Slug.make(trip).isEmpty ? "japan-2026" : Slug.make(trip))")
            }
            var moodMap: [String: String] = [:]
            if let map {
                switch ImportSource.moodMap(map, scale: journal.config.moods) {
                case .success(let parsed): moodMap = parsed
                case .failure(let problem): throw ValidationError(problem.message)
                }
            }
            // On a terminal, Daylio moods the defaults and --map leave out are asked for.
            if source == .daylio, isInteractive, let data = FileManager.default.contents(atPath: file) {
                let levels = journal.config.moods.levels
                let probe = DaylioImporter(context: ImportContext(config: journal.config, displayPath: file, moodMap: moodMap))
                for name in probe.unplacedMoods(data) {
                    guard let chosen = Prompter().choice("Daylio's mood '\(name)' is which level", levels.map { "\($0.emoji) \($0.label)" }) else { continue }
                    moodMap[name] = levels[chosen].value
                }
            }
            let context = ImportContext(config: journal.config, displayPath: DisplayPaths().display(path: URL(fileURLWithPath: file).standardizedFileURL.path),
                                        author: authorID, trip: trip, moodMap: moodMap)
            let diagnostics = DiagnosticsEngine()
            let (plan, cleanup) = source.plan(file, context: context, diagnostics: diagnostics)
            defer { cleanup() }
            if diagnostics.hasErrors {
                DiagnosticPrinter().print(diagnostics.diagnostics)
                print("Nothing was imported: the export has \(diagnostics.errorCount) problem\(diagnostics.errorCount == 1 ? "" : "s").")
                throw ExitCode(1)
            }
            try report(diagnostics)
            let summary: ImportWriter.Summary
            do { summary = try ImportWriter(journal: journal.root.path).apply(plan, dryRun: dryRun) } catch { throw ValidationError(error.description) }
            if dryRun { for path in summary.written { print("would write \(path)") } }
            print(summary.line(dryRun: dryRun))
            if !dryRun && summary.entries + summary.moods > 0 { print("Next: journalgen check, then journalgen build.") }
        }
    }
}
