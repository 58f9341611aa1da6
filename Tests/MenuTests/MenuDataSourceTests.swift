import Foundation
import Menu
import Testing

@Suite("MenuDataSource: the walking skeleton, pizzas only")
struct MenuDataSourceTests {
    let pizzas: [Pizza] = [.fixture(name: "Margherita"), .fixture(name: "Capricciosa")]

    @Test func hasOneSection() {
        #expect(MenuDataSource(pizzas: pizzas).numberOfSections == 1)
    }

    @Test func hasOneRowPerPizzaInItsSection() {
        #expect(MenuDataSource(pizzas: pizzas).numberOfRows(inSection: 0) == 2)
    }

    @Test(arguments: [1, -1, 2, 99])
    func anyOtherSectionHasNoRows(section: Int) {
        #expect(MenuDataSource(pizzas: pizzas).numberOfRows(inSection: section) == 0)
    }

    @Test(arguments: [(0, "Margherita"), (1, "Capricciosa")])
    func theItemForARowIsTitledAfterItsPizza(row: Int, title: String) {
        #expect(MenuDataSource(pizzas: pizzas).item(forRow: row, inSection: 0)?.title == title)
    }

    @Test func theItemForARowIsThePizzasMenuItem() {
        #expect(
            MenuDataSource(pizzas: pizzas).item(forRow: 1, inSection: 0)
                == MenuItem(pizza: .fixture(name: "Capricciosa")))
    }

    @Test(arguments: [(2, 0), (0, 1), (-1, -1), (-1, 0), (0, -1), (Int.max, Int.max)])
    func anItemOutOfBoundsIsNilNeverACrash(row: Int, section: Int) {
        #expect(MenuDataSource(pizzas: pizzas).item(forRow: row, inSection: section) == nil)
    }

    @Test func aPizzaNeedsOnlyAName() {
        let pizza = Pizza(name: "Diavola")
        #expect(MenuItem(pizza: pizza).title == "Diavola")
        #expect(pizza.price == 0)
        #expect(pizza.description == nil)
    }
}
