import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Menu
import Testing

@testable import CasebookServer

/// The guest's menu in the language the browser prefers, among the menu's, with a link to each
/// of them that keeps the filter chosen; the page says it varies by language, marks the dishes'
/// words with theirs, and its JSON-LD says which it is in.
@Suite("The menu in the guest's language")
struct MenuLanguagePagesTests {
    let fixture: OnlyPersonPages
    var stores: CasebookServer.Stores { fixture.stores }

    init() throws { fixture = try OnlyPersonPages() }

    static let menu = try! Menu(
        yaml: """
            restaurant: Giuseppe's
            currency: EUR
            languages: [en, it]
            pizzas:
              - name: Margherita
                price: 8.50
                description: Tomato, mozzarella, basil
                allergens: [gluten, milk]
                translations:
                  it: {description: "Pomodoro, mozzarella, basilico"}
            desserts:
              - name: Lemon sorbet
                price: 4
                allergens: []
                translations:
                  it: {name: Sorbetto al limone}
            """, file: "menu.yaml")

    func withPages(_ body: @Sendable (inout PageClient) async throws -> Void) async throws {
        try await fixture.withPages(menu: Self.menu, body)
    }

    @Test func anItalianBrowserReadsTheDishesInItalian() async throws {
        try await withPages { pages in
            let italian = try await pages.get(
                "/menu", headers: [.acceptLanguage: "it-IT,it;q=0.9,en;q=0.8"])
            #expect(italian.status == .ok)
            #expect(
                italian.html.contains(
                    #"<span class="item-title" lang="it">Sorbetto al limone</span>"#))
            #expect(
                italian.html.contains(
                    #"<p class="description" lang="it">Pomodoro, mozzarella, basilico</p>"#))
            // Not translated: the menu's own name, as it is, marked as the menu's language.
            #expect(italian.html.contains(#"<span class="item-title" lang="en">Margherita</span>"#))
            #expect(italian.headers[.vary]?.contains("Accept-Language") == true)
            #expect(italian.html.contains(#""inLanguage":"it""#))
            #expect(
                italian.html.contains(
                    #"<a href="/menu?lang=it" hreflang="it" lang="it" aria-current="true">Italiano</a>"#
                ))
            #expect(
                italian.html.contains(
                    #"<a href="/menu?lang=en" hreflang="en" lang="en">English</a>"#))
            // Anyone else's browser, and the switcher's choice over the browser's.
            let english = try await pages.get("/menu", headers: [.acceptLanguage: "fr"])
            #expect(english.html.contains(#"lang="en">Lemon sorbet</span>"#))
            #expect(english.html.contains(#""inLanguage":"en""#))
            let chosen = try await pages.get(
                "/menu?lang=en", headers: [.acceptLanguage: "it"])
            #expect(chosen.html.contains(#"lang="en">Lemon sorbet</span>"#))
            // A language the menu does not have is the browser's then.
            let unknown = try await pages.get("/menu?lang=xx", headers: [.acceptLanguage: "it"])
            #expect(unknown.html.contains("Sorbetto al limone"))
        }
    }

    @Test func aFilterKeepsTheLanguageAndTheSwitcherKeepsTheFilter() async throws {
        try await withPages { pages in
            let filtered = try await pages.get("/menu?lang=it&without=milk")
            #expect(filtered.html.contains("Sorbetto al limone"))
            #expect(!filtered.html.contains("Pomodoro"))
            #expect(filtered.html.contains(#"<input type="hidden" name="lang" value="it">"#))
            #expect(filtered.html.contains(#"href="/menu?lang=en&amp;without=milk""#))
            #expect(filtered.html.contains(#"<a href="/menu?lang=it">The whole menu</a>"#))
        }
    }

    @Test func theAPIGivesEveryLanguageAndEachDishsTranslations() async throws {
        try await withPages { pages in
            let api = try await pages.get("/api/menu")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(api.html.utf8)) as? [String: Any])
            #expect(json["languages"] as? [String] == ["en", "it"])
            let sections = try #require(json["sections"] as? [[String: Any]])
            let sorbet = try #require((sections.last?["items"] as? [[String: Any]])?.first)
            #expect(sorbet["title"] as? String == "Lemon sorbet")
            #expect(
                (sorbet["translations"] as? [String: [String: String]])
                    == ["it": ["name": "Sorbetto al limone"]])
        }
    }

    @Test func aMenuInOneLanguageOffersNoSwitcherAndDoesNotVary() async throws {
        let router = try CasebookServer.router(stores: stores, menu: .giuseppes)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            let page = try await pages.get("/menu", headers: [.acceptLanguage: "it"])
            #expect(!page.html.contains("nav class=\"languages\""))
            #expect(page.headers[.vary]?.contains("Accept-Language") != true)
        }
    }

    @Test func aManagerAddsALanguageAndTranslatesADishInTheBrowser() async throws {
        try await withPages { pages in
            _ = try await pages.get("/menu")
            // A third language, on the restaurant's form.
            var fields = MenuRestaurantPage.fields(of: Self.menu)
            fields["revision"] = "1"
            fields["languages"] = "en, it, de"
            let saved = try await pages.post("/menu/restaurant", fields)
            #expect(saved.html.contains("Saved as revision 2."))
            #expect(try await stores.menu.current()?.menu.languages == ["en", "it", "de"])
            // The dish's page has its fields, the Italian filled in.
            let form = try await pages.get("/menu/dish?section=pizzas&index=0")
            #expect(form.html.contains(#"<label for="name_de" lang="en">Name in German</label>"#))
            #expect(
                form.html.contains(#"name="description_it" value="Pomodoro, mozzarella, basilico""#)
            )
            let translated = try await pages.post(
                "/menu/dish",
                [
                    "revision": "2", "section": "pizzas", "index": "0", "name": "Margherita",
                    "price": "8.50", "description": "Tomato, mozzarella, basil",
                    "allergen": "gluten", "allergens_declared": "yes", "soldout": "",
                    "name_it": "", "description_it": "Pomodoro, mozzarella, basilico",
                    "name_de": "Margarita", "description_de": "",
                ])
            #expect(translated.html.contains("Saved as revision 3."), "\(translated.html)")
            let dish = try #require(try await stores.menu.current()?.menu.pizzas[0].dish)
            #expect(
                dish.translations == [
                    "it": DishTranslation(description: "Pomodoro, mozzarella, basilico"),
                    "de": DishTranslation(name: "Margarita"),
                ])
            // A language dishes are translated into cannot be dropped unawares.
            fields["revision"] = "3"
            fields["languages"] = "en, it"
            let refused = try await pages.post("/menu/restaurant", fields)
            #expect(refused.status == .badRequest)
            #expect(
                refused.html.contains(
                    "Languages: 1 dish is translated into German (de): Margherita. Keep de among the others"
                ))
            fields["languages"] = "en, Italian"
            let notATag = try await pages.post("/menu/restaurant", fields)
            #expect(notATag.html.contains("Languages: &#39;Italian&#39; is not a language tag"))
        }
    }
}
