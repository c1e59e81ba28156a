import ArgumentParser
import Foundation
import JournalgenKit

extension Journalgen {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Start a new journal: journal.yaml, a welcome entry, a .gitignore, and git.",
            discussion: """
                Writes journal.yaml (every key explained in comments), entries/YYYY/YYYY-MM-DD-welcome.md \
                and a .gitignore for the built site and the cache, then runs `git init` unless the \
                folder is already in a git repository. A folder that has a journal.yaml is left alone.

                Examples:
                  journalgen init my-journal
                  journalgen init . --title "Small Hours" --timezone Europe/Berlin
                """)

        @Argument(help: ArgumentHelp("The folder (created if needed).", valueName: "dir"), completion: .directory)
        var folder = "."

        @Option(help: ArgumentHelp("The journal's title (default: from the folder's name).", valueName: "title"))
        var title: String?

        @Option(help: ArgumentHelp("An IANA time zone (default: this computer's).", valueName: "zone"))
        var timezone: String?

        @Flag(help: "Do not run git init.")
        var noGit = false

        @Option(help: ArgumentHelp("The welcome entry's day, YYYY-MM-DD (default: today).", valueName: "day"))
        var today: String?

        func run() throws {
            let zoneName = timezone ?? TimeZone.current.identifier
            guard let zone = TimeZone(identifier: zoneName) else {
                throw ValidationError("--timezone '\(zoneName)' is not a time zone; expected an IANA name such as Europe/Berlin")
            }
            let root = URL(fileURLWithPath: folder).standardizedFileURL
            let name = root.lastPathComponent.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
            let scaffold = JournalScaffold(title: title ?? (name.prefix(1).uppercased() + name.dropFirst()), timeZone: zoneName,
                                           today: try day(today, option: "--today", zone: zone))
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let written: [String]
            do { written = try scaffold.write(to: root.path) } catch { throw ValidationError(error.description) }
            print("Created a journal in \(folder):")
            for path in written { print("  \(path)") }
            if !noGit {
                switch Git.initialise(root) {
                case .created: print("  .git (git init)")
                case .alreadyInRepository: print("  (already in a git repository)")
                case .unavailable: print("  (git is not installed: no repository made)")
                }
            }
            print("Next: \(folder == "." ? "" : "cd \(folder) && ")journalgen new \"A title\", then journalgen build")
        }
    }
}

enum Git {
    enum Outcome { case created, alreadyInRepository, unavailable }

    static func initialise(_ folder: URL) -> Outcome {
        if run(["-C", folder.path, "rev-parse", "--is-inside-work-tree"]) == 0 { return .alreadyInRepository }
        return run(["init", "-q", folder.path]) == 0 ? .created : .unavailable
    }

    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
