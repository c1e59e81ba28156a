import Foundation

/// One item of a GitHub task list in an entry (`- [ ] ! call the landlord (due 2026-12-01) @ana`),
/// as the tasks page, the reminders calendar and `journalgen tasks` see it.
///
/// The syntax is the writer's own text, so it reads well in any Markdown preview: a leading `!`
/// marks it important, `(due YYYY-MM-DD)` gives its day, and `@id` names an author of the
/// journal it is assigned to.
public struct TaskItem: Sendable, Hashable {
    /// What the item says, without the "!" and the "(due …)".
    public var text: String {
        get { textStorage.string }
        set { textStorage = CachedText(newValue) }
    }
    /// Left in the entry cache's file until a page shows it, as `anchor`: a build after one edit
    /// reads the 60,000 items of a 10k journal for the task counts, which need neither text
    /// (`isDone`, `isImportant` and `due` do), and making both strings was most of reading them.
    var textStorage: CachedText
    public var isDone: Bool
    public var isImportant: Bool
    public var due: CalendarDay?
    /// The words after "(due" when they are not a day: the parser reports them.
    var invalidDue: String?
    /// `@word`s of the text, in order; the parser keeps the first that is an author's id.
    var mentions: [String] = []
    /// The author the item is assigned to, once checked against journal.yaml.
    public var assignee: String?
    /// What the item it is nested under says ("seal the balcony door" above "buy the foam tape").
    public var parent: String?
    /// Where the item starts in the entry file (line of its "- [ ]"); set by the parser.
    public var line: Int
    public var column: Int
    /// The id of its `<li>` on the entry's page: a slug of its words, so it stays the same while
    /// other items are added, done or moved.
    public var anchor: String {
        get { anchorStorage.string }
        set { anchorStorage = CachedText(newValue) }
    }
    var anchorStorage: CachedText

    /// Takes the assignee's `@id` out of the text shown on the tasks page, which names them apart.
    mutating func assign(to id: String) {
        assignee = id
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if let at = words.firstIndex(where: { $0.lowercased() == "@" + id }) { words.remove(at: at) }
        text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// "(due 2026-12-01)", any case: its range and what stands for the day.
    static func dueMarker(in text: String) -> (range: Range<String.Index>, value: String)? {
        // Most items have no "(" at all: no need to ask Foundation for a case-insensitive search.
        guard text.containsByte(0x28), let open = text.range(of: "(due ", options: .caseInsensitive),
              let close = text.range(of: ")", range: open.upperBound..<text.endIndex) else { return nil }
        return (open.lowerBound..<close.upperBound, text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
    }

    /// The words the anchor is made of: the text without its due day, which may move.
    static func anchorWords(_ written: String) -> String {
        var words = String(written.drop(while: { $0 == "!" || $0 == " " }))
        if let due = dueMarker(in: words) { words.removeSubrange(due.range) }
        // Within 60 bytes it is within 60 characters: the words are not walked one by one.
        return words.utf8.count <= 60 ? words : String(words.prefix(60))
    }

    /// `@ana` words: an at sign after a space or the start (not an e-mail address) and a name.
    static func mentions(in text: String) -> [String] {
        guard text.containsByte(0x40) else { return [] }
        var found: [String] = []
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "@", previous.isWhitespace || previous == "(" {
                let rest = text[text.index(after: index)...]
                let name = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
                if !name.isEmpty { found.append(String(name).lowercased()) }
            }
            previous = character
            index = text.index(after: index)
        }
        return found
    }
}

// The item as written; kept out of the type's body so that the memberwise initialiser stays,
// which the entry cache builds its 60,000 items with (see `TaskItem.init(compact:)`).
extension TaskItem {
    /// `text` is the item's plain text as cmark-gfm read it; `line` counts from the body's start.
    init(written text: String, isDone: Bool, line: Int, column: Int, anchor: String) {
        var words = Substring(text)
        isImportant = words.first == "!"
        if isImportant { words = words.dropFirst().drop(while: { $0 == " " }) }
        var shown = String(words)
        if let found = Self.dueMarker(in: shown) {
            if let day = CalendarDay(iso: Substring(found.value)), found.value.count == 10 { due = day } else { invalidDue = found.value }
            shown.removeSubrange(found.range)
            shown = shown.replacingBytes("  ", with: " ").trimmingCharacters(in: .whitespaces)
        }
        self.textStorage = CachedText(shown)
        self.isDone = isDone
        self.mentions = Self.mentions(in: shown)
        self.line = line
        self.column = column
        self.anchorStorage = CachedText(anchor)
    }
}
