import Foundation
import PackagePlugin

/// Turns the package's `templates/` and `themes/` folders into Swift source, so the built-in
/// templates and themes travel inside the `journalgen` binary and it runs from any folder. (The
/// world map's data is put in by the C compiler: Sources/CWorldMap.)
@main
struct EmbedAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["templates", "themes"].map { root.appending(path: $0) }
        // The folders themselves are inputs too, so adding a file directly inside one re-embeds.
        // (SwiftPM re-plans builds only when the package changes; after adding a file in a
        // sub-folder, touch Package.swift.)
        var inputs: [URL] = folders
        for folder in folders {
            guard let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let file as URL in walker
            {
                inputs.append(file)
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding built-in templates and themes",
                executable: try context.tool(named: "EmbedAssets").url,
                arguments: [output.path, root.path] + folders.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
