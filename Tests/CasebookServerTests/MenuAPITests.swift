import CasebookServer
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Menu
import SurveySync
import Testing

@Suite("The menu API")
struct MenuAPITests {
    @Test func givesTheServersMenuAsJSON() async throws {
        let menu = Menu(
            restaurant: "Da Mario", currency: .euro, pizzas: [Pizza(name: "Marinara", price: 7)],
            beverages: [], desserts: [])
        let directory = try TemporaryDirectory()
        let stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        let router = try CasebookServer.router(stores: stores, menu: menu)
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/api/menu", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                let body = Data(response.body.readableBytesView)
                let expected = try MenuListing(menu: menu).jsonData()
                #expect(
                    try JSONSerialization.jsonObject(with: body) as? NSDictionary
                        == JSONSerialization.jsonObject(with: expected) as? NSDictionary)
                #expect(!body.contains(0x0A), "compact, as every answer of the API is")
            }
        }
        // Started with a menu, the server keeps it as the store's first revision.
        #expect(try await stores.menu.current()?.menu == menu)
        #expect(try await stores.menu.current()?.author == "casebook")
    }

    /// The menu served is the store's current revision: a revision saved by another server on
    /// the same store shows at the next request, and the menu the server was started with is
    /// not imported over one the store holds.
    @Test func servesTheStoresCurrentRevision() async throws {
        let directory = try TemporaryDirectory()
        let stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        let saved = Menu(
            restaurant: "Da Mario", currency: .euro, pizzas: [Pizza(name: "Marinara", price: 7)],
            beverages: [], desserts: [])
        _ = try await stores.menu.save(saved, basedOn: nil, by: "mario", note: nil)
        let router = try CasebookServer.router(stores: stores, menu: .giuseppes)
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/api/menu", method: .get) { response in
                #expect(String(buffer: response.body).contains("Da Mario"))
            }
            let cheaper = Menu(
                restaurant: "Da Mario", currency: .euro,
                pizzas: [Pizza(name: "Marinara", price: 6)], beverages: [], desserts: [])
            _ = try await stores.menu.save(cheaper, basedOn: 1, by: "mario", note: nil)
            try await client.execute(uri: "/api/menu", method: .get) { response in
                #expect(String(buffer: response.body).contains("6.00"))
            }
            try await client.execute(uri: "/menu", method: .get) { response in
                #expect(String(buffer: response.body).contains("Marinara"))
                #expect(String(buffer: response.body).contains("6.00"))
            }
        }
        #expect(try await stores.menu.revisions(limit: 10, before: nil).count == 2)
    }
}
