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
}
