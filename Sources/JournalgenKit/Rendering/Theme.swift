import Foundation

/// A site theme: a stylesheet and friends under `themes/NAME/static/`, optional templates under
/// `themes/NAME/templates/`, and `themes/NAME/theme.yaml` naming the variants an entry may pick
/// with `theme:`.
public struct Theme: Sendable {
    public var name: String
    public var variants: [String]
    public var defaultVariant: String
    /// Relative asset paths of the static files ("themes/paper/static/style.css").
    public var staticFiles: [String]

    public var folder: String { "themes/\(name)" }

    public static func load(name: String, assets: AssetSource, paths: DisplayPaths,
                            configLocation: SourceLocation, diagnostics: DiagnosticsEngine) -> Theme? {
        let folder = "themes/\(name)"
        guard !name.contains("/"), !name.contains(".."), assets.exists(folder: folder) else {
            let builtIn = Set(EmbeddedAssets.textFiles.keys.compactMap { key -> String? in
                let parts = key.split(separator: "/")
                return parts.count > 2 && parts[0] == "themes" ? String(parts[1]) : nil
            }).sorted()
            diagnostics.error("theme '\(name)' not found; expected a built-in theme (\(builtIn.joined(separator: ", "))) or a folder themes/\(name)/ in the journal",
                              at: configLocation)
            return nil
        }
        var variants: [String] = []
        var defaultVariant: String?
        if let file = assets.file("\(folder)/theme.yaml"), let text = String(data: file.data, encoding: .utf8) {
            do {
                let meta = try YAMLReader.read(text, firstLine: 1)
                if case .list(let items)? = meta["variants"]?.value {
                    variants = items.compactMap(\.text)
                }
                defaultVariant = meta["default_variant"]?.text
            } catch {
                diagnostics.error(error.message, at: SourceLocation(path: assets.displayPath(of: file, paths: paths), line: error.line, column: error.column))
            }
        }
        if variants.isEmpty { variants = [name] }
        let staticFiles = assets.files(under: "\(folder)/static")
        return Theme(name: name, variants: variants, defaultVariant: defaultVariant ?? variants[0], staticFiles: staticFiles)
    }
}
