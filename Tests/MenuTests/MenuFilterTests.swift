import Menu
import Testing

@Suite("Filtering the menu")
struct MenuFilterTests {
    @Test func leavesOutDishesWithAnAllergenAndKeepsThoseWithEveryLabel() throws {
        let menu = try Menu(yaml: AllergenTests.yaml, file: "menu.yaml")
        let vegetarian = MenuFilter(labels: [.vegetarian]).apply(to: menu)
        #expect(vegetarian.pizzas.map(\.name) == ["Margherita"])
        #expect(vegetarian.beverages.isEmpty)
        let noMilk = MenuFilter(without: [.milk]).apply(to: menu)
        #expect(noMilk.pizzas.isEmpty)
        #expect(noMilk.beverages.map(\.name) == ["Water"])
        #expect(MenuFilter().apply(to: menu) == menu)
    }
}
