import Foundation
import Menu
import Testing

/// What a revision changed of the one before, in words, dish by dish (matched by name in its
/// section, or by place when renamed): what a history page lists, and a dish's history picks.
@Suite("What a revision changed")
struct MenuChangeTests {
    static let margherita = MenuPlace(section: .pizzas, index: 0)

    static func lines(_ old: Menu?, _ new: Menu) -> [String] {
        MenuChange.list(from: old, to: new).map(\.text)
    }

    @Test func theFirstRevisionPutsEveryDishOnTheMenu() {
        let changes = MenuChange.list(from: nil, to: .giuseppes)
        #expect(changes.count == Menu.giuseppes.places.count)
        #expect(
            changes.first == MenuChange(dish: "Margherita", text: "Margherita: on the menu at 8.50")
        )
    }

    @Test func aPriceAndAMarkAreSaidInOneLine() throws {
        let changed = try #require(
            Menu.giuseppes.repriced([Self.margherita: Decimal(string: "7.9")!])?
                .marked([Self.margherita: .untilFurtherNotice]))
        #expect(
            Self.lines(.giuseppes, changed)
                == ["Margherita: 8.50 → 7.90, sold out until further notice"])
        #expect(Self.lines(changed, .giuseppes) == ["Margherita: 7.90 → 8.50, offered again"])
    }

    @Test func addedRemovedAndRenamedDishesAreSaid() throws {
        let added = try Menu.giuseppes.adding(MenuDish(name: "Calzone", price: 11), to: .pizzas)
        #expect(Self.lines(.giuseppes, added) == ["Calzone: added at 11.00"])
        let removed = try #require(Menu.giuseppes.removing(at: Self.margherita))
        #expect(Self.lines(.giuseppes, removed) == ["Margherita: removed"])
        var regina = try #require(Menu.giuseppes.details(at: Self.margherita))
        regina.name = "Regina"
        let renamed = try Menu.giuseppes.replacing(at: Self.margherita, with: regina)
        #expect(Self.lines(.giuseppes, renamed) == ["Margherita: renamed Regina"])
        #expect(MenuChange.list(from: .giuseppes, to: renamed).first?.dish == "Regina")
    }

    @Test func whatADishSaysAndWhereItIsAreSaid() throws {
        var margherita = try #require(Menu.giuseppes.details(at: Self.margherita))
        margherita.description = "tomato only"
        margherita.allergens = [.gluten]
        margherita.labels = [.vegan]
        let changed = try Menu.giuseppes.replacing(at: Self.margherita, with: margherita)
        #expect(
            Self.lines(.giuseppes, changed) == [
                "Margherita: description changed, allergens gluten, milk → gluten, labels vegetarian → vegan"
            ])
        let moved = try #require(Menu.giuseppes.moving(at: Self.margherita, by: 1))
        #expect(Self.lines(.giuseppes, moved) == ["Pizzas: put in another order"])
        let sections = try #require(Menu.giuseppes.movingSection(.desserts, by: -1))
        #expect(Self.lines(.giuseppes, sections) == ["Sections: Pizzas, Desserts, Beverages"])
    }

    @Test func theRestaurantItsCurrencyAndLocaleAreSaid() throws {
        var menu = Menu.giuseppes
        menu.restaurant = "Da Giuseppe"
        menu.currency = try Currency.checked(code: "CHF", locale: "it_CH")
        #expect(
            Self.lines(.giuseppes, menu) == [
                "Restaurant: Giuseppe's → Da Giuseppe", "Currency: EUR → CHF, written as in it_CH",
            ])
        #expect(Self.lines(.giuseppes, .giuseppes) == [])
    }

    /// A change of the locale alone says what the prices were written as, and are: not the
    /// currency's code twice.
    @Test func aChangeOfTheLocaleAloneSaysItsLocales() throws {
        var italian = Menu.giuseppes
        italian.currency = try Currency.checked(code: "EUR", locale: "it_IT")
        var german = italian
        german.currency = try Currency.checked(code: "EUR", locale: "de_DE")
        #expect(
            Self.lines(.giuseppes, italian) == [
                "Currency: EUR, written as by default → as in it_IT"
            ])
        #expect(Self.lines(italian, german) == ["Currency: EUR, written as in it_IT → as in de_DE"])
        #expect(
            Self.lines(german, .giuseppes) == ["Currency: EUR, written as in de_DE → as by default"]
        )
    }

    /// A change of currency and locale together says both locales, as a change of the locale
    /// alone does.
    @Test func aChangeOfCurrencyAndLocaleSaysBothLocales() throws {
        var italian = Menu.giuseppes
        italian.currency = try Currency.checked(code: "EUR", locale: "it_IT")
        var swiss = italian
        swiss.currency = try Currency.checked(code: "CHF", locale: "de_CH")
        #expect(
            Self.lines(italian, swiss) == ["Currency: EUR → CHF, written as in it_IT → as in de_CH"]
        )
        #expect(
            Self.lines(swiss, .giuseppes) == [
                "Currency: CHF → EUR, written as in de_CH → as by default"
            ])
    }
}
