import Foundation
import Menu
import Testing

/// Each item may list the allergens it contains, from the EU's 14, and dietary labels
/// (vegetarian, vegan, spicy, gluten-free): read from the menu file, refused when unknown
/// (naming the place and the value), kept by the data source's items and listed by name.
@Suite("Allergens and dietary labels")
struct AllergenTests {
    static let yaml = """
        currency: EUR
        pizzas:
          - name: Margherita
            price: 8.50
            allergens: [gluten, milk]
            labels: [vegetarian]
          - name: Diavola
            price: 9.50
            allergens:
              - gluten
              - milk
            labels: [spicy]
        beverages:
          - name: Water
            price: 1
            labels: [vegan, gluten-free]
        """

    @Test func theEUsFourteenAreKnownAndNamed() {
        #expect(Allergen.allCases.count == 14)
        #expect(Allergen.gluten.name == "cereals containing gluten")
        #expect(Allergen(rawValue: "nuts")?.name == "tree nuts")
        #expect(
            DietaryLabel.allCases.map(\.rawValue) == [
                "vegetarian", "vegan", "spicy", "gluten-free",
            ])
    }

    @Test func aMenuFileListsEachItemsAllergensAndLabels() throws {
        let menu = try Menu(yaml: Self.yaml, file: "menu.yaml")
        #expect(menu.pizzas[0].allergens == [.gluten, .milk])
        #expect(menu.pizzas[0].labels == [.vegetarian])
        #expect(menu.pizzas[1].labels == [.spicy])
        #expect(menu.beverages[0].allergens.isEmpty)
        #expect(menu.beverages[0].labels == [.vegan, .glutenFree])
        let item = try #require(MenuDataSource(menu: menu).item(forRow: 0, inSection: 0))
        #expect(item.allergens == [.gluten, .milk])
        #expect(item.labels == [.vegetarian])
    }

    @Test(arguments: [
        (
            "allergens: [gluten, nutz]", "pizzas[1].allergens",
            "'nutz' is not one of the EU's 14 allergens"
        ),
        (
            "labels: [keto]", "pizzas[1].labels",
            "'keto' is not a label (vegetarian, vegan, spicy or gluten-free)"
        ),
        ("allergens: gluten", "pizzas[1].allergens", "expected a list"),
        ("allergens: [milk, milk]", "pizzas[1].allergens", "'milk' appears twice"),
    ])
    func anUnknownAllergenOrLabelIsRefusedNamingItsPlace(
        line: String, field: String, problem: String
    ) {
        let yaml = "currency: EUR\npizzas:\n  - name: Margherita\n    price: 8\n    \(line)\n"
        #expect {
            try Menu(yaml: yaml, file: "menu.yaml")
        } throws: { error in
            guard let error = error as? MenuFileError else { return false }
            return error.field == field && "\(error)".contains(problem) && error.line == 5
        }
    }

    @Test func aListingGivesAllergensAndLabelsOnlyWhereThereAreSome() throws {
        let listing = MenuListing(menu: try Menu(yaml: Self.yaml, file: "menu.yaml"))
        let json = String(decoding: try listing.jsonData(), as: UTF8.self)
        #expect(json.contains(#""allergens" : ["#))
        #expect(json.components(separatedBy: "\"allergens\"").count - 1 == 2)
        let plain = String(
            decoding: try MenuListing(
                menu: try Menu(yaml: "currency: EUR\npizzas: [{name: A, price: 1}]", file: "m.yaml")
            ).jsonData(), as: UTF8.self)
        #expect(!plain.contains(#""allergens""#) && !plain.contains(#""labels""#))
        #expect(plain.contains(#""allergensDeclared" : false"#))
    }
}
