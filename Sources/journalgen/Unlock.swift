import ArgumentParser
import Foundation
import JournalgenKit

extension Journalgen {
    struct Unlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlock",
            abstract: "Decrypt a private page of a built site, to check what readers with the passphrase see.",
            discussion: """
                PAGE is a lock screen's file or folder in the built site, or its URL (looked up in \
                --site). Prints the page's title and the HTML it opens to. The passphrase comes from \
                \(Passphrase.environmentName) or is asked for. Exits 1 when it does not open the page.

                Examples:
                  journalgen unlock _site/private/                       # the list of private entries
                  journalgen unlock https://example.org/private/3f9c0a1b2c3d4e5f/ --site public
                """)

        @Argument(help: ArgumentHelp("A lock screen: file, folder, or URL.", valueName: "page"), completion: .file())
        var page: String

        @Option(help: ArgumentHelp("The built site, for a URL.", valueName: "dir"), completion: .directory)
        var site = "_site"

        func run() throws {
            let file = Self.localFile(for: page, site: site)
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw ValidationError("cannot read \(file); expected a page of the built site")
            }
            guard let passphrase = Passphrase.fromEnvironment ?? Passphrase.ask("Passphrase: ") else {
                throw ValidationError("no passphrase: set \(Passphrase.environmentName) or run in a terminal")
            }
            switch LockedPageOpener.open(file: file, passphrase: passphrase) {
            case .success(let opened):
                print("<!-- \(opened.title) -->")
                print(opened.html.trimmingCharacters(in: .whitespacesAndNewlines))
            case .failure(let failure):
                FileHandle.standardError.write(Data("\(file): error: \(failure)\n".utf8))
                throw ExitCode(1)
            }
        }

        /// A URL's path inside `site` (the base path of a site in a sub-folder, such as /journal/,
        /// is found by dropping leading folders until a page is there); a folder's index.html.
        static func localFile(for page: String, site: String) -> String {
            func withIndex(_ path: String) -> String {
                var isDirectory: ObjCBool = false
                if path.hasSuffix("/") { return path + "index.html" }
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path + "/index.html" }
                return path
            }
            guard let url = URL(string: page), let scheme = url.scheme, scheme.hasPrefix("http") else { return withIndex(page) }
            let parts = url.path.split(separator: "/").map(String.init)
            let folder = url.path.hasSuffix("/") ? "/" : ""
            for start in parts.indices {
                let candidate = withIndex(site + "/" + parts[start...].joined(separator: "/") + folder)
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
            }
            return withIndex(site + url.path)
        }
    }
}
