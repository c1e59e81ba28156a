import Foundation

/// A person who writes in the journal (`authors:` in journal.yaml).
public struct Author: Sendable, Hashable, Codable {
    /// What entries name in `author:` and moods in `@id`: lower case letters, digits, "-" and "_".
    public var id: String
    public var name: String
    /// The photo as written (a file in media/ or a path below the journal), found when loading.
    public var photo: String?
    public var bio: String?
    /// `#rgb` or `#rrggbb`: their bylines and their line in mood charts.
    public var colour: String?
    /// No public page, photo or feed; their name still signs their entries.
    public var isPrivate = false
    /// Where the author is defined, for messages.
    public var line = 1
    public var column = 1

    public var sitePath: String { "authors/\(id)/" }
}

/// The authors of a journal: who they are, who writes by default, and how ids are checked.
public struct JournalAuthors: Sendable {
    public var all: [Author] = []
    /// Who an entry without `author:` is by: `author:` of journal.yaml when it is an id, else the first listed.
    public var defaultID: String?

    public init(all: [Author] = [], defaultID: String? = nil) {
        self.all = all
        self.defaultID = defaultID ?? all.first?.id
    }

    /// Bylines, author pages and per-person moods appear only when the journal has two or more.
    public var areShown: Bool { all.count > 1 }

    public subscript(id: String) -> Author? { all.first { $0.id == id } }

    public var idList: String { all.map(\.id).joined(separator: ", ") }

    /// The author someone typed or configured: an id, or a name in any case ("Jonas", "jonas").
    public func named(_ typed: String) -> Author? {
        let t = typed.trimmingCharacters(in: .whitespaces).lowercased()
        return all.first { $0.id == t } ?? all.first { $0.name.lowercased() == t }
    }

    /// Who is writing, for `new` and `mood`: `--author`, else JOURNALGEN_AUTHOR, else the name
    /// git knows (`git config user.name`) when it is an author's; nil when none says.
    /// An unknown `--author` or JOURNALGEN_AUTHOR is an error that lists the known ids.
    public func writer(option: String?, environment: String?, gitName: String?) -> Result<Author?, AuthorError> {
        for (typed, source) in [(option, "--author"), (environment, "JOURNALGEN_AUTHOR")] {
            guard let typed, !typed.isEmpty else { continue }
            guard let author = named(typed) else { return .failure(AuthorError(message: unknown(typed, what: source))) }
            return .success(author)
        }
        return .success(gitName.flatMap(named))
    }

    public struct AuthorError: Error, Sendable { public var message: String }

    /// "author 'anna' is not an author of the journal; expected one of: lena, ana; did you mean 'ana'?"
    public func unknown(_ id: String, what: String = "author") -> String {
        let meant = Typos.suggestion(for: id, among: all.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
        if all.isEmpty {
            return "\(what) '\(id)' names nobody: journal.yaml lists no authors; expected an 'authors:' list in journal.yaml (lena: {name: Lena}) first"
        }
        return "\(what) '\(id)' is not an author of the journal; expected one of: \(idList)\(meant)"
    }

    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }

    static let knownKeys: Set<String> = ["name", "photo", "bio", "colour", "color", "private"]

    /// `authors: {lena: {name: Lena, photo: lena.jpg, bio: …, colour: "#4a6fa5"}, ana: {name: Ana}}`.
    static func read(_ node: MetaNode?, defaultName: String?, at: (MetaNode) -> SourceLocation, diagnostics: DiagnosticsEngine) -> JournalAuthors {
        guard let node else { return JournalAuthors() }
        if case .null = node.value { return JournalAuthors() }
        guard let entries = node.entries else {
            diagnostics.error("authors is \(node.kindDescription); expected one line per person, their id then their details, such as 'lena: {name: Lena, colour: \"#4a6fa5\"}'", at: at(node))
            return JournalAuthors()
        }
        var authors: [Author] = []
        for entry in entries {
            let value = entry.node
            let id = entry.key
            guard isValidID(id) else {
                diagnostics.error("author id '\(id)' is not a short id; expected lower-case letters, digits, '-' or '_' (such as lena), which entries name in 'author:'", at: at(value))
                continue
            }
            var author = Author(id: id, name: id, line: value.line, column: value.column)
            switch value.value {
            case .scalar(let name, _):
                author.name = name
            case .table:
                Typos.checkKeys(of: value, known: knownKeys, in: "author '\(id)'", at: at, diagnostics: diagnostics)
                guard let name = value["name"]?.text?.trimmedSpaces, !name.isEmpty else {
                    diagnostics.error("author '\(id)' has no name; expected {name: Lena}", at: at(value))
                    continue
                }
                author.name = name
                author.photo = value["photo"]?.text
                author.bio = value["bio"]?.text
                if let colour = value["colour"]?.text ?? value["color"]?.text {
                    if colour.hasPrefix("#"), [4, 7].contains(colour.count), colour.dropFirst().allSatisfy(\.isHexDigit) {
                        author.colour = colour
                    } else {
                        diagnostics.error("colour '\(colour)' of author '\(id)' is not a colour; expected #rgb or #rrggbb", at: at(value["colour"] ?? value["color"] ?? value))
                    }
                }
                if let flag = value["private"] {
                    if let b = flag.bool { author.isPrivate = b } else {
                        diagnostics.error("authors.\(id).private is \(flag.kindDescription); expected true or false", at: at(flag))
                    }
                }
            default:
                diagnostics.error("author '\(id)' is \(value.kindDescription); expected their details, such as {name: Lena}", at: at(value))
                continue
            }
            authors.append(author)
        }
        let defaultID = defaultName.flatMap { name in authors.first { $0.id == name }?.id }
        return JournalAuthors(all: authors, defaultID: defaultID)
    }
}
