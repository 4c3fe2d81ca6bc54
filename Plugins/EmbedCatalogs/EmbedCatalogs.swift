import Foundation
import PackagePlugin

/// Compiles `Locales/*.json` into the library as Swift string literals, so the
/// catalogs ship inside the binary (no resource bundle) while `Locales/` stays the
/// only copy anyone edits.
///
/// The tool reads the folder itself, and the folder is an input of the command: a
/// catalog added to `Locales/` changes the folder, which makes the next build embed it,
/// although the list of files below was made when the build was planned.
@main
struct EmbedCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let locales = context.package.directoryURL.appending(path: "Locales")
        let catalogs = try FileManager.default.contentsOfDirectory(at: locales, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedCatalogs.swift")
        return [
            .buildCommand(
                displayName: "Embedding the catalogs of Locales/",
                executable: try context.tool(named: "embed-catalogs").url,
                arguments: [output.path, locales.path],
                inputFiles: [locales] + catalogs,
                outputFiles: [output]
            ),
        ]
    }
}
