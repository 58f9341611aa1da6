import Foundation
import Menu
import Testing

@Suite("A dish's place and its price")
struct MenuPlaceTests {
    @Test func aMenuRepricedChangesOnlyThePricesNamed() throws {
        let margherita = MenuPlace(section: .pizzas, index: 0)
        let last = MenuPlace(
            section: .desserts, index: Menu.giuseppes.count(in: .desserts) - 1)
        let menu = try #require(
            Menu.giuseppes.repriced([margherita: Decimal(string: "7.90")!, last: 5]))
        #expect(menu.dish(at: margherita)?.price == Decimal(string: "7.90")!)
        #expect(menu.dish(at: margherita)?.name == "Margherita")
        #expect(menu.dish(at: last)?.price == 5)
        #expect(menu.pizzas[0].allergens == Menu.giuseppes.pizzas[0].allergens)
        #expect(menu.pizzas[0].description == Menu.giuseppes.pizzas[0].description)
        #expect(Array(menu.pizzas.dropFirst()) == Array(Menu.giuseppes.pizzas.dropFirst()))
        #expect(menu.places == Menu.giuseppes.places)
        #expect(Menu.giuseppes.places.count == 16)
    }

    @Test func aPlaceTheMenuLacksIsRefused() {
        #expect(Menu.giuseppes.repriced([MenuPlace(section: .pizzas, index: 99): 1]) == nil)
        #expect(Menu.giuseppes.repriced([MenuPlace(section: .pizzas, index: -1): 1]) == nil)
        #expect(Menu.giuseppes.dish(at: MenuPlace(section: .beverages, index: 99)) == nil)
    }

    @Test(arguments: [("8", "8"), ("8.5", "8.5"), ("8.50", "8.5"), ("0", "0")])
    func aPriceIsReadExactly(text: String, value: String) throws {
        #expect(try MenuPrice.read(text) == Decimal(string: value)!)
    }

    @Test(arguments: ["", "8.", ".5", "8.505", "-1", "1e3", "8,50", "١٢", "1000000000"])
    func anythingElseIsNoPrice(text: String) {
        #expect(throws: MenuPrice.Refusal.self) { _ = try MenuPrice.read(text) }
    }
}
