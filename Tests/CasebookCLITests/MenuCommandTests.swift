import CasebookTestSupport
import Foundation
import Testing

@Suite("casebook menu")
struct MenuCommandTests {
    @Test func printsGiuseppesMenuAsAlignedText() throws {
        let result = try CasebookExecutable.run(["menu"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Giuseppe's")
        #expect(
            lines.filter { !$0.hasPrefix(" ") && !$0.isEmpty }.dropFirst() == [
                "Pizzas", "Beverages", "Desserts",
            ])
        #expect(
            lines.contains(
                "  Margherita            €8.50  Tomato, mozzarella, basil, olive oil"))
        #expect(
            lines.contains("  Tiramisù              €6.00  Mascarpone, coffee, savoiardi, cocoa"))
        // A dish's row, then its labels and allergens indented beneath it.
        let rows = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("    ") }
        #expect(rows.count == 16)
        #expect(
            lines.contains("    Vegetarian, Vegan, Gluten-free; contains none of the 14 allergens"))
        let priceEnds = rows.map { row in
            row.distance(from: row.startIndex, to: row.firstRange(of: ".")!.upperBound) + 2
        }
        #expect(Set(priceEnds).count == 1, "prices are right-aligned in one column")
    }

    @Test func printsTheMenuAsJSONWithSectionsInOrder() throws {
        let result = try CasebookExecutable.run(["menu", "--json"])
        #expect(result.status == 0)
        let json =
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            as? [String: Any]
        let sections = try #require(json?["sections"] as? [[String: Any]])
        #expect(sections.map { $0["title"] as? String } == ["Pizzas", "Beverages", "Desserts"])
        let first = try #require((sections[0]["items"] as? [[String: Any]])?.first)
        #expect(first["title"] as? String == "Margherita")
        #expect(first["price"] as? String == "8.50")
    }

    @Test func readsAnotherMenuFile() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.file(
            "menu.yaml",
            contents:
                "restaurant: Da Mario\ncurrency: EUR\ndesserts:\n  - {name: Gelato, price: 4}\n")
        let result = try CasebookExecutable.run(["menu", "--file", url.path])
        #expect(
            result.standardOutput
                == "Da Mario\n\nDesserts\n  Gelato  €4.00\n    allergens not declared\n")
    }

    /// The restaurant itself, under its name: where, how to call, whether open, its hours.
    @Test func theRestaurantsDetailsAreUnderItsName() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.file(
            "menu.yaml",
            contents: """
                restaurant: Da Mario
                currency: EUR
                address: Via Roma 12, Milano
                phone: +39 02 555 1234
                time_zone: Europe/Rome
                hours:
                  monday: closed
                  tuesday: 00:00-24:00
                exceptions:
                  2099-12-25: closed
                desserts:
                  - {name: Gelato, price: 4}

                """)
        let lines = try CasebookExecutable.run(["menu", "--file", url.path]).standardOutput
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "Da Mario")
        #expect(lines[1] == "Via Roma 12, Milano · +39 02 555 1234")
        #expect(lines[2].hasSuffix("(Europe/Rome time)"))
        #expect(lines[2].hasPrefix("Open now") || lines[2].hasPrefix("Closed"))
        #expect(lines[3] == "Hours: Monday closed; Tuesday 00:00-24:00")
        #expect(lines[4] == "Days that differ: 2099-12-25 closed")
        #expect(lines[5] == "")
        #expect(lines[6] == "Desserts")
    }

    /// `menu export` writes a menu file that reads back as the same menu: Giuseppe's, and one
    /// given with --file.
    @Test func exportsAMenuFileThatReadsBackAsTheSameMenu() throws {
        let directory = try TemporaryDirectory()
        let original = try directory.file(
            "menu.yaml",
            contents: "restaurant: Da Mario\ncurrency: EUR\ndesserts:\n"
                + "  - {name: \"Gelato: 3 scoops\", price: 4.5, allergens: [milk, nuts]}\n")
        for file in [nil, original.path] {
            let arguments = file.map { ["--file", $0] } ?? []
            let exported = try CasebookExecutable.run(["menu", "export"] + arguments)
            #expect(exported.status == 0, "\(exported.standardError)")
            let copy = try directory.file("copy.yaml", contents: exported.standardOutput)
            let before = try CasebookExecutable.run(["menu", "--json"] + arguments)
            let after = try CasebookExecutable.run(["menu", "--json", "--file", copy.path])
            #expect(after.status == 0, "\(after.standardError)")
            #expect(after.standardOutput == before.standardOutput)
        }
        let missing = try CasebookExecutable.run(["menu", "export", "--file", "/nonexistent.yaml"])
        #expect(missing.status == 1)
    }

    @Test func aDishsLabelsAndAllergensAreALineBelowIt() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.file(
            "menu.yaml",
            contents: "restaurant: Da Mario\ncurrency: EUR\ndesserts:\n"
                + "  - {name: Gelato, price: 4, allergens: [milk, nuts], labels: [vegetarian]}\n"
                + "  - {name: Sorbet, price: 3}\n")
        let result = try CasebookExecutable.run(["menu", "--file", url.path])
        #expect(
            result.standardOutput
                == "Da Mario\n\nDesserts\n  Gelato  €4.00\n    Vegetarian; contains milk, tree nuts\n"
                + "  Sorbet  €3.00\n    allergens not declared\n")
    }

    @Test func anInvalidMenuFileIsAnErrorOnStandardErrorWithStatus1() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.file(
            "menu.yaml", contents: "currency: EUR\npizzas:\n  - name: A\n    price: cheap\n")
        let result = try CasebookExecutable.run(["menu", "--file", url.path])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "casebook menu: \(url.path):4:12: pizzas[1].price: 'cheap' is not a price (a number ≥ 0 with at most 2 decimals)\n"
        )
    }

    /// Text from a file quoted in a message (here the names of an unknown section and an
    /// unknown field) shows its control characters as octal escapes: a terminal receives no command.
    @Test func aMessageQuotingTheFileShowsItsControlCharactersEscaped() throws {
        let directory = try TemporaryDirectory()
        let unknown = try directory.file(
            "unknown.yaml", contents: "currency: EUR\n\"\\e]0;owned\\a\": 1\n")
        let field = try directory.file(
            "field.yaml", contents: "currency: EUR\npizzas:\n  - {name: A, \"\\e[2J\": 1}\n")
        let first = try CasebookExecutable.run(["menu", "--file", unknown.path])
        #expect(
            first.standardError
                == "casebook menu: \(unknown.path):2:1: \\033]0;owned\\007: unknown section (expected pizzas, beverages or desserts, or the restaurant's address, phone, map, time_zone, cuisine, hours or exceptions, or the menu's languages)\n"
        )
        let second = try CasebookExecutable.run(["menu", "--file", field.path])
        #expect(
            second.standardError
                == "casebook menu: \(field.path):3:15: pizzas[1].\\033[2J: unknown field (expected name, price, description, allergens, labels, sold_out, photo, photo_alt or translations)\n"
        )
    }

    @Test func printsTheShippedMenuFileAsATemplate() throws {
        let result = try CasebookExecutable.run(["menu", "--template"])
        #expect(result.standardOutput.contains("restaurant: Giuseppe's\ncurrency: EUR\n"))
        #expect(result.standardOutput.contains("# time_zone: Europe/Rome\n"))
        #expect(result.standardOutput.contains("\npizzas:\n"))
    }
}

/// `casebook menu import FILE`: a menu file loaded into the server's store as its next
/// revision, which the server serves and `casebook menu --data` shows; the same file again
/// saves nothing; a file that is no menu is refused naming its line, and nothing is saved.
@Suite("casebook menu import")
struct MenuImportCommandTests {
    let data: TemporaryDirectory

    init() throws { data = try TemporaryDirectory() }

    static let menu = """
        restaurant: Da Mario
        currency: EUR
        pizzas:
          - name: Marinara
            price: 7
        """

    @Test func aFileBecomesTheServedMenuOnce() async throws {
        let file = try data.file("mario.yaml", contents: Self.menu)
        let imported = try CasebookExecutable.run(
            ["menu", "import", file.path, "--data", data.url.path])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "Imported mario.yaml as revision 1 of the menu.\n")
        let again = try CasebookExecutable.run(
            ["menu", "import", file.path, "--data", data.url.path])
        #expect(
            again.standardOutput
                == "mario.yaml is the menu already (revision 1): nothing was imported.\n")
        let shown = try CasebookExecutable.run(["menu", "--data", data.url.path])
        #expect(shown.standardOutput.hasPrefix("Da Mario\n"))
        let exported = try CasebookExecutable.run(["menu", "export", "--data", data.url.path])
        #expect(exported.standardOutput.contains("\"Marinara\""))
        // A server on the data directory serves it, not the menu it was started with.
        let server = try ServerProcess(dataDirectory: data.url, ownsDataDirectory: false)
        defer { server.stop() }
        let (body, _) = try await ServerProcess.session.data(
            from: server.url.appendingPathComponent("api/menu"))
        #expect(String(decoding: body, as: UTF8.self).contains("Da Mario"))
    }

    /// A file brought from elsewhere names photos this server was never given: refused, naming
    /// the dish, before the broken image reaches a guest.
    @Test func aPhotoTheStoreWasNeverGivenIsRefusedNamingTheDish() throws {
        let id = String(repeating: "ab", count: 32)
        let file = try data.file(
            "photos.yaml",
            contents: Self.menu + "\n  - name: Diavola\n    price: 9\n    photo: \(id)\n"
                + "    photo_alt: A spicy pizza\n")
        let refused = try CasebookExecutable.run(
            ["menu", "import", file.path, "--data", data.url.path])
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "casebook menu: \(file.path): pizzas[2].photo: no photo has id '\(id)' here; give the dish its photo on its page (/menu/dish), or leave photo and photo_alt out\n"
        )
        let shown = try CasebookExecutable.run(["menu", "--data", data.url.path])
        #expect(shown.standardOutput.hasPrefix("Giuseppe's\n"), "nothing was imported")
    }

    @Test func aFileThatIsNoMenuIsRefusedNamingItsLineAndSavesNothing() throws {
        let file = try data.file("broken.yaml", contents: "restaurant: X\npizzas:\n  - name: A\n")
        let refused = try CasebookExecutable.run(
            ["menu", "import", file.path, "--data", data.url.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("broken.yaml:3:"))
        let shown = try CasebookExecutable.run(["menu", "--data", data.url.path])
        #expect(shown.standardOutput.hasPrefix("Giuseppe's\n"), "the store holds no menu yet")
        let missing = try CasebookExecutable.run(["menu", "import", "--data", data.url.path])
        #expect(missing.status == 64)
        let nowhere = data.appending("nowhere").path
        let typo = try CasebookExecutable.run(["menu", "--data", nowhere])
        #expect(typo.status == 1)
        #expect(typo.standardError.contains("there is no data directory"))
        #expect(!FileManager.default.fileExists(atPath: nowhere))
    }
}
