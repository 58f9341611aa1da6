import CasebookTestSupport
import Foundation
import Menu
import Testing

@Suite("Reading a menu file an owner edits by hand")
struct MenuFileTests {
    @Test func readsCurrencyAndTheThreeListsWithExactPrices() throws {
        let yaml = """
            restaurant: Da Mario
            currency: EUR
            pizzas:
              - name: Marinara
                price: 7.10
                description: Tomato, garlic, oregano
            beverages:
              - name: Espresso
                price: 1.20
            desserts:
              - name: Panna cotta
                price: "5"
            """
        let menu = try Menu(yaml: yaml, file: "menu.yaml")
        #expect(menu.restaurant == "Da Mario")
        #expect(menu.currency == .euro)
        #expect(
            menu.pizzas == [
                Pizza(
                    name: "Marinara", price: Decimal(string: "7.10")!,
                    description: "Tomato, garlic, oregano")
            ])
        #expect(menu.beverages == [Beverage(name: "Espresso", price: Decimal(string: "1.2")!)])
        #expect(menu.desserts == [Dessert(name: "Panna cotta", price: 5)])
    }

    @Test func aMissingSectionIsAnEmptyOne() throws {
        let menu = try Menu(
            yaml: "currency: EUR\npizzas:\n  - {name: Margherita, price: 8}\n", file: "m.yaml")
        #expect(menu.beverages.isEmpty && menu.desserts.isEmpty)
        #expect(menu.restaurant == "Menu")
    }

    /// An owner who has taken every dessert off leaves the heading: `desserts:` with nothing
    /// under it (or `~`, or `""`) is a section with no items, not a broken file.
    @Test(arguments: ["desserts:\n", "desserts: ~\n", "desserts: \"\"\n"])
    func aSectionLeftEmptyHasNoItems(section: String) throws {
        let menu = try Menu(
            yaml: "currency: EUR\npizzas:\n  - {name: Margherita, price: 8}\n" + section,
            file: "m.yaml")
        #expect(menu.desserts.isEmpty)
        #expect(menu.pizzas.count == 1)
    }

    @Test(arguments: [
        ("currency: EUR\npizzas:\n  - price: 8\n", "m.yaml:3:5: pizzas[1]: missing name"),
        (
            "currency: EUR\npizzas:\n  - name: ''\n    price: 8\n",
            "m.yaml:3:11: pizzas[1].name: the name is empty"
        ),
        ("currency: EUR\npizzas:\n  - name: A\n", "m.yaml:3:5: pizzas[1]: missing price"),
        (
            "currency: EUR\npizzas:\n  - name: A\n    price: cheap\n",
            "m.yaml:4:12: pizzas[1].price: 'cheap' is not a price (a number ≥ 0 with at most 2 decimals)"
        ),
        (
            "currency: EUR\npizzas:\n  - name: A\n    price: -1\n",
            "m.yaml:4:12: pizzas[1].price: '-1' is not a price (a number ≥ 0 with at most 2 decimals)"
        ),
        (
            "currency: EUR\npizzas:\n  - name: A\n    price: 1.999\n",
            "m.yaml:4:12: pizzas[1].price: '1.999' is not a price (a number ≥ 0 with at most 2 decimals)"
        ),
        // A point needs digits on both sides: "8." and ".5" are typing slips, not prices.
        (
            "currency: EUR\npizzas:\n  - name: A\n    price: 8.\n",
            "m.yaml:4:12: pizzas[1].price: '8.' is not a price (a number ≥ 0 with at most 2 decimals)"
        ),
        (
            "currency: EUR\npizzas:\n  - name: A\n    price: .5\n",
            "m.yaml:4:12: pizzas[1].price: '.5' is not a price (a number ≥ 0 with at most 2 decimals)"
        ),
        (
            "currency: EUR\ndrinks:\n  - name: A\n    price: 1\n",
            "m.yaml:2:1: drinks: unknown section (expected pizzas, beverages or desserts, or the restaurant's address, phone, map, time_zone, cuisine, hours or exceptions, or the menu's languages)"
        ),
        (
            "currency: EUR\ndesserts:\n  - {name: Tiramisù, price: 5}\n  - {name: Tiramisù, price: 6}\n",
            "m.yaml:4:5: desserts[2]: duplicate item 'Tiramisù'"
        ),
        (
            "currency: EUR\npizzas:\n  - name: A\n    price: 1\n    prize: 2\n",
            "m.yaml:5:5: pizzas[1].prize: unknown field (expected name, price, description, allergens, labels, sold_out, photo, photo_alt or translations)"
        ),
        ("currency: EUR\npizzas: Margherita\n", "m.yaml:2:9: pizzas: expected a list of items"),
        (
            "currency: EUR\npizzas:\n  - Margherita\n",
            "m.yaml:3:5: pizzas[1]: expected an item with a name and a price"
        ),
        ("pizzas: []\n", "m.yaml: currency: missing (for example currency: EUR)"),
        (
            "currency: euro\n",
            "m.yaml:1:11: currency: 'euro' is not a three-letter currency code such as EUR"
        ),
        (
            "currency: EURO\n",
            "m.yaml:1:11: currency: 'EURO' is not a three-letter currency code such as EUR"
        ),
        (
            "currency: eur\n",
            "m.yaml:1:11: currency: 'eur' is not a three-letter currency code such as EUR"
        ),
        (
            "- a\n",
            "m.yaml:1:1: the menu must be a mapping with currency, pizzas, beverages and desserts"
        ),
        ("", "m.yaml: the file is empty"),
    ])
    func anInvalidFileIsAnErrorNamingFileLineColumnAndField(yaml: String, message: String) {
        #expect {
            try Menu(yaml: yaml, file: "m.yaml")
        } throws: { error in
            (error as? MenuFileError)?.description == message
        }
    }

    @Test func aYAMLSyntaxErrorNamesItsPlace() {
        #expect {
            try Menu(yaml: "currency: EUR\npizzas: [\n", file: "m.yaml")
        } throws: { error in
            let error = error as? MenuFileError
            return error?.line == 3 && error?.description.hasPrefix("m.yaml:3:") == true
        }
    }

    @Test func loadsARealFile() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.file(
            "menu.yaml", contents: "currency: GBP\npizzas:\n  - {name: Margherita, price: 9.5}\n")
        let menu = try Menu.load(from: url)
        #expect(menu.currency == Currency(code: "GBP"))
        #expect(menu.pizzas.first?.price == Decimal(string: "9.5"))
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect {
            try Menu.load(from: URL(fileURLWithPath: "/nonexistent/menu.yaml"))
        } throws: { error in
            (error as? MenuFileError)?.description
                == "/nonexistent/menu.yaml: cannot read the file: there is no such file"
        }
    }

    @Test func aFileThatIsNotTextOrNotAFileSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url
        let latin1 = folder.appendingPathComponent("latin1.yaml")
        try Data("restaurant: Caf\u{E9}\n".data(using: .isoLatin1)!).write(to: latin1)
        let expectations = [
            (latin1, "cannot read the file: it is not UTF-8 text"),
            (folder, "cannot read the file: it is a folder"),
        ]
        for (url, problem) in expectations {
            #expect(throws: MenuFileError(file: url.path, problem: problem)) {
                try Menu.load(from: url)
            }
        }
    }

    @Test func theShippedMenuIsAValidMenuFile() throws {
        #expect(try Menu(yaml: Menu.giuseppesYAML, file: "giuseppes-menu.yaml") == Menu.giuseppes)
    }
}
