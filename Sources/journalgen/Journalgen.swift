import ArgumentParser
import JournalgenKit

@main
struct Journalgen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journalgen",
        abstract: "Turns a folder of Markdown diary and travel entries into a static website.",
        discussion: """
            A journal is a folder with journal.yaml and entries/*.md. Start with:
              journalgen build my-journal        # writes my-journal/_site
              journalgen check my-journal        # reports problems, writes nothing
            """,
        version: JournalgenVersion.current,
        subcommands: [Build.self, Check.self, Unlock.self],
        defaultSubcommand: nil)
}
