import Foundation
import PackagePlugin

/// Compiles the files beside a module's Swift sources into it: every file in the module's folder
/// and its subfolders that is neither Swift source nor hidden, given by its path in the folder
/// (`EmbeddedFiles.byPath["Templates/home.mustache"]`). The module's target excludes those files,
/// so that SwiftPM leaves them to this plugin.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let folder = module.directoryURL
        let paths = try embeddedPaths(in: folder)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(paths.count) files in \(module.name)",
                executable: try context.tool(named: "ResourceEmbedder").url,
                arguments: [output.path, folder.path] + paths,
                inputFiles: paths.map { folder.appendingPathComponent($0) },
                outputFiles: [output])
        ]
    }

    /// The paths, relative to `folder` and sorted, of the files to embed.
    private func embeddedPaths(in folder: URL) throws -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let path = walk.nextObject() as? String {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            let hidden = path.split(separator: "/").contains { $0.hasPrefix(".") }
            if !exists || isFolder.boolValue || hidden || path.hasSuffix(".swift") { continue }
            paths.append(path)
        }
        return paths.sorted()
    }
}
