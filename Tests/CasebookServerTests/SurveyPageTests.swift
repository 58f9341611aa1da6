import CasebookServer
import Foundation
import Hummingbird
import HummingbirdTesting
import SurveySync
import Testing

@Suite("The survey page, syncing to a live server")
struct SurveyPageTests {
    @Test func syncsTheDataDirectorysRespondentsFolderAndListsThem() async throws {
        let stores = try CasebookServer.Stores.open(
            in: FileManager.default.temporaryDirectory.appendingPathComponent(
                "survey-page-\(UUID().uuidString)"))
        let folder = stores.dataDirectory.appendingPathComponent("Respondents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "id: r1\nname: Ada\n".write(
            to: folder.appendingPathComponent("ada.yaml"), atomically: true, encoding: .utf8)
        try "id: [\n".write(
            to: folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let app = Application(
            router: try CasebookServer.router(stores: stores),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var pages = PageClient(client)
            let result = try await pages.post(
                "/survey/sync", ["folder": "Respondents", "backend": "http://127.0.0.1:\(port)"])
            #expect(result.status == .ok)
            #expect(result.html.contains("synced 1, unchanged 0, failed 1"))
            #expect(result.html.contains("broken.yaml:"))
            #expect(!result.html.contains(stores.dataDirectory.path))
            let page = try await pages.get("/survey")
            #expect(page.html.contains("1 respondents received"))
            #expect(page.html.contains("&quot;name&quot; : &quot;Ada&quot;"))
            let escape = try await pages.post("/survey/sync", ["folder": "../.."])
            #expect(escape.status == .badRequest)
        }
    }

    @Test func aSyncOfAFolderAnotherSyncHoldsIsRefusedAsAConflict() async throws {
        let stores = try CasebookServer.Stores.open(
            in: FileManager.default.temporaryDirectory.appendingPathComponent(
                "survey-page-\(UUID().uuidString)"))
        let folder = stores.dataDirectory.appendingPathComponent("Respondents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "id: r1\n".write(
            to: folder.appendingPathComponent("r1.yaml"), atomically: true, encoding: .utf8)
        let held = try #require(try LocalRespondentFolder(url: folder).claimForSync())
        defer { held.end() }
        let app = Application(
            router: try CasebookServer.router(stores: stores),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var pages = PageClient(client)
            let result = try await pages.post(
                "/survey/sync", ["folder": "Respondents", "backend": "http://127.0.0.1:\(port)"])
            #expect(result.status == .conflict)
            #expect(
                result.html.contains(
                    "Another sync of this folder is running; try again when it has finished."))
            #expect(!result.html.contains(stores.dataDirectory.path))
        }
        #expect(try await stores.respondents.count() == 0)
    }
}
