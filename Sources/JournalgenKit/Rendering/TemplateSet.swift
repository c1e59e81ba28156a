import Foundation

/// The Mustache templates of a build. For each name, the journal's `templates/NAME.mustache`
/// wins over the theme's `themes/THEME/templates/NAME.mustache`, which wins over the built-in one.
public struct TemplateSet: Sendable {
    public var library: MustacheLibrary
    /// Every template's name, sorted, with a fingerprint of its name and text: a page's inputs
    /// name the templates it was made with, so a changed template renders again only the pages
    /// that use it (SiteFingerprints).
    private(set) var names: [String] = []
    private(set) var fingerprints: [String] = []
    /// For each name, the positions in `names` of the templates rendering it may use: itself and
    /// the partials and parents it names, and theirs.
    private(set) var uses: [String: [Int]] = [:]
    /// Each template's file, as messages show it.
    private(set) var origins: [String: String] = [:]

    public static let pageTemplates = ["layout", "entry", "home", "archive", "year", "month", "tags", "tag", "404", "entry-card", "entry-row",
                                        "moods", "mood-log", "mood-level", "theme", "glory", "revisit", "trips", "trip", "places", "filter", "photos",
                                        "tasks", "tasks-done", "task-item", "authors", "author", "byline"]

    public static func load(theme: Theme, assets: AssetSource, paths: DisplayPaths, diagnostics: DiagnosticsEngine) -> TemplateSet? {
        var names = Set<String>()
        for folder in ["templates", "\(theme.folder)/templates"] {
            for path in assets.files(under: folder) where path.hasSuffix(".mustache") {
                names.insert(String((path as NSString).lastPathComponent.dropLast(".mustache".count)))
            }
        }
        var library = MustacheLibrary()
        var fingerprints: [String: String] = [:]
        var origins: [String: String] = [:]
        var failed = false
        var unreadable: Set<String> = []
        for name in names.sorted() {
            let own = "templates/\(name).mustache"
            guard let file = assets.file(own, includeBuiltIn: false)
                    ?? assets.file("\(theme.folder)/templates/\(name).mustache") ?? assets.file(own)
            else { continue }
            let display = assets.displayPath(of: file, paths: paths)
            origins[name] = display
            guard let text = String(data: file.data, encoding: .utf8) else {
                diagnostics.error("the template is not UTF-8 text", at: SourceLocation(path: display))
                failed = true
                unreadable.insert(name)
                continue
            }
            fingerprints[name] = SiteFingerprint.fingerprint(of: [name, text])
            do {
                library.register(try MustacheTemplate(text), named: name)
            } catch {
                diagnostics.error("template error: \(error.message)", at: SourceLocation(path: display, line: error.line, column: error.column))
                failed = true
                unreadable.insert(name)
            }
        }
        for missing in library.missingReferences() where !unreadable.contains(missing.name) {
            diagnostics.error("the template '\(missing.name)' does not exist; expected templates/\(missing.name).mustache",
                              at: SourceLocation(path: origins[missing.template] ?? missing.template, line: missing.line, column: missing.column))
            failed = true
        }
        for required in pageTemplates where library.template(named: required) == nil && !unreadable.contains(required) {
            diagnostics.error("no template '\(required)'; expected templates/\(required).mustache", at: SourceLocation(path: paths.display(assets.journal)))
            failed = true
        }
        for cycle in endlessIncludes(library) {
            let start = cycle[0]
            diagnostics.error("the template includes itself without end ({{>\(start.reference.name)}}: \(([start.template] + cycle.map(\.reference.name)).joined(separator: " → "))); expected such an include inside a section ({{#name}}…{{/name}}) that a value ends",
                              at: SourceLocation(path: origins[start.template] ?? start.template, line: start.reference.line, column: start.reference.column))
            failed = true
        }
        guard !failed else { return nil }
        var set = TemplateSet(library: library)
        set.origins = origins
        set.names = fingerprints.keys.sorted()
        set.fingerprints = set.names.map { fingerprints[$0]! }
        let position = Dictionary(uniqueKeysWithValues: set.names.enumerated().map { ($1, $0) })
        for name in set.names {
            var seen: Set<String> = [name], next = [name]
            while let current = next.popLast() {
                for reference in library.template(named: current)?.references ?? [] where seen.insert(reference.name).inserted {
                    next.append(reference.name)
                }
            }
            set.uses[name] = seen.compactMap { position[$0] }.sorted()
        }
        return set
    }

    /// Includes that lead back to the template they are in with no section on the way, each as
    /// the chain of includes from it: rendering one never ends (a partial included twice by
    /// itself doubles at every level). Includes inside a section may recurse over data that ends
    /// (a tree of items), and are left to the renderer's limits. One chain per template on such a
    /// loop, found from its first include that starts one.
    static func endlessIncludes(_ library: MustacheLibrary) -> [[(template: String, reference: MustacheTemplate.Reference)]] {
        let names = library.names
        var found: [[(template: String, reference: MustacheTemplate.Reference)]] = []
        for name in names {
            var seen: Set<String> = []
            // Depth first along includes outside sections, keeping the chain that led here.
            func chain(from current: String) -> [(template: String, reference: MustacheTemplate.Reference)]? {
                for reference in library.template(named: current)?.references ?? [] where !reference.inSection {
                    if reference.name == name { return [(current, reference)] }
                    guard seen.insert(reference.name).inserted, let rest = chain(from: reference.name) else { continue }
                    return [(current, reference)] + rest
                }
                return nil
            }
            if let cycle = chain(from: name) { found.append(cycle) }
        }
        return found
    }

    /// An error for a page that stopped including templates because its includes did not end
    /// (inside sections whose values never run out; see `endlessIncludes` for the others).
    func reportEndlessIncludes(to diagnostics: DiagnosticsEngine) {
        guard let name = library.overrunTemplate else { return }
        diagnostics.error("a page included templates more than \(MustacheLibrary.Renderer.maximumExpansions) times, and stopped at '\(name)', which includes itself, or a template that includes it, at every level; expected such an include inside a section whose values run out (a list of items, each with fewer below it)",
                          at: SourceLocation(path: origins[name] ?? name))
    }

    public func render(_ name: String, _ context: TemplateValue) -> String {
        BodyReads.noteTemplate(name)
        return library.render(name, context)
    }

    /// A whole page, as the bytes it is written with (see `MustacheLibrary.renderBytes`).
    public func page(_ name: String, _ context: TemplateValue) -> [UInt8] {
        BodyReads.noteTemplate(name)
        return library.renderBytes(name, context)
    }

    /// Whether `relativePath` (in the journal) is a template file, tracked page by page through
    /// `fingerprints` rather than as one of the files every page depends on.
    static func isTemplateFile(_ relativePath: String) -> Bool {
        guard relativePath.hasSuffix(".mustache") else { return false }
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        return (parts.count == 2 && parts[0] == "templates") || (parts.count == 4 && parts[0] == "themes" && parts[2] == "templates")
    }
}
