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
            "say \"\u{301}", "a\\\u{301}", "a \u{2028} b", "a\u{2029}--- b", "x\u{FFFF}y",
        ]
        let pizzas = names.enumerated().map { index, name in
            Pizza(
                name: name, price: Decimal(index) + Decimal(string: "0.5")!,
                description: index.isMultiple(of: 2) ? "with \(name)" : nil,
                allergens: index.isMultiple(of: 3) ? [.gluten, .milk] : [],
                labels: index.isMultiple(of: 4) ? [.vegetarian, .spicy] : [])
        }
        let menu = Menu(
            restaurant: "O'Brien's: \"the\" #1", currency: Currency(code: "CHF"), pizzas: pizzas,
            beverages: [Beverage(name: "Water", price: 0)],
            desserts: [])
        let written = MenuFileWriter.yaml(of: menu)
        let read = try Menu(yaml: written, file: "export.yaml")
        for (original, back) in zip(menu.pizzas, read.pizzas) where original != back {
            Issue.record(
                "\(Array(original.name.unicodeScalars)) read back as \(Array(back.name.unicodeScalars))"
            )
        }
        #expect(read == menu)
    }
}

/// A menu's prices formatted as its locale writes them, set once in the file
/// (`locale: it_IT`): `8,50 €` for Giuseppe in Italy.
@Suite("A menu's locale")
struct MenuLocaleTests {
    static let yaml = """
        restaurant: Da Mario
        currency: EUR
        locale: it_IT
        pizzas:
          - {name: Margherita, price: 8.5}
          - {name: Famiglia, price: 12345.5}
        """

    @Test func pricesAreWrittenAsTheLocaleWritesThem() throws {
        let menu = try Menu(yaml: Self.yaml, file: "menu.yaml")
        #expect(menu.currency == Currency(code: "EUR", locale: "it_IT"))
        let items = MenuDataSource(menu: menu)
        #expect(items.item(forRow: 0, inSection: 0)?.formattedPrice == "8,50\u{a0}€")
        #expect(items.item(forRow: 1, inSection: 0)?.formattedPrice == "12.345,50\u{a0}€")
        #expect(Currency(code: "USD", locale: "en_US").format(8.5) == "$8.50")
        #expect(Currency(code: "EUR").format(8.5) == "€8.50")
        #expect(try Menu(yaml: MenuFileWriter.yaml(of: menu), file: "export.yaml") == menu)
    }

    @Test func anUnknownLocaleIsRefusedNamingIt() {
        let yaml = Self.yaml.replacingOccurrences(of: "it_IT", with: "xx_QQ")
        #expect {
            try Menu(yaml: yaml, file: "menu.yaml")
        } throws: { error in
            "\(error)".hasPrefix("menu.yaml:3:9: locale: 'xx_QQ' is not a locale")
        }
    }
}
