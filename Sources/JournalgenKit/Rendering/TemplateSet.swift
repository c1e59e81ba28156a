import Foundation
import Mustache

/// The Mustache templates of a build. For each name, the journal's `templates/NAME.mustache`
/// wins over the theme's `themes/THEME/templates/NAME.mustache`, which wins over the built-in one.
public struct TemplateSet: Sendable {
    public var library: MustacheLibrary

    public static let pageTemplates = ["layout", "entry", "home", "archive", "year", "month", "tags", "tag", "404"]

    public static func load(theme: Theme, assets: AssetSource, paths: DisplayPaths, diagnostics: DiagnosticsEngine) -> TemplateSet? {
        var names = Set<String>()
        for folder in ["templates", "\(theme.folder)/templates"] {
            for path in assets.files(under: folder) where path.hasSuffix(".mustache") {
                names.insert(String((path as NSString).lastPathComponent.dropLast(".mustache".count)))
            }
        }
        var library = MustacheLibrary()
        _ = FastHTMLContentType.registered
        var failed = false
        for name in names.sorted() {
            let own = "templates/\(name).mustache"
            guard let file = assets.file(own, includeBuiltIn: false)
                    ?? assets.file("\(theme.folder)/templates/\(name).mustache") ?? assets.file(own)
            else { continue }
            guard let text = String(data: file.data, encoding: .utf8) else {
                diagnostics.error("the template is not UTF-8 text", at: SourceLocation(path: assets.displayPath(of: file, paths: paths)))
                failed = true
                continue
            }
            do {
                library.register(try MustacheTemplate(string: FastHTMLContentType.pragma + text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.error("template error: \(error.error); expected valid Mustache",
                                  at: SourceLocation(path: assets.displayPath(of: file, paths: paths),
                                                     line: error.context.lineNumber, column: error.context.columnNumber))
                failed = true
            } catch {
                diagnostics.error("template error: \(error)", at: SourceLocation(path: assets.displayPath(of: file, paths: paths)))
                failed = true
            }
        }
        for required in pageTemplates where library.getTemplate(named: required) == nil && !failed {
            diagnostics.error("no template '\(required)'; expected templates/\(required).mustache", at: SourceLocation(path: paths.display(assets.journal)))
            failed = true
        }
        return failed ? nil : TemplateSet(library: library)
    }

    public func render(_ name: String, _ context: Any) -> String {
        library.render(context, withTemplate: name) ?? ""
    }
}
