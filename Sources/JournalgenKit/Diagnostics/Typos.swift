/// Words one or two edits away from a word journalgen knows: almost always a typo. Unknown keys
/// are allowed (they reach templates as `extra`), so only a near miss is worth a word, and the
/// message names what was likely meant.
enum Typos {
    /// The known word closest to `word`, when it is within two edits (one for short words).
    static func suggestion(for word: String, among known: some Sequence<String>) -> String? {
        let limit = min(2, max(1, word.count / 3))
        // Lowered once, not for each known word: a front matter key of the writer's own (every
        // entry of a journal may have it) was 130,000 instructions an entry.
        let lowered = Array(word.lowercased())
        var best: (word: String, distance: Int)?
        for candidate in known where candidate != word {
            let other = Array(candidate)
            // Each edit changes the length by one at most: a word longer or shorter by more than
            // the limit is not within it.
            guard abs(other.count - lowered.count) <= limit else { continue }
            let d = distance(lowered, other)
            if d <= limit && d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.word
    }

    /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int { distance(Array(a), Array(b)) }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// Warns of each key of `table` that is not known but nearly is: "'moood' is not a key of
    /// the front matter; did you mean 'mood'?".
    static func checkKeys(of table: MetaNode, known: Set<String>, in place: String, at: (MetaNode) -> SourceLocation,
                          diagnostics: DiagnosticsEngine) {
        for entry in table.entries ?? [] where !known.contains(entry.key) {
            guard let meant = suggestion(for: entry.key, among: known) else { continue }
            diagnostics.warning("'\(entry.key)' is not a key of \(place); did you mean '\(meant)'? (a key of your own is kept for templates, but this one is a letter or two from '\(meant)')",
                                at: SourceLocation(path: at(entry.node).path, line: entry.line, column: entry.column))
        }
    }
}
