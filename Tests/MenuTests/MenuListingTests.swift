import Foundation
import Menu
import Testing

@Suite("The menu as JSON")
struct MenuListingTests {
    @Test func listsSectionsInOrderWithTitlesPricesAsStringsAndDescriptions() throws {
        let menu = Menu(
            restaurant: "Test", currency: .euro,
            pizzas: [Pizza(name: "Margherita", price: 8.5, description: "Tomato")],
            beverages: [], desserts: [Dessert(name: "Gelato", price: 4)])
        let json =
            try JSONSerialization.jsonObject(with: MenuListing(menu: menu).jsonData())
            as? [String: Any]
        #expect(json?["restaurant"] as? String == "Test")
        #expect(json?["currency"] as? String == "EUR")
        let sections = try #require(json?["sections"] as? [[String: Any]])
        #expect(sections.map { $0["title"] as? String } == ["Pizzas", "Desserts"])
        let items = try #require(sections.first?["items"] as? [[String: Any]])
        #expect(items.first?["title"] as? String == "Margherita")
        #expect(items.first?["price"] as? String == "8.50")
        #expect(items.first?["formattedPrice"] as? String == "€8.50")
        #expect(items.first?["description"] as? String == "Tomato")
        let gelato = try #require((sections.last?["items"] as? [[String: Any]])?.first)
        #expect(gelato["description"] is NSNull)
    }

    @Test func eachItemIsTheDataSourcesRowAndWritesTheSameJSONAsTheRow() throws {
        let menu = Menu(
            restaurant: "Test", currency: .euro,
            pizzas: [Pizza(name: "Diavola", price: 9.5, description: "Salame piccante")],
            beverages: [Beverage(name: "Acqua", price: 2)], desserts: [])
        let dataSource = MenuDataSource(menu: menu)
        let listing = MenuListing(menu: menu)
        #expect(
            listing.sections.map { $0.items.map(\.row) } == [
                [try #require(dataSource.item(forRow: 0, inSection: 0))],
                [try #require(dataSource.item(forRow: 0, inSection: 1))],
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let item = try #require(listing.sections.first?.items.first)
        #expect(try encoder.encode(item) == encoder.encode(item.row))
    }
}
