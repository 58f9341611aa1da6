import CasebookServerResources
import Foundation
import Testing

/// The files compiled into the server are the files in its `Resources` folder, byte for byte:
/// every template there under its file's name, the stylesheet, the script and the OpenAPI
/// description.
@Suite("The files compiled into the server")
struct ServerResourcesTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Apps/CasebookServer/Resources")

    private static func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(path)))
    }

    @Test func everyTemplateInTheFolderIsCompiledInUnderItsName() throws {
        let suffix = ".mustache"
        let files = try FileManager.default.contentsOfDirectory(
            atPath: Self.folder.appendingPathComponent("Templates").path
        ).filter { $0.hasSuffix(suffix) }
        var inFolder: [String: [UInt8]] = [:]
        for file in files {
            inFolder[String(file.dropLast(suffix.count))] = try Self.bytes("Templates/" + file)
        }
        #expect(inFolder.count >= 20)
        #expect(ServerResources.templates.keys.sorted() == inFolder.keys.sorted())
        for (name, text) in inFolder {
            #expect(ServerResources.templates[name] == text, "\(name)")
        }
    }

    @Test func theAssetsAndTheDescriptionAreTheirFiles() throws {
        #expect(ServerResources.stylesheet == (try Self.bytes("Assets/style.css")))
        #expect(ServerResources.script == (try Self.bytes("Assets/app.js")))
        #expect(ServerResources.openAPIDescription == (try Self.bytes("openapi.json")))
    }
}
