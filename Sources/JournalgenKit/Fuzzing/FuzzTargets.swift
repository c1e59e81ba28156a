import Foundation

/// What the fuzzer feeds mangled bytes to (`make fuzz`, Fuzz/README.md), and what `make test`
/// replays every saved input through. Each target must return for any input, without crashing,
/// hanging or using much memory; the editor's target also checks that an edit keeps every other
/// byte and reads back as written.
public enum FuzzTargets {
    public static let names = ["entry", "frontmatter", "markdown", "journal-yaml", "moodlog", "gpx", "editor", "daylio", "dayone-json", "jrnl"]

    /// Runs `target` on `data`. A broken promise (the editor's) stops the process with a message,
    /// which the fuzzer records as a crash.
    public static func run(_ target: String, _ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        switch target {
        case "entry": entry(text)
        case "frontmatter": _ = FrontMatterReader.read(text)
        case "markdown": _ = MarkdownRenderer(unsafeHTML: false).render(text)
        case "journal-yaml": journalYAML(text)
        case "moodlog": _ = MoodLogReader(scale: .standard, zone: utc).parse(text, displayPath: "moods.log", diagnostics: DiagnosticsEngine())
        case "gpx": _ = GPXReader.read(data)
        case "editor": editor(data)
        // The importers read exports from other apps: a CSV and two JSON dialects.
        case "daylio": _ = DaylioImporter(context: importContext).plan(data, diagnostics: DiagnosticsEngine())
        case "jrnl": _ = JrnlImporter(context: importContext).plan(data, diagnostics: DiagnosticsEngine())
        case "dayone-json":
            var plan = ImportPlan()
            DayOneImporter(context: importContext).add(data, folder: "/nonexistent", to: &plan, diagnostics: DiagnosticsEngine())
        default: preconditionFailure("no fuzz target '\(target)'; expected one of \(names.joined(separator: ", "))")
        }
    }

    static let utc = TimeZone(identifier: "UTC")!
    static let importContext = ImportContext(config: config, displayPath: "export")
    static let config: JournalConfig = {
        var config = BuildPipeline.fallbackConfig
        config.timeZone = utc
        return config
    }()

    /// A whole entry, as the loader parses it: front matter, dates, media names, the body.
    static func entry(_ text: String) {
        _ = EntryParser(config: config).parse(text: text, fileName: "2026-04-03-fuzz.md", filePath: "/fuzz/entries/2026-04-03-fuzz.md",
                                              displayPath: "fuzz.md", relativePath: "2026-04-03-fuzz.md", diagnostics: DiagnosticsEngine())
    }

    static func journalYAML(_ text: String) {
        guard case .success(let root) = Result(catching: { () throws(YAMLReader.Failure) -> MetaNode in try YAMLReader.read(text, firstLine: 1) }) else { return }
        _ = JournalConfigReader.parse(root, path: "journal.yaml", diagnostics: DiagnosticsEngine())
    }

    /// The first byte picks an edit, the rest is the file: after the edit, the front matter reads
    /// back the value written, and removing that key again gives back every other byte.
    static func editor(_ data: Data) {
        guard let first = data.first else { return }
        let text = String(decoding: data.dropFirst(), as: UTF8.self)
        let values = ["good", "a \"quoted\": value", "#not a comment", "", "multi\nline", "ümlaut 京都", "- dash", "3 weeks"]
        let value = values[Int(first) % values.count]
        let key = ["mood", "revisit", "title", "trip"][Int(first / 8) % 4]
        guard case .success(let edited) = FrontMatterEditor.apply([.set(key, .text(value))], to: text) else { return }
        // Read back as the loader reads a file: decoded, without its byte order mark.
        func decoded(_ text: String) -> String { TextDecoding.decode(Data(text.utf8)) ?? text }
        guard case .success(let read) = FrontMatterReader.read(decoded(edited)) else {
            preconditionFailure("the editor wrote front matter that does not read back: \(edited.debugDescription)")
        }
        let got = read.meta[key]?.text ?? (read.meta[key]?.value == .null ? "" : nil)
        precondition(got == value, "set \(key) to \(value.debugDescription), read back \(String(describing: got)) from \(edited.debugDescription)")
        // A file the editor finds no front matter in gets one in front of every byte it had.
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        if edited.count > body.count && edited.hasSuffix(body) { return }
        if case .success(let before) = FrontMatterReader.read(decoded(text)), before.split.format == .none {
            preconditionFailure("front matter added over the text: \(text.debugDescription) → \(edited.debugDescription)")
        }
        // Without the key, the file is the same as the original without it: nothing else moved.
        guard case .success(let removedAfter) = FrontMatterEditor.apply([.remove(key)], to: edited),
              case .success(let removedBefore) = FrontMatterEditor.apply([.remove(key)], to: text) else { return }
        precondition(removedAfter == removedBefore, "an edit of \(key) changed other bytes: \(text.debugDescription) → \(edited.debugDescription)")
    }
}
