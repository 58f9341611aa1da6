import Foundation
import Menu
import Testing

/// A menu in several languages: its dishes' names and descriptions translated in the menu file,
/// the language a guest's browser prefers chosen among them, the menu's own where none is.
@Suite("A menu in several languages")
struct MenuLanguageTests {
    static let yaml = """
        currency: EUR
        languages: [en, it, de]
        pizzas:
          - name: Margherita
            price: 8.50
            description: Tomato, mozzarella, basil
            translations:
              it: {description: "Pomodoro, mozzarella, basilico"}
              de: {name: Margarita, description: "Tomate, Mozzarella, Basilikum"}
          - name: Marinara
            price: 7
        """

    @Test func translationsReadWriteBackAndShowInTheirLanguage() throws {
        let menu = try Menu(yaml: Self.yaml, file: "menu.yaml")
        #expect(menu.languages == ["en", "it", "de"])
        let margherita = menu.pizzas[0].dish
        #expect(
            margherita.translations["it"]
                == DishTranslation(description: "Pomodoro, mozzarella, basilico"))
        #expect(try Menu(yaml: MenuFileWriter.yaml(of: menu), file: "again.yaml") == menu)
        let italian = menu.translated(into: "it")
        #expect(italian.languages == ["it", "en", "de"])
        #expect(italian.pizzas[0].name == "Margherita")
        #expect(italian.pizzas[0].description == "Pomodoro, mozzarella, basilico")
        // Not translated: the menu's own words.
        #expect(italian.pizzas[1].name == "Marinara")
        let german = menu.translated(into: "de")
        #expect(german.pizzas[0].name == "Margarita")
        // A language the menu does not have changes nothing.
        #expect(menu.translated(into: "fr") == menu)
        // The listing the API gives says which languages, the one it is in first.
        #expect(MenuListing(menu: german).languages == ["de", "en", "it"])
    }

    @Test func aMenuFromBeforeIsInEnglishAlone() throws {
        let menu = try Menu(yaml: "currency: EUR\npizzas:\n  - {name: A, price: 8}\n", file: "m")
        #expect(menu.languages == ["en"])
        #expect(!MenuFileWriter.yaml(of: menu).contains("languages"))
    }

    @Test(arguments: [
        ("languages: [en, english]\n", "m.yaml:2:17: languages: 'english' is not a language tag"),
        ("languages: [en, it, it]\n", "m.yaml:2:21: languages: 'it' is listed twice"),
        ("languages: []\n", "m.yaml:2:12: languages: expected a list of language tags"),
        (
            "pizzas:\n  - name: A\n    price: 8\n    translations: {it: {name: B}}\n",
            "m.yaml:5:20: pizzas[1].translations.it: the menu has no other language: add languages: [en, it] to the file"
        ),
        (
            "languages: [en, it]\npizzas:\n  - name: A\n    price: 8\n    translations: {fr: {name: B}}\n",
            "m.yaml:6:20: pizzas[1].translations.fr: not one of the menu's other languages (it)"
        ),
        (
            "languages: [en, it]\npizzas:\n  - name: A\n    price: 8\n    translations: {it: {nome: B}}\n",
            "m.yaml:6:25: pizzas[1].translations.it.nome: unknown field (expected name or description)"
        ),
    ])
    func aLanguageOrTranslationThatIsNoneIsRefusedNamingIt(yaml: String, message: String) {
        #expect {
            try Menu(yaml: "currency: EUR\n" + yaml, file: "m.yaml")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test(
        arguments: [
            (nil, "en"), ("it-IT,it;q=0.9,en;q=0.8", "it"), ("de-CH, fr;q=0.9", "de"),
            ("fr-FR,fr;q=0.9", "en"), ("fr;q=1, it;q=0.5", "it"), ("it;q=0, de;q=0.1", "de"),
            ("*", "en"), ("pt-BR", "pt-BR"), ("pt-PT,pt;q=0.9", "pt-BR"), ("EN-gb", "en"),
        ] as [(String?, String)])
    func theBrowsersPreferredLanguageIsChosenAmongTheMenus(header: String?, chosen: String) {
        #expect(MenuLanguage.preferred(by: header, among: ["en", "it", "de", "pt-BR"]) == chosen)
    }

    @Test func aLanguageIsNamedInItself() {
        #expect(MenuLanguage.ownName(of: "it") == "Italiano")
        #expect(MenuLanguage.ownName(of: "de") == "Deutsch")
        #expect(MenuLanguage.ownName(of: "en") == "English")
        #expect(
            MenuLanguage.isValid("pt-BR") && !MenuLanguage.isValid("PT")
                && !MenuLanguage.isValid("e"))
    }
}
