import Foundation

/// How long a passphrase holds against someone with the published site, who can try guesses
/// offline as fast as their hardware derives keys.
///
/// The estimate is the plain one (length times the bits of the kinds of characters used), with
/// repeats ("aaaa") and runs ("1234", "abcd") counted as one character, since guessers try those
/// first. It overrates words from a dictionary; docs/private.md says so and suggests five random
/// words, which this counts honestly enough (about 4.7 bits a letter, 23 a word).
public enum PassphraseStrength {
    /// Below this, a build warns.
    public static let enough = 60.0

    /// Guesses a second of one high-end graphics card (an RTX 4090 computes about 22 billion
    /// SHA-256 blocks a second in hashcat; one guess costs 2 × 600,000 of them).
    public static let guessesPerSecond = 18_000.0

    public static func bits(_ passphrase: String) -> Double {
        var lower = false, upper = false, digit = false, symbol = false, other = false
        var effective = 0.0
        var previous: UInt32?
        for scalar in passphrase.unicodeScalars {
            switch scalar.value {
            case 0x61...0x7A: lower = true
            case 0x41...0x5A: upper = true
            case 0x30...0x39: digit = true
            case 0x20...0x7E: symbol = true
            default: other = true
            }
            let v = scalar.value
            if let p = previous, v == p || v == p &+ 1 || p == v &+ 1 {
                // A repeat or a step of a run: nearly free for a guesser.
            } else {
                effective += 1
            }
            previous = v
        }
        let pool = (lower ? 26 : 0) + (upper ? 26 : 0) + (digit ? 10 : 0) + (symbol ? 33 : 0) + (other ? 100 : 0)
        return pool > 1 ? effective * log2(Double(pool)) : 0
    }

    /// The time to try half the guesses, in words ("3 days", "4,000 years").
    public static func timeToGuess(bits: Double) -> String {
        let seconds = pow(2, bits - 1) / guessesPerSecond
        let units: [(Double, String)] = [(31_557_600, "year"), (86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")]
        for (size, name) in units where seconds >= size {
            let count = (seconds / size).rounded()
            let number = count >= 1e15 ? "more than a million billion" : grouped(Int(count))
            return "\(number) \(name)\(count == 1 ? "" : "s")"
        }
        return "under a second"
    }

    /// "4,000": the same in every locale.
    static func grouped(_ n: Int) -> String {
        var digits = String(n), out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }

    /// A warning for a weak passphrase, or nil.
    public static func warning(for passphrase: String) -> String? {
        let estimate = bits(passphrase)
        guard estimate < enough else { return nil }
        return "the passphrase is weak: about \(Int(estimate)) bits by its length and kinds of characters, which one graphics card guesses in about \(timeToGuess(bits: estimate)) from the published pages alone; expected \(Int(enough)) bits or more, such as five random words (see docs/private.md), set with --new-passphrase"
    }
}
