import Foundation
import Menu
import Testing

@Suite("The full menu: pizzas, beverages, desserts")
struct FullMenuTests {
    let menu = Menu(
        restaurant: "Test",
        currency: .euro,
        pizzas: [Pizza(name: "Margherita", price: Decimal(string: "8.50")!, description: "Tomato")],
        beverages: [Beverage(name: "Water", price: 2), Beverage(name: "Chinotto", price: 3.2)],
        desserts: [Dessert(name: "Tiramisù", price: Decimal(string: "6.00")!)]
    )

    @Test func showsThreeSectionsInOrderWithTitles() {
        let dataSource = MenuDataSource(menu: menu)
        #expect(dataSource.numberOfSections == 3)
        #expect(
            (0..<3).map { dataSource.title(forSection: $0) } == ["Pizzas", "Beverages", "Desserts"])
        #expect((0..<3).map { dataSource.numberOfRows(inSection: $0) } == [1, 2, 1])
        #expect(dataSource.item(forRow: 1, inSection: 1)?.title == "Chinotto")
        #expect(dataSource.title(forSection: 3) == nil)
    }

    @Test func hidesSectionsWithNoItems() {
        let noBeverages = Menu(
            restaurant: "Test", currency: .euro, pizzas: menu.pizzas, beverages: [],
            desserts: menu.desserts)
        let dataSource = MenuDataSource(menu: noBeverages)
        #expect(dataSource.numberOfSections == 2)
        #expect(dataSource.title(forSection: 1) == "Desserts")
        #expect(dataSource.item(forRow: 0, inSection: 1)?.title == "Tiramisù")
    }

    @Test func anEmptyMenuHasNoSections() {
        let empty = Menu(
            restaurant: "Test", currency: .euro, pizzas: [], beverages: [], desserts: [])
        #expect(MenuDataSource(menu: empty).numberOfSections == 0)
        #expect(MenuDataSource(menu: empty).item(forRow: 0, inSection: 0) == nil)
    }

    @Test func itemsCarryExactPricesShownInTheMenusCurrency() throws {
        let dataSource = MenuDataSource(menu: menu)
        let margherita = try #require(dataSource.item(forRow: 0, inSection: 0))
        #expect(margherita.price == Decimal(string: "8.5"))
        #expect(margherita.formattedPrice == "€8.50")
        #expect(margherita.description == "Tomato")
        #expect(dataSource.item(forRow: 1, inSection: 1)?.formattedPrice == "€3.20")
    }

    @Test(arguments: [
        ("0", "€0.00"), ("8.5", "€8.50"), ("12", "€12.00"), ("0.1", "€0.10"),
        ("1234.56", "€1234.56"),
        ("0.005", "€0.01"), ("2.675", "€2.68"),
    ])
    func formatsPricesWithTwoDecimals(price: String, shown: String) {
        #expect(Currency.euro.format(Decimal(string: price)!) == shown)
    }

    @Test func otherCurrenciesUseTheirSymbolOrCode() {
        #expect(Currency(code: "USD").format(3) == "$3.00")
        #expect(Currency(code: "GBP").format(3) == "£3.00")
        #expect(Currency(code: "CHF").format(3) == "CHF 3.00")
    }

    @Test func giuseppesMenuShipsWithTheModule() {
        let menu = Menu.giuseppes
        #expect(menu.restaurant == "Giuseppe's")
        #expect(menu.pizzas.count >= 6)
        #expect(menu.beverages.count >= 4)
        #expect(menu.desserts.count >= 3)
        #expect(menu.pizzas.allSatisfy { $0.price > 0 && $0.description != nil })
        #expect(menu.pizzas.first?.name == "Margherita")
    }
}
