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
        // Water declares no allergens: it is not taken for free of milk, but listed apart.
        #expect(noMilk.beverages.isEmpty)
        #expect(
            MenuFilter(without: [.milk]).undeclared(in: menu).beverages.map(\.name) == ["Water"])
        #expect(MenuFilter().apply(to: menu) == menu)
    }

    /// A dish whose allergens are not declared is never listed as free of one, and one whose
    /// labels are not declared never as suiting a diet: each is listed apart, to ask about.
    /// One declared to contain none is free of every one.
    @Test func whatADishHasNotDeclaredIsNeverTakenForNone() throws {
        let menu = try Menu(
            yaml: """
                currency: EUR
                beverages:
                  - {name: Water, price: 1, allergens: [], labels: [vegan]}
                  - {name: Juice, price: 2}
                  - {name: Beer, price: 3, allergens: [gluten], labels: []}
                """, file: "menu.yaml")
        let noNuts = MenuFilter(without: [.nuts])
        #expect(noNuts.apply(to: menu).beverages.map(\.name) == ["Water", "Beer"])
        #expect(noNuts.undeclared(in: menu).beverages.map(\.name) == ["Juice"])
        let vegan = MenuFilter(labels: [.vegan])
        #expect(vegan.apply(to: menu).beverages.map(\.name) == ["Water"])
        #expect(vegan.undeclared(in: menu).beverages.map(\.name) == ["Juice"])
        #expect(menu.beverages.map(\.allergensDeclared) == [true, false, true])
        #expect(menu.beverages.map(\.labelsDeclared) == [true, false, true])
        // Written back as declared, `[]` for none, and read as the same menu.
        let written = MenuFileWriter.yaml(of: menu)
        #expect(written.contains("    allergens: []\n"))
        #expect(try Menu(yaml: written, file: "again.yaml") == menu)
    }

    /// What a dish does declare still rules it out: an allergen left out, whatever its labels
    /// leave unsaid, and an allergen that no diet asked for allows (milk for vegan, fish for
    /// vegetarian, gluten for gluten-free). Such a dish is not one to ask about.
    @Test func whatADishDeclaresRulesItOutThoughItLeavesTheRestUnsaid() throws {
        let menu = try Menu(
            yaml: """
                currency: EUR
                desserts:
                  - {name: Tiramisu, price: 6, allergens: [eggs, milk, gluten]}
                  - {name: Sorbet, price: 4, allergens: []}
                  - {name: Special, price: 5}
                pizzas:
                  - {name: Napoletana, price: 9, allergens: [gluten, fish, milk]}
                """, file: "menu.yaml")
        let both = MenuFilter(without: [.milk], labels: [.vegan])
        #expect(both.apply(to: menu).desserts.isEmpty)
        #expect(both.undeclared(in: menu).desserts.map(\.name) == ["Sorbet", "Special"])
        let vegan = MenuFilter(labels: [.vegan])
        #expect(vegan.undeclared(in: menu).desserts.map(\.name) == ["Sorbet", "Special"])
        #expect(MenuFilter(labels: [.vegetarian]).undeclared(in: menu).pizzas.isEmpty)
        #expect(
            MenuFilter(labels: [.glutenFree]).undeclared(in: menu).desserts.map(\.name) == [
                "Sorbet", "Special",
            ])
    }

    /// Giuseppe's menu declares every dish: leaving out milk keeps the dishes without it, and
    /// asks about none; vegetarian keeps those that are.
    @Test func giuseppesMenuDeclaresEveryDish() {
        let menu = Menu.giuseppes
        for dish in MenuSection.allCases.flatMap(menu.dishes(in:)) {
            #expect(dish.allergensDeclared && dish.labelsDeclared, "\(dish.name)")
        }
        let noMilk = MenuFilter(without: [.milk])
        #expect(noMilk.apply(to: menu).pizzas.map(\.name) == ["Marinara"])
        #expect(!noMilk.apply(to: menu).desserts.contains { $0.name == "Tiramisù" })
        #expect(noMilk.undeclared(in: menu) == MenuFilter(labels: [.spicy]).undeclared(in: menu))
        #expect(
            MenuFilter(labels: [.vegetarian]).apply(to: menu).pizzas.map(\.name) == [
                "Margherita", "Marinara",
            ])
    }
}
