import CKeyringShim
import Foundation
import Testing
@testable import JournalgenKit

/// The derived key kept in the user's keyring between builds (Privacy/KeyAgent.swift).
@Suite struct KeyAgentTests {
    /// A salt of its own for each test: keys of earlier runs or other tests are never found.
    static func freshSalt() -> [UInt8] { (0..<16).map { _ in UInt8.random(in: 0...255) } }

    /// Whether this machine lets a process keep keys (containers may not): a probe key, removed.
    static let keyringWorks: Bool = {
        let name = "journalgen:probe-\(UInt64.random(in: 0...UInt64.max))"
        let id = [UInt8](repeating: 7, count: 32).withUnsafeBytes { jg_key_add(name, $0.baseAddress, $0.count, 60) }
        guard id >= 0 else { return false }
        _ = jg_key_revoke(id)
        return true
    }()

    @Test func aKeptKeyIsTheDerivedOneAndIsFoundAgain() throws {
        try #require(Self.keyringWorks, "no kernel keyring here")
        let salt = Self.freshSalt()
        defer { KeyAgent.forget(passphrase: "correct horse", salt: salt) }
        #expect(!KeyAgent.holds(passphrase: "correct horse", salt: salt))
        let first = try KeyAgent(seconds: 60).keys(passphrase: "correct horse", salt: salt)
        #expect(KeyAgent.holds(passphrase: "correct horse", salt: salt))
        // Another passphrase, or the same one for another journal (salt), finds nothing.
        #expect(!KeyAgent.holds(passphrase: "correct horsf", salt: salt))
        #expect(!KeyAgent.holds(passphrase: "correct horse", salt: Self.freshSalt()))
        let again = try KeyAgent(seconds: 60).keys(passphrase: "correct horse", salt: salt)
        let derived = try PrivateKeys(passphrase: "correct horse", salt: salt)
        #expect(first.keyCheck == derived.keyCheck)
        #expect(again.keyCheck == derived.keyCheck)
        #expect(again.token("a page") == derived.token("a page"))
    }

    /// The key really comes from the keyring when one is there: a different key under the name
    /// gives different keys (and a build then refuses the passphrase, as below).
    @Test func theKeyringIsReadNotBypassed() throws {
        try #require(Self.keyringWorks, "no kernel keyring here")
        let salt = Self.freshSalt()
        let name = KeyAgent.name(passphrase: "open sesame", salt: salt)
        defer { KeyAgent.forget(passphrase: "open sesame", salt: salt) }
        let id = [UInt8](repeating: 42, count: 32).withUnsafeBytes { jg_key_add(name, $0.baseAddress, $0.count, 60) }
        #expect(id >= 0)
        let kept = try KeyAgent(seconds: 60).keys(passphrase: "open sesame", salt: salt)
        let derived = try PrivateKeys(passphrase: "open sesame", salt: salt)
        #expect(kept.keyCheck != derived.keyCheck)
    }

    @Test func turnedOffItKeepsNothingAndRemovesWhatWasKept() throws {
        try #require(Self.keyringWorks, "no kernel keyring here")
        let salt = Self.freshSalt()
        defer { KeyAgent.forget(passphrase: "tiger lily", salt: salt) }
        _ = try KeyAgent(seconds: 0).keys(passphrase: "tiger lily", salt: salt)
        #expect(!KeyAgent.holds(passphrase: "tiger lily", salt: salt))
        _ = try KeyAgent(seconds: 60).keys(passphrase: "tiger lily", salt: salt)
        #expect(KeyAgent.holds(passphrase: "tiger lily", salt: salt))
        let off = try KeyAgent(seconds: 0).keys(passphrase: "tiger lily", salt: salt)
        #expect(!KeyAgent.holds(passphrase: "tiger lily", salt: salt))
        #expect(off.keyCheck == (try PrivateKeys(passphrase: "tiger lily", salt: salt)).keyCheck)
    }

    /// A build through the agent publishes what a build without it does, and a wrong key kept
    /// under the passphrase's name is refused like a wrong passphrase: never published with.
    @Test func buildsThroughTheAgentAreTheSameAndAWrongKeptKeyIsRefused() throws {
        try #require(Self.keyringWorks, "no kernel keyring here")
        let journal = try PrivacyTests.makeJournal()
        defer { journal.remove() }
        let plain = PrivacyTests.build(journal)
        #expect(plain.succeeded, "\(plain.diagnostics)")
        let before = snapshot(journal.output)
        let salt = try #require(SaltStore(journal: journal.root.path).salt)
        defer { KeyAgent.forget(passphrase: TestPassphrase.value, salt: salt) }
        for _ in 0..<2 {  // the first derives and keeps the key, the second finds it
            try FileManager.default.removeItem(at: journal.output)
            let report = journal.build {
                $0.passphrase = { _ in TestPassphrase.value }
                $0.keyAgent = KeyAgent(seconds: 60)
                $0.useCache = false
            }
            #expect(report.succeeded, "\(report.diagnostics)")
            #expect(snapshot(journal.output) == before)
            #expect(KeyAgent.holds(passphrase: TestPassphrase.value, salt: salt))
        }
        KeyAgent.forget(passphrase: TestPassphrase.value, salt: salt)
        let name = KeyAgent.name(passphrase: TestPassphrase.value, salt: salt)
        _ = [UInt8](repeating: 1, count: 32).withUnsafeBytes { jg_key_add(name, $0.baseAddress, $0.count, 60) }
        let wrong = journal.build {
            $0.passphrase = { _ in TestPassphrase.value }
            $0.keyAgent = KeyAgent(seconds: 60)
        }
        #expect(!wrong.succeeded)
        #expect(wrong.diagnostics.contains { $0.message.contains("the passphrase is not the one the private pages were last encrypted with") })
    }
}
