import CasebookTestSupport
import Foundation
import Testing

@testable import Menu

#if canImport(Glibc)
    import Glibc
#endif

/// A menu file is outside input too: it cannot make the reader expand, recurse or wait, and no
/// price is silently rounded.
@Suite("Menu files that try too much")
struct HostileMenuFileTests {
    /// A menu file may open with a byte order mark (Windows' Notepad writes one), as YAML
    /// allows: it reads as the same file without it.
    @Test func aByteOrderMarkOpeningTheFileIsReadPast() throws {
        let marked = try Menu(yaml: "\u{FEFF}" + Menu.giuseppesYAML, file: "m.yaml")
        #expect(marked == Menu.giuseppes)
    }

    /// A file holds at most as many dishes as the browser's form arranges, so that every menu a
    /// file brings can be edited there: the one past them is named.
    @Test func aMenuOfMoreDishesThanAFormArrangesIsRefusedNamingTheFirstTooMany() throws {
        func menu(pizzas: Int, desserts: Int) -> String {
            "currency: EUR\npizzas:\n"
                + (0..<pizzas).map { "  - {name: P\($0), price: 1}\n" }.joined()
                + "desserts:\n" + (0..<desserts).map { "  - {name: D\($0), price: 1}\n" }.joined()
        }
        let full = try Menu(yaml: menu(pizzas: 600, desserts: 400), file: "m.yaml")
        #expect(full.pizzas.count + full.desserts.count == Menu.mostDishes)
        #expect {
            try Menu(yaml: menu(pizzas: 600, desserts: 401), file: "m.yaml")
        } throws: { error in
            "\(error)"
                == "m.yaml:1004:5: desserts[401]: a menu holds at most 1000 dishes, and this is dish 1001"
        }
    }

    @Test(arguments: [
        (
            "currency: EUR\npizzas: &p\n  - {name: A, price: 1}\ndesserts: *p\n",
            "m.yaml:2:9: anchors (&name) are not supported: write the value out in full"
        ),
        (
            "currency: EUR\nrestaurant: " + String(repeating: "[", count: 64)
                + String(repeating: "]", count: 64),
            "m.yaml:2:76: nested more than 64 levels deep"
        ),
        (
            "currency: EUR\npizzas:\n  - {name: A, price: 1234567890.00}\n",
            "m.yaml:3:22: pizzas[1].price: '1234567890.00' is too large a price (at most 999999999.99)"
        ),
        (
            "currency: EUR\npizzas:\n  - {name: A, price: 100000000000000000000000000000000000000000.5}\n",
            "m.yaml:3:22: pizzas[1].price: '100000000000000000000000000000000000000000.5' is too large a price (at most 999999999.99)"
        ),
    ])
    func isRefusedNamingThePlace(yaml: String, message: String) {
        let error = #expect(throws: MenuFileError.self) { try Menu(yaml: yaml, file: "m.yaml") }
        #expect(error?.description == message)
    }

    /// A menu's text is one line of characters that show: a control character, which YAML's
    /// escapes (`"\e"`, `"\0"`, `"\N"`) or a block scalar's line break put in, would reach a
    /// terminal (as a command to it) or a page as it is.
    @Test(arguments: [
        (
            "currency: EUR\npizzas:\n  - {name: \"Marg\\e[2Jherita\", price: 1}\n",
            "m.yaml:3:12: pizzas[1].name: holds a control character (U+001B), which a menu's text may not hold"
        ),
        (
            "currency: EUR\npizzas:\n  - {name: \"A\\0\", price: 1}\n",
            "m.yaml:3:12: text may not contain a NUL character"
        ),
        (
            "currency: EUR\ndesserts:\n  - {name: A, price: 1}\n  - {name: B, price: 2, description: \"x\\ry\"}\n",
            "m.yaml:4:38: desserts[2].description: holds a control character (U+000D), which a menu's text may not hold"
        ),
        (
            "currency: EUR\nrestaurant: \"Giuseppe\\t's\"\n",
            "m.yaml:2:13: restaurant: holds a control character (U+0009), which a menu's text may not hold"
        ),
        (
            "currency: EUR\nbeverages:\n  - {name: \"Cola\\N\", price: 1}\n",
            "m.yaml:3:12: beverages[1].name: holds a control character (U+0085), which a menu's text may not hold"
        ),
        (
            "currency: EUR\nbeverages:\n  - {name: \"Cola\\x7F\", price: 1}\n",
            "m.yaml:3:12: beverages[1].name: holds a control character (U+007F), which a menu's text may not hold"
        ),
        (
            "currency: EUR\npizzas:\n  - name: A\n    price: 1\n    description: >\n      Tomato\n",
            "m.yaml:5:18: pizzas[1].description: holds a control character (U+000A), which a menu's text may not hold"
        ),
    ])
    func textWithAControlCharacterIsRefused(yaml: String, message: String) {
        let error = #expect(throws: MenuFileError.self) { try Menu(yaml: yaml, file: "m.yaml") }
        #expect(error?.description == message)
    }

    /// A dish's text typed in a form holds nothing that ends a line without being a control
    /// character (the line and paragraph separators) or makes text show as other text (the
    /// bidirectional overrides, embeddings and isolates: `U+202E` shows "Diavola" as
    /// "alovaiD"). A menu file may hold them, so that every menu's export reads back.
    @Test(arguments: [0x2028, 0x2029, 0x202E, 0x2066])
    func aDishTypedWithTextThatEndsALineOrTurnsAroundIsRefused(codePoint: UInt32) throws {
        let character = String(Character(Unicode.Scalar(codePoint)!))
        let shown = "U+" + String(codePoint, radix: 16, uppercase: true)
        for (name, description) in [("Diavola" + character, nil), ("Diavola", "hot" + character)] {
            var dish = MenuDish(name: name, price: 1)
            dish.description = description
            let error = #expect(throws: MenuEditError.self) { try dish.checked(beside: []) }
            #expect(
                error?.problem
                    == "holds \(shown), which ends a line or turns text around, and a menu's text "
                    + "may not hold it")
        }
        let yaml = "currency: EUR\npizzas:\n  - {name: \"Diavola\(character)\", price: 1}\n"
        #expect(try Menu(yaml: yaml, file: "m.yaml").pizzas.first?.name == "Diavola" + character)
    }

    @Test func theLargestPriceIsKeptExactly() throws {
        let menu = try Menu(
            yaml: "currency: EUR\npizzas:\n  - {name: A, price: 999999999.99}\n", file: "m.yaml")
        #expect(menu.pizzas.first?.price == Decimal(string: "999999999.99"))
    }

    @Test func aMenuFileThatIsAFIFOOrTooLargeIsNotRead() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.appending("fifo.yaml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(
            throws: MenuFileError(
                file: fifo.path, problem: "cannot read the file: it is a FIFO, not a regular file")
        ) {
            try Menu.load(from: fifo)
        }
        let large = try directory.file(
            "large.yaml",
            contents: "currency: EUR\n#" + String(repeating: "x", count: Menu.maximumFileSize))
        #expect(
            throws: MenuFileError(
                file: large.path,
                problem: "cannot read the file: it is larger than 1 MiB, the most read here")
        ) {
            try Menu.load(from: large)
        }
    }

    @Test func aMenuFileReachedThroughALinkIsRead() throws {
        let directory = try TemporaryDirectory()
        let real = try directory.file("real.yaml", contents: "currency: GBP\n")
        let link = directory.appending("menu.yaml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        #expect(try Menu.load(from: link).currency == Currency(code: "GBP"))
    }
}
