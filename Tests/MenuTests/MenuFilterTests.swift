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

    /// A price or a mark saved from the editor keeps what each dish declares, `[]` included:
    /// Still water still contains none of the 14 allergens.
    @Test func repricingAndMarkingKeepWhatADishDeclares() throws {
        let water = MenuPlace(section: .beverages, index: 0)
        let repriced = try #require(Menu.giuseppes.repriced([water: 2.5]))
        #expect(repriced.beverages[0].allergensDeclared && repriced.beverages[0].labelsDeclared)
        let marked = try #require(Menu.giuseppes.marked([water: .untilFurtherNotice]))
        #expect(marked.beverages[0].allergensDeclared)
        let served = Menu.giuseppes.served(onDay: "2026-12-01")
        #expect(served.beverages.allSatisfy { $0.allergensDeclared && $0.labelsDeclared })
        #expect(
            MenuChange.list(from: .giuseppes, to: repriced).map(\.text) == [
                "Still water: 2.00 → 2.50"
            ])
        var undeclared = try #require(Menu.giuseppes.details(at: water))
        undeclared.allergensDeclared = false
        let changed = try Menu.giuseppes.replacing(at: water, with: undeclared)
        #expect(
            MenuChange.list(from: .giuseppes, to: changed).map(\.text) == [
                "Still water: allergens no longer declared"
            ])
    }

    /// A diet that one of a dish's allergens rules out is refused, in a file and a form.
    @Test func aDietItsAllergensRuleOutIsRefused() throws {
        #expect {
            try Menu(
                yaml:
                    "currency: EUR\ndesserts:\n  - {name: Gelato, price: 4, allergens: [milk], labels: [vegan]}\n",
                file: "m.yaml")
        } throws: { error in
            "\(error)"
                == "m.yaml:3:5: desserts[1].labels: 'vegan' cannot be said of a dish that contains milk"
        }
        let place = MenuPlace(section: .desserts, index: 3)
        var affogato = try #require(Menu.giuseppes.details(at: place))
        affogato.labels = [.vegan]
        #expect(throws: MenuEditError.self) {
            try Menu.giuseppes.replacing(at: place, with: affogato)
        }
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
        for section in MenuSection.allCases {
            #expect(noMilk.undeclared(in: menu).dishes(in: section).isEmpty)
            #expect(MenuFilter(labels: [.spicy]).undeclared(in: menu).dishes(in: section).isEmpty)
        }
        #expect(
            MenuFilter(labels: [.vegetarian]).apply(to: menu).pizzas.map(\.name) == [
                "Margherita", "Marinara",
            ])
    }
}
