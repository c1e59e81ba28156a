import ArgumentParser
import Foundation
import JournalgenKit

extension Journalgen {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Build the journal's website.",
            discussion: """
                The site is built in a folder beside the output and swapped in only when the whole \
                build succeeded: a failed build leaves the previous site untouched. Errors are \
                printed as path:line:column: error: message, all of them at once.

                Examples:
                  journalgen build                         # the journal in this folder -> ./_site
                  journalgen build my-journal -o public    # -> public/
                  journalgen build --drafts --base-url http://localhost:8000/
                  JOURNALGEN_PASSPHRASE=... journalgen build    # encrypts private entries without asking

                Private entries are encrypted with the passphrase from JOURNALGEN_PASSPHRASE, or \
                typed in when asked (twice the first time); without one the build stops, unless \
                --skip-private leaves them out. On Linux the key derived from it stays in your \
                user's kernel keyring for 15 minutes after the last build (JOURNALGEN_KEY_CACHE: \
                seconds, or 0 to keep none), so later builds skip that tenth of a second.
                """)

        @OptionGroup var journal: JournalOptions

        @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the site (default: JOURNAL/_site).", valueName: "dir"),
                completion: .directory)
        var output: String?

        @Option(help: ArgumentHelp("Override journal.yaml's base_url, e.g. for a local preview.", valueName: "url"))
        var baseURL: String?

        @Flag(help: "Link every page relative to itself, so the site opens from the disk without a web server (journal.yaml: relative_links: true).")
        var relativeLinks = false

        @Flag(name: .shortAndLong, help: "Print only errors and warnings.")
        var quiet = false

        @Flag(help: "Build from nothing: neither read nor trust .journalgen-cache/'s entries and page fingerprints (photos already made are still reused).")
        var noCache = false

        func run() throws {
            AllocatorPolicy.apply()
            var options = try journal.buildOptions()
            options.output = output.map { URL(fileURLWithPath: $0) }
            options.baseURL = baseURL
            options.relativeLinks = relativeLinks
            options.useCache = !noCache
            options.showProgress = !quiet && isatty(STDERR_FILENO) != 0
            options.processEndsAfter = true
            let report = BuildPipeline(options: options).run()
            try finish(report, options: options, quiet: quiet, timings: journal.timings)
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Load and render the whole journal without writing anything; report every problem.",
            discussion: """
                Besides what a build reports (every error of every entry, links between entries that \
                lead nowhere), check looks at the rendered site's own links, files in the entries' \
                folders and media/ that no entry uses, entries written twice, and entries dated after \
                the build day. Exits 0 when the journal would build, 1 otherwise. --format json prints \
                the problems as a list for editors and CI.

                --external also asks every web address the entries and trips link to whether it \
                still answers (HEAD, then GET), a few at a time; addresses that answered in the last \
                week are remembered in .journalgen-cache/ and not asked again. A page that is gone \
                (404, 410, 5xx) or a host that cannot be reached is an error; a server that refuses \
                programs (401, 403, 429) or does not answer in time is a warning. Builds never touch \
                the network.

                Examples:
                  journalgen check my-journal --strict
                  journalgen check --format json | jq '.[] | select(.severity == "error")'
                  journalgen check --external --timeout 20 --concurrency 4
                """)

        enum Format: String, ExpressibleByArgument { case text, json }

        @Option(help: ArgumentHelp("text (file:line:column: …) or json.", valueName: "format")) var format: Format = .text

        @Flag(help: "Also check links to web addresses over HTTP (off by default).") var external = false

        @Option(help: ArgumentHelp("With --external: seconds to wait for each address.", valueName: "seconds")) var timeout: Double = 10

        @Option(help: ArgumentHelp("With --external: requests in flight at once.", valueName: "n")) var concurrency: Int = 8

        @OptionGroup var journal: JournalOptions

        func validate() throws {
            guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds") }
            guard concurrency >= 1 else { throw ValidationError("--concurrency must be at least 1") }
        }

        func run() throws {
            var options = try journal.buildOptions()
            options.writeOutput = false
            if external { options.externalLinks = ExternalLinkOptions(timeout: timeout, concurrency: concurrency) }
            // Checking needs no passphrase: without one, private entries are read and checked, not sealed.
            if Passphrase.fromEnvironment == nil { options.skipPrivate = true }
            let report = BuildPipeline(options: options).run()
            guard format == .json else { return try finish(report, options: options, quiet: false, timings: journal.timings) }
            let items: [[String: Any]] = report.diagnostics.map { diagnostic in
                [
                    "severity": diagnostic.severity.rawValue, "message": diagnostic.message, "file": diagnostic.location.path,
                    "line": diagnostic.location.line, "column": diagnostic.location.column,
                ]
            }
            let data = try JSONSerialization.data(withJSONObject: items, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
            if let summary = report.externalLinks { FileHandle.standardError.write(Data((summary + "\n").utf8)) }
            if !report.succeeded { throw ExitCode(1) }
        }
    }
}
