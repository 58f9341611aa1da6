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
    }
}
