import Foundation
import Menu
import Testing

/// A menu written as a menu file reads back as the same menu, whatever its text holds: the
/// file `casebook menu export` writes is one `--menu` and `menu --file` take.
@Suite("Writing a menu file")
struct MenuFileWriterTests {
    @Test func giuseppesMenuReadsBackTheSame() throws {
        let written = MenuFileWriter.yaml(of: .giuseppes)
        #expect(try Menu(yaml: written, file: "export.yaml") == .giuseppes)
    }

    /// Text YAML would read as something else (a number, a null, a boolean, a comment, a
    /// mapping, an alias) or that needs quoting, kept exactly; allergens, labels, empty
    /// sections and prices of every shape.
    @Test func anyTextReadsBackExactly() throws {
        let names = [
            "123", "1e3", "null", "~", "yes", "No", "true", "-", "- Marinara", "Calzone: big",
            "#1 pizza", "&anchor", "*alias", "\"quoted\"", "it's", "back\\slash", "{braces}",
            "[brackets]", "Zoë’s crème brûlée", " leading space", "trailing space ", "%percent",
            "@at", "`tick`", "!tag", "|pipe", ">fold", "0x1F", "0o17", ".inf", "=", "?",
        ]
        let pizzas = names.enumerated().map { index, name in
            Pizza(
                name: name, price: Decimal(index) + Decimal(string: "0.5")!,
                description: index.isMultiple(of: 2) ? "with \(name)" : nil,
                allergens: index.isMultiple(of: 3) ? [.gluten, .milk] : [],
                labels: index.isMultiple(of: 4) ? [.vegetarian, .glutenFree] : [])
        }
        let menu = Menu(
            restaurant: "O'Brien's: \"the\" #1", currency: Currency(code: "CHF"), pizzas: pizzas,
            beverages: [Beverage(name: "Water", price: 0)],
            desserts: [])
        let written = MenuFileWriter.yaml(of: menu)
        #expect(try Menu(yaml: written, file: "export.yaml") == menu)
    }
}
