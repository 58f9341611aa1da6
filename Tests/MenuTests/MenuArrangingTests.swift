import Foundation
import Menu
import Testing

/// The menu arranged from a form: dishes added, changed, removed and moved within their
/// section, the sections put in another order, the currency and its locale set. A dish is
/// checked as a menu file's is (a name, unique in its section; text without control
/// characters; bounded lengths), and a refusal names the field and the value.
@Suite("Arranging the menu")
struct MenuArrangingTests {
    static let margherita = MenuPlace(section: .pizzas, index: 0)

    static func dish(_ name: String, _ price: Decimal = 7) -> MenuDish {
        MenuDish(name: name, price: price)
    }

    @Test func aDishAddedComesLastInItsSectionWithAllItSays() throws {
        let added = try Menu.giuseppes.adding(
            MenuDish(
                name: "Calzone", price: Decimal(string: "10.50")!, description: "folded",
                allergens: [.milk, .gluten], labels: [.vegetarian],
                soldOut: .untilFurtherNotice),
            to: .pizzas)
        let calzone = try #require(added.pizzas.last)
        #expect(added.pizzas.count == Menu.giuseppes.pizzas.count + 1)
        #expect(calzone.name == "Calzone")
        #expect(calzone.price == Decimal(string: "10.50")!)
        #expect(calzone.description == "folded")
        #expect(calzone.allergens == [.gluten, .milk])
        #expect(calzone.labels == [.vegetarian])
        #expect(calzone.soldOut == .untilFurtherNotice)
        #expect(Array(added.pizzas.dropLast()) == Menu.giuseppes.pizzas)
        #expect(added.beverages == Menu.giuseppes.beverages)
        let place = MenuPlace(section: .pizzas, index: Menu.giuseppes.pizzas.count)
        #expect(added.details(at: place)?.name == "Calzone")
    }

    @Test func aDishChangedKeepsItsPlaceAndReadsBackAsItWasGiven() throws {
        var margherita = try #require(Menu.giuseppes.details(at: Self.margherita))
        #expect(margherita.name == "Margherita")
        margherita.name = "Regina"
        margherita.description = nil
        margherita.allergens = [.gluten]
        let changed = try Menu.giuseppes.replacing(at: Self.margherita, with: margherita)
        #expect(changed.details(at: Self.margherita) == margherita)
        #expect(Array(changed.pizzas.dropFirst()) == Array(Menu.giuseppes.pizzas.dropFirst()))
        // The same dish given back: the same menu.
        let same = try #require(Menu.giuseppes.details(at: Self.margherita))
        #expect(try Menu.giuseppes.replacing(at: Self.margherita, with: same) == .giuseppes)
    }

    @Test func aDishRemovedLeavesTheOthersInOrder() throws {
        let removed = try #require(Menu.giuseppes.removing(at: Self.margherita))
        #expect(removed.pizzas == Array(Menu.giuseppes.pizzas.dropFirst()))
        #expect(Menu.giuseppes.removing(at: MenuPlace(section: .desserts, index: 99)) == nil)
    }

    @Test func aDishMovesUpAndDownWithinItsSectionOnly() throws {
        let names = Menu.giuseppes.pizzas.map(\.name)
        let down = try #require(Menu.giuseppes.moving(at: Self.margherita, by: 1))
        #expect(down.pizzas.map(\.name) == [names[1], names[0]] + names.dropFirst(2))
        let back = try #require(down.moving(at: MenuPlace(section: .pizzas, index: 1), by: -1))
        #expect(back == .giuseppes)
        // Up from the top, or down from the bottom: nowhere to go.
        #expect(Menu.giuseppes.moving(at: Self.margherita, by: -1) == nil)
        let last = MenuPlace(section: .pizzas, index: names.count - 1)
        #expect(Menu.giuseppes.moving(at: last, by: 1) == nil)
        #expect(Menu.giuseppes.moving(at: MenuPlace(section: .pizzas, index: 99), by: -1) == nil)
    }

    @Test func sectionsAreShownListedAndPlacedInTheMenusOrder() throws {
        #expect(Menu.giuseppes.sectionOrder == [.pizzas, .beverages, .desserts])
        let moved = try #require(Menu.giuseppes.movingSection(.desserts, by: -2))
        #expect(moved.sectionOrder == [.desserts, .pizzas, .beverages])
        #expect(Menu.giuseppes.movingSection(.pizzas, by: -1) == nil)
        #expect(Menu.giuseppes.movingSection(.desserts, by: 1) == nil)
        let source = MenuDataSource(menu: moved)
        #expect(source.title(forSection: 0) == "Desserts")
        #expect(source.title(forSection: 2) == "Beverages")
        #expect(moved.places.first?.section == .desserts)
        #expect(
            MenuListing(menu: moved).sections.map(\.title) == ["Desserts", "Pizzas", "Beverages"])
    }

    @Test func theSectionsOrderIsWrittenToTheFileAndReadBack() throws {
        let moved = try #require(Menu.giuseppes.movingSection(.beverages, by: -1))
        let written = MenuFileWriter.yaml(of: moved)
        #expect(written.contains("section_order: [beverages, pizzas, desserts]\n"))
        #expect(try Menu(yaml: written, file: "menu.yaml") == moved)
        // The usual order is not written.
        #expect(!MenuFileWriter.yaml(of: .giuseppes).contains("section_order"))
    }

    @Test(arguments: [
        ("[desserts, pizzas]", "lists every section once (pizzas, beverages and desserts)"),
        ("[desserts, pizzas, pizzas]", "'pizzas' appears twice"),
        ("[desserts, pizzas, wine]", "'wine' is not a section (pizzas, beverages or desserts)"),
        ("desserts", "expected a list, as [pizzas, beverages, desserts]"),
    ])
    func aSectionOrderThatIsNoneIsRefusedWithItsPlace(order: String, problem: String) {
        let file = "currency: EUR\nsection_order: \(order)\npizzas:\n  - name: A\n    price: 1\n"
        #expect {
            _ = try Menu(yaml: file, file: "menu.yaml")
        } throws: { error in
            let error = error as? MenuFileError
            return error?.field == "section_order" && error?.line == 2
                && error?.problem.contains(problem) == true
        }
    }

    @Test(arguments: [
        ("", "name", "the name is empty"),
        ("   ", "name", "the name is empty"),
        ("Diavola", "name", "'Diavola' is on the menu already"),
        ("DIAVOLA", "name", "'DIAVOLA' is on the menu already"),
        ("Bell\u{7}", "name", "holds a control character (U+0007)"),
        (String(repeating: "x", count: 201), "name", "at most 200 characters"),
    ])
    func aDishThatCannotBeIsRefusedNamingItsField(name: String, field: String, problem: String) {
        #expect {
            _ = try Menu.giuseppes.replacing(at: Self.margherita, with: Self.dish(name))
        } throws: { error in
            let error = error as? MenuEditError
            return error?.field == field && error?.problem.contains(problem) == true
        }
        #expect(throws: MenuEditError.self) {
            _ = try Menu.giuseppes.adding(Self.dish(name), to: .pizzas)
        }
    }

    @Test func theRestaurantIsNamedAsADishIs() throws {
        let named = try Menu.giuseppes.named("Da Giuseppe", currency: Currency(code: "CHF"))
        #expect(named.restaurant == "Da Giuseppe")
        #expect(named.currency == Currency(code: "CHF"))
        #expect(named.pizzas == Menu.giuseppes.pizzas)
        #expect(throws: MenuEditError(field: "restaurant", problem: "the name is empty")) {
            _ = try Menu.giuseppes.named(" ", currency: .euro)
        }
        #expect(throws: MenuEditError.self) {
            _ = try Menu.giuseppes.named("Tab\there", currency: .euro)
        }
    }

    /// A name is bounded in Unicode scalars, not characters: one character may carry
    /// thousands of combining marks.
    @Test func aNameOfOneCharacterAndManyMarksIsRefused() {
        let name = "e" + String(repeating: "\u{301}", count: 300)
        #expect(name.count == 1)
        #expect(throws: MenuEditError(field: "name", problem: "is at most 200 characters")) {
            _ = try Menu.giuseppes.adding(Self.dish(name), to: .pizzas)
        }
    }

    /// A menu holds at most `Menu.mostDishes` dishes, so that every revision reads back.
    @Test func aDishPastTheMostAMenuHoldsIsRefused() throws {
        var menu = Menu.giuseppes
        menu.pizzas = (0..<(Menu.mostDishes - menu.beverages.count - menu.desserts.count)).map {
            Pizza(name: "Pizza \($0)", price: 1)
        }
        #expect {
            _ = try menu.adding(Self.dish("One more"), to: .desserts)
        } throws: { error in
            (error as? MenuEditError)?.problem == "the menu holds at most \(Menu.mostDishes) dishes"
        }
        let written = MenuFileWriter.yaml(of: menu)
        #expect(try Menu(yaml: written, file: "menu.yaml") == menu)
    }

    @Test func aDescriptionIsBoundedAndShowsNoControlCharacter() {
        var dish = Self.dish("Calzone")
        dish.description = String(repeating: "é", count: 2_001)
        #expect(throws: MenuEditError(field: "description", problem: "is at most 2000 characters"))
        {
            _ = try Menu.giuseppes.adding(dish, to: .pizzas)
        }
        dish.description = "line\nbreak"
        #expect {
            _ = try Menu.giuseppes.adding(dish, to: .pizzas)
        } throws: { error in
            (error as? MenuEditError)?.field == "description"
        }
    }

    @Test func aDishKeepsItsOwnNameWhenChangedAndANameInAnotherSectionIsFree() throws {
        let margherita = try #require(Menu.giuseppes.details(at: Self.margherita))
        var cheaper = margherita
        cheaper.price = 1
        #expect(
            try Menu.giuseppes.replacing(at: Self.margherita, with: cheaper).pizzas[0].price == 1)
        let beverage = try Menu.giuseppes.adding(Self.dish("Margherita"), to: .beverages)
        #expect(beverage.beverages.last?.name == "Margherita")
        #expect(throws: MenuEditError.self) {
            _ = try Menu.giuseppes.replacing(
                at: MenuPlace(section: .pizzas, index: 99), with: cheaper)
        }
    }

    @Test(
        arguments: [
            ("EUR", "it_IT", "8,50\u{a0}€"), ("CHF", nil, "CHF 8.50"), ("USD", "en_US", "$8.50"),
        ] as [(String, String?, String)])
    func theCurrencyAndItsLocaleAreCheckedAndShown(code: String, locale: String?, shown: String)
        throws
    {
        let currency = try Currency.checked(code: code, locale: locale)
        #expect(currency.format(Decimal(string: "8.5")!) == shown)
    }

    @Test(
        arguments: [
            ("eur", nil, "currency", "'eur' is not a three-letter currency code such as EUR"),
            ("EURO", nil, "currency", "'EURO' is not a three-letter currency code such as EUR"),
            (
                "EUR", "xx_YY", "locale",
                "'xx_YY' is not a locale (a language and region such as it_IT)"
            ),
        ] as [(String, String?, String, String)])
    func aCurrencyOrLocaleThatIsNoneIsRefused(
        code: String, locale: String?, field: String, problem: String
    ) {
        #expect(throws: MenuEditError(field: field, problem: problem)) {
            _ = try Currency.checked(code: code, locale: locale)
        }
    }
}
