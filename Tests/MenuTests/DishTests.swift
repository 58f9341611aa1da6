import Foundation
import Testing

@testable import Menu

/// A dish is one value: a pizza, a beverage, a dessert, a row of the menu and the form's dish
/// each hold it whole, so an edit of one field keeps every other.
@Suite("One value for a dish")
struct DishTests {
    static let everything = Dish(
        name: "Diavola", price: Decimal(string: "10.50")!, description: "Spicy salami",
        allergens: [.gluten, .milk], allergensDeclared: true, labels: [.spicy],
        labelsDeclared: true, soldOut: .on(day: "2026-03-04"))

    @Test func eachKindHoldsTheDishWhole() {
        #expect(Pizza(Self.everything).dish == Self.everything)
        #expect(Beverage(Self.everything).dish == Self.everything)
        #expect(Dessert(Self.everything).dish == Self.everything)
        let pizza = Pizza(Self.everything)
        #expect(pizza.name == "Diavola")
        #expect(pizza.allergens == [.gluten, .milk])
        #expect(pizza.soldOut == .on(day: "2026-03-04"))
    }

    @Test func aRowShowsTheDishItHolds() {
        let row = MenuItem(offering: Pizza(Self.everything), currency: .euro)
        #expect(row.dish == Self.everything)
        #expect(row.title == "Diavola")
        #expect(row.formattedPrice == "€10.50")
        #expect(row.soldOut)
    }

    @Test func aDishReadFromTheMenuIsTheOneItHolds() throws {
        var menu = Menu(
            restaurant: "Test", currency: .euro, pizzas: [Pizza(Self.everything)], beverages: [],
            desserts: [])
        #expect(menu.dishes(in: .pizzas) == [Self.everything])
        var edited = Self.everything
        edited.description = "Spicy salami, chilli"
        menu = try menu.replacing(at: MenuPlace(section: .pizzas, index: 0), with: edited)
        #expect(menu.pizzas.first?.dish == edited)
    }

    @Test func repricingKeepsEveryOtherField() {
        let repriced = Pizza(Self.everything).priced(12)
        var expected = Self.everything
        expected.price = 12
        #expect(repriced.dish == expected)
    }
}
