import ArgumentParser
import JournalgenKit

/// Every command names itself (`commandName`): a name derived from the type's made the argument
/// parser describe each type at each start, a search through the binary's protocol conformances
/// (2 ms of every run, of a build after an edit too).
@main
struct Journalgen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journalgen",
        abstract: "Turns a folder of Markdown diary and travel entries into a static website.",
        discussion: """
            A journal is a folder with journal.yaml and entries/*.md. Start with:
              journalgen init my-journal         # a new journal, with git
              journalgen new "A title"           # a new entry, in your editor
              journalgen mood good               # a quick mood log
              journalgen build my-journal        # writes my-journal/_site
              journalgen check my-journal        # reports problems, writes nothing

            Shell completions: journalgen --generate-completion-script bash|zsh|fish
            """,
        version: JournalgenVersion.current,
        subcommands: [Init.self, Import.self, New.self, Mood.self, Moods.self, Due.self, Revisit.self, Glory.self, List.self, Tasks.self, Done.self, Undo.self,
                      Build.self, Serve.self, Check.self, Unlock.self],
        defaultSubcommand: nil)
}
