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
        var previous: [(Int32, sigaction)] = []
        if hasTerminal {
            EchoOff.saved = saved
            EchoOff.isOff = true
            // Stopped while the passphrase is typed (Ctrl-C, a closed window, kill), the terminal
            // gets its echo back: it stayed off after journalgen had ended, as if the shell were
            // broken. serve, which takes these signals on a thread of its own, calls
            // `restoreTerminal` as it stops.
            // One ignored (nohup, a background job) stays ignored.
            for number in StopSignals.all where !StopSignals.isIgnored(number) {
                var action = sigaction(), old = sigaction()
                action.__sigaction_handler.sa_handler = { number in
                    Passphrase.restoreTerminal()
                    signal(number, SIG_DFL)
                    raise(number)
                }
                sigemptyset(&action.sa_mask)
                if sigaction(number, &action, &old) == 0 { previous.append((number, old)) }
            }
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if hasTerminal {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
                EchoOff.isOff = false
                for (number, old) in previous {
                    var old = old
                    sigaction(number, &old, nil)
                }
            }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }

    /// Whether a passphrase is being asked for now.
    static var isAsking: Bool { EchoOff.isOff }

    /// Puts the terminal's echo back if a passphrase is being typed (only async-signal-safe calls).
    static func restoreTerminal() {
        guard EchoOff.isOff else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &EchoOff.saved)
        EchoOff.isOff = false
    }

    /// The terminal's settings from before echo was turned off, for a stop in the middle of a
    /// prompt: one prompt at a time, read by a signal handler (no lock can be taken there).
    private enum EchoOff {
        nonisolated(unsafe) static var saved = termios()
        nonisolated(unsafe) static var isOff = false
    }
}
