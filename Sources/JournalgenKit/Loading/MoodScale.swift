/// One step of the journal's mood scale.
public struct MoodLevel: Sendable, Hashable, Codable {
    public var value: String
    public var label: String
    public var emoji: String
    public var colour: String
    /// 1 for the worst level up to `count` for the best: what charts and averages use.
    public var score: Int
}

/// The journal's mood scale, best first, as written in journal.yaml (or the default five levels).
public struct MoodScale: Sendable, Hashable {
    public var levels: [MoodLevel]

    public init(levels: [(value: String, label: String, emoji: String, colour: String)]) {
        let n = levels.count
        self.levels = levels.enumerated().map { i, l in
            MoodLevel(value: l.value, label: l.label, emoji: l.emoji, colour: l.colour, score: n - i)
        }
    }

    public static let standard = MoodScale(levels: [
        ("amazing", "Amazing", "🤩", "#2e7d32"),
        ("good", "Good", "🙂", "#7cb342"),
        ("so-so", "So-so", "😐", "#fbc02d"),
        ("bad", "Bad", "🙁", "#f57c00"),
        ("horrible", "Horrible", "😫", "#c62828"),
    ])

    public func level(_ value: String) -> MoodLevel? {
        levels.first { $0.value == value } ?? levels.first { $0.value.lowercased() == value.lowercased() }
    }

    public var valueList: String { levels.map(\.value).joined(separator: ", ") }
}
