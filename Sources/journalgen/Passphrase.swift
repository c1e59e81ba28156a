import ArgumentParser
import Foundation
import JournalgenKit
#if canImport(Glibc)
import Glibc
#endif

/// The passphrase of private entries: from JOURNALGEN_PASSPHRASE, or typed on the terminal
/// without echo. Never from a file, which could end up committed with the journal.
enum Passphrase {
    static let environmentName = "JOURNALGEN_PASSPHRASE"

    static var fromEnvironment: String? {
        ProcessInfo.processInfo.environment[environmentName].flatMap { $0.isEmpty ? nil : $0 }
    }

    static let keyCacheName = "JOURNALGEN_KEY_CACHE"

    /// How long the derived key stays in the user's keyring after a build (KeyAgent): seconds,
    /// 900 when unset, 0 or "off" for never (which also removes a kept one).
    static func keyAgent() throws -> KeyAgent {
        guard let value = ProcessInfo.processInfo.environment[keyCacheName]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return KeyAgent()
        }
        if ["off", "no", "false"].contains(value.lowercased()) { return KeyAgent(seconds: 0) }
        guard let seconds = Int(value), seconds >= 0 else {
            throw ValidationError("\(keyCacheName)='\(value)' is not a number of seconds; expected a whole number such as 900, or 0 or off to keep no key")
        }
        return KeyAgent(seconds: seconds)
    }

    /// Asks twice for a journal without private pages yet, so a typo does not lock its readers out.
    @Sendable static func obtain(isNew: Bool) -> String? {
        if let value = fromEnvironment { return value }
        guard isatty(STDIN_FILENO) != 0 else { return nil }
        guard let first = ask(isNew ? "New passphrase for the private entries: " : "Passphrase for the private entries: ") else { return nil }
        if isNew {
            guard ask("The same passphrase again: ") == first else {
                FileHandle.standardError.write(Data("The two passphrases differ.\n".utf8))
                return nil
            }
        }
        return first
    }

    static func ask(_ prompt: String) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if hasTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if hasTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}
