import ArgumentParser
import Foundation
import JournalgenKit

extension Journalgen {
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Build the journal, serve it on this computer and rebuild on every save, with live reload.",
            discussion: """
                Open the address it prints in a browser and write: each save rebuilds what changed \
                and reloads the pages that changed, keeping their scroll position. A build error \
                shows over the last good page until it is fixed. The site is built in \
                JOURNAL/.journalgen-cache/serve/, never in _site/, and the live-reload script is \
                only added by the server: `journalgen build` output never contains it. \
                Ctrl-C, `kill` or closing the terminal stop it and keep what the next `serve` \
                starts from (under `nohup`, closing the terminal leaves it serving).

                Examples:
                  journalgen serve                       # the journal in this folder, http://localhost:8000/
                  journalgen serve my-journal --port 8080 --drafts --open
                """)

        @OptionGroup var journal: JournalOptions

        @Option(help: ArgumentHelp("The port to listen on.", valueName: "port"))
        var port: Int = 8000

        @Option(help: ArgumentHelp("The address to listen on; 0.0.0.0 lets other devices of the network in.", valueName: "address"))
        var bind: String = "127.0.0.1"

        @Flag(help: "Open the site in the default browser once it is built.")
        var open = false

        func run() throws {
            // Before any thread is made, so that every thread inherits it (see StopSignals).
            StopSignals.block()
            guard let port = UInt16(exactly: port), port > 0 else {
                throw ValidationError("--port \(self.port) is not a port; expected a number from 1 to 65535")
            }
            var options = try journal.buildOptions()
            let root = options.journal.standardizedFileURL
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent("journal.yaml").path) else {
                throw ValidationError("\(journal.journal) has no journal.yaml; expected a journal folder (journalgen init makes one)")
            }
            let host = bind == "127.0.0.1" || bind == "0.0.0.0" || bind == "::1" || bind == "::" ? "localhost" : bind
            let address = "http://\(host):\(port)/"
            options.output = URL(fileURLWithPath: CacheFolder.path(journal: root.path) + "/serve/site")
            options.baseURL = address
            options.session = BuildSession()
            // Asked once, on the first build that needs it, and kept for the rebuilds.
            let passphrase = Remembered<String?>()
            options.passphrase = { isNew in passphrase.value { Passphrase.obtain(isNew: isNew) } }

            let live = LiveReload()
            let server: SiteServer
            do {
                server = try SiteServer(site: options.outputFolder, host: bind, port: port, live: live)
            } catch {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                throw ExitCode(1)
            }
            // A line that cannot be written (the terminal was closed) is lost, not a crash.
            let say: @Sendable (String) -> Void = { line in try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8)) }
            let loop = ServeLoop(options: options, live: live, address: address, say: say)
            loop.showStages = journal.timings
            // Every folder is watched before the first build: a save made while it runs, or once
            // it is done, is seen (and waits for it).
            let watcher = FileWatcher(root: root.path, ignoring: [root.appendingPathComponent("_site").path])
            watcher.start { changes in loop.build(after: changes) }
            // Ctrl-C, `kill`, and the terminal closing (SIGHUP: a writer who closes the window
            // rather than pressing Ctrl-C) all stop it the same way, from the first build on: the
            // entry cache saved and the site's spare kept, so the next `serve` starts in a second,
            // not from a half-made folder.
            StopSignals.wait { number in
                // The first build waits for the passphrase: nothing to finish or keep yet.
                if Passphrase.isAsking {
                    Passphrase.restoreTerminal()
                    Foundation.exit(128 + number)
                }
                watcher.stop()
                if loop.isBuilding {
                    say("Stopping once the build in progress is done (Ctrl-C again stops at once)")
                    StopSignals.wait { Foundation.exit(128 + $0) }
                }
                loop.finish()
                say("Stopped.")
                Foundation.exit(0)
            }
            loop.build()

            let display = options.paths.display(root)
            Task {
                do {
                    try await server.run()
                } catch {
                    FileHandle.standardError.write(Data("error: the server stopped: \(error)\n".utf8))
                    Foundation.exit(1)
                }
            }
            Task {
                try? await server.waitUntilListening()
                say("Serving \(address) (Ctrl-C stops); watching \(display) for changes")
                if open { Self.openBrowser(address) }
            }
            // Not `dispatchMain()`: it parks this thread with every signal let through, and the
            // kernel then gave Ctrl-C to it, to end the process, not to StopSignals. Nothing here
            // needs the main queue.
            while true { pause() }
        }

        static func openBrowser(_ address: String) {
            let opener = ["/usr/bin/xdg-open", "/usr/bin/open"].first { FileManager.default.isExecutableFile(atPath: $0) }
            guard let opener else { return }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [address]
            try? process.run()
        }
    }
}

/// A value computed once, on first use, from any thread.
final class Remembered<Value: Sendable>: @unchecked Sendable {
    private var stored: Value?
    private var done = false
    private let lock = NSLock()

    func value(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if !done { stored = make(); done = true }
        return stored!
    }
}
