import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Menu
import Testing

@testable import CasebookServer

/// The menu arranged from the browser: a dish added or changed in its own form (name, price,
/// description, allergens, labels, sold out), dishes moved and removed and sections reordered
/// by the edit page's buttons, the restaurant, its currency and locale set there. Each change
/// is the next revision, served at once; a form from an older revision is the conflict page;
/// anything that cannot be is the form again, naming the field and the value.
@Suite("Arranging the menu in the browser")
struct MenuArrangingPagesTests {
    let fixture: OnlyPersonPages
    var stores: CasebookServer.Stores { fixture.stores }

    init() throws { fixture = try OnlyPersonPages() }

    func withPages(_ body: @Sendable (inout PageClient) async throws -> Void) async throws {
        try await fixture.withPages(body)
    }

    func served() async throws -> Menu {
        try #require(try await stores.menu.current()).menu
    }

    @Test func aDishIsAddedWithAllItSaysAndShownAtOnce() async throws {
        try await withPages { pages in
            let form = try await pages.get("/menu/dish?section=desserts")
            #expect(form.status == .ok)
            #expect(form.html.contains(#"<input type="hidden" name="section" value="desserts">"#))
            #expect(form.html.contains(#"<input type="checkbox" name="allergen" value="nuts""#))
            #expect(form.html.contains(#"<input type="checkbox" name="label" value="vegan""#))
            let saved = try await pages.postEncoded(
                "/menu/dish",
                "revision=1&section=desserts&name=Cannolo&price=4.5&description=Ricotta"
                    + "&allergen=milk&allergen=gluten&allergens_declared=yes&label=vegetarian"
                    + "&labels_declared=yes&soldout=")
            #expect(saved.status == .ok)
            #expect(saved.html.contains("Saved as revision 2."))
            let cannolo = try #require(try await served().desserts.last)
            #expect(cannolo.name == "Cannolo")
            #expect(cannolo.price == Decimal(string: "4.5")!)
            #expect(cannolo.description == "Ricotta")
            #expect(cannolo.allergens == [.gluten, .milk])
            #expect(cannolo.labels == [.vegetarian])
            let menu = try await pages.get("/menu")
            #expect(menu.html.contains("Cannolo"))
            #expect(try await pages.get("/menu/history").html.contains("Cannolo: added at 4.50"))
        }
    }

    /// A menu file may hold what the forms would not take: spaces around a name, a zero-width
    /// space, a description longer than the form's. A save changes only what was changed: a
    /// field sent back as it is stays as it is, unchecked and untrimmed.
    static let fileWithEdges = """
        restaurant: "Giuseppe's "
        currency: EUR
        pizzas:
          - name: " Margherita "
            price: 8.50
            description: "\(String(repeating: "Tomato, basil. ", count: 200))"
          - name: "Diavola\u{200B}"
            price: 9.00
          - name: Diavola
            price: 9.50
        """

    @Test func aSaveChangesOnlyWhatWasChanged() async throws {
        let menu = try Menu(yaml: Self.fileWithEdges, file: "edges.yaml")
        let router = try CasebookServer.router(stores: stores, menu: menu)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            #expect(try await pages.get("/menu/edit").status == .ok)
            let prices = try await pages.post(
                "/menu/edit",
                ["revision": "1", "restaurant": "Giuseppe's ", "price.pizzas.0": "8.00"])
            #expect(prices.html.contains("Saved as revision 2."), "\(prices.html)")
            var current = try await served()
            #expect(current.restaurant == "Giuseppe's ")
            #expect(current.pizzas[0].price == 8)
            for (index, name) in [(0, " Margherita "), (1, "Diavola\u{200B}")] {
                let dish = current.pizzas[index]
                let form = [
                    "revision": "\(index + 2)", "section": "pizzas", "index": "\(index)",
                    "name": name, "price": "7", "description": dish.description ?? "",
                ]
                let saved = try await pages.post("/menu/dish", form)
                #expect(saved.html.contains("Saved as revision \(index + 3)."), "\(saved.html)")
                current = try await served()
                #expect(current.pizzas[index].name == name)
                #expect(
                    Array(current.pizzas[index].name.unicodeScalars) == Array(name.unicodeScalars))
                #expect(current.pizzas[index].description == dish.description)
                #expect(current.pizzas[index].price == 7)
            }
        }
    }

    @Test func aDishIsChangedInItsFormFromTheRevisionItWasOpenedAt() async throws {
        try await withPages { pages in
            let form = try await pages.get("/menu/dish?section=pizzas&index=0")
            #expect(form.status == .ok)
            #expect(form.html.contains(#"name="name" value="Margherita""#))
            #expect(form.html.contains(#"name="price" value="8.50""#))
            #expect(form.html.contains(#"<input type="hidden" name="index" value="0">"#))
            #expect(form.html.contains(#"<input type="hidden" name="revision" value="1">"#))
            let saved = try await pages.postEncoded(
                "/menu/dish",
                "revision=1&section=pizzas&index=0&name=Regina&price=9&description="
                    + "&allergen=gluten&allergens_declared=yes&soldout=always")
            #expect(saved.html.contains("Saved as revision 2."))
            let regina = try #require(try await served().pizzas.first)
            #expect(regina.name == "Regina")
            #expect(regina.description == nil)
            #expect(regina.allergens == [.gluten])
            #expect(regina.soldOut == .untilFurtherNotice)
            #expect(
                try await pages.get("/menu/history").html.contains("Margherita: renamed Regina"))
            // The same form again, from revision 1: the conflict page, nothing saved.
            let stale = try await pages.postEncoded(
                "/menu/dish", "revision=1&section=pizzas&index=0&name=Bianca&price=9")
            #expect(stale.status == .conflict)
            #expect(stale.html.contains("Nothing of yours was saved"))
            #expect(try await served().pizzas.first?.name == "Regina")
        }
    }

    @Test(arguments: [
        ("name=Diavola&price=9", "name: &#39;Diavola&#39; is on the menu already"),
        ("name=&price=9", "name: the name is empty"),
        ("name=Bell%07&price=9", "name: holds a control character (U+0007)"),
        ("name=Regina&price=cheap", "price: &#39;cheap&#39; is not a price"),
        ("name=Regina&price=9&allergen=wheat", "allergen: &#39;wheat&#39; is not one of the EU"),
        ("name=Regina&price=9&label=halal", "label: &#39;halal&#39; is not a label"),
        // Some allergens ticked without Declared would read as all it contains.
        (
            "name=Regina&price=9&allergen=milk",
            "allergens_declared: tick Declared when the allergens"
        ),
        ("name=Regina&price=9&label=vegan", "labels_declared: tick Declared when the labels"),
        (
            "name=Regina&price=9&allergen=milk&allergens_declared=yes&label=vegan&labels_declared=yes",
            "label: &#39;vegan&#39; cannot be said of a dish that contains milk"
        ),
        ("name=Regina&price=9&soldout=soon", "soldout: &#39;soon&#39; is today, always or nothing"),
    ])
    func aDishThatCannotBeIsTheFormAgainNamingFieldAndValue(fields: String, problem: String)
        async throws
    {
        try await withPages { pages in
            _ = try await pages.get("/menu/edit")
            let refused = try await pages.postEncoded(
                "/menu/dish", "revision=1&section=pizzas&index=0&" + fields)
            #expect(refused.status == .badRequest)
            #expect(refused.html.contains(problem))
            #expect(
                refused.html.contains(#"<form class="stacked" method="post" action="/menu/dish">"#))
            #expect(try await served() == .giuseppes)
        }
    }

    @Test(arguments: [
        "/menu/dish?section=wines", "/menu/dish?section=pizzas&index=99",
        "/menu/dish?section=pizzas&index=-1", "/menu/dish",
    ])
    func aDishTheMenuLacksIsNotFoundOrRefused(uri: String) async throws {
        try await withPages { pages in
            let status = try await pages.get(uri).status
            #expect(status == .badRequest || status == .notFound)
        }
    }

    @Test func theEditPageMovesAndRemovesDishesAndReordersSections() async throws {
        try await withPages { pages in
            let form = try await pages.get("/menu/edit")
            #expect(
                form.html.contains(
                    #"<button type="submit" name="action" value="down.pizzas.0" aria-label="Move Margherita down">"#
                ))
            #expect(
                form.html.contains(
                    #"<button type="submit" name="action" value="remove.pizzas.0" class="delete" aria-label="Remove Margherita">"#
                ))
            #expect(form.html.contains(#"<a href="/menu/dish?section=pizzas&amp;index=0""#))
            #expect(form.html.contains(#"<a href="/menu/dish?section=desserts""#))
            // A price typed and a move at once: both are saved.
            let moved = try await pages.post(
                "/menu/edit",
                ["revision": "1", "price.pizzas.0": "7.90", "action": "down.pizzas.0"])
            #expect(moved.html.contains("Saved as revision 2."))
            #expect(try await served().pizzas.prefix(2).map(\.name) == ["Marinara", "Margherita"])
            #expect(try await served().pizzas[1].price == Decimal(string: "7.9")!)
            _ = try await pages.post("/menu/edit", ["revision": "2", "action": "remove.pizzas.0"])
            #expect(try await served().pizzas.first?.name == "Margherita")
            _ = try await pages.post("/menu/edit", ["revision": "3", "action": "earlier.desserts"])
            #expect(try await served().sectionOrder == [.pizzas, .desserts, .beverages])
            let menu = try await pages.get("/menu").html
            let desserts = try #require(menu.range(of: "Desserts"))
            let beverages = try #require(menu.range(of: "Beverages"))
            #expect(desserts.lowerBound < beverages.lowerBound)
            for action in [
                "up.pizzas.0", "fly.pizzas.0", "remove.pizzas.99", "earlier.pizzas", "up",
            ] {
                let refused = try await pages.post(
                    "/menu/edit", ["revision": "4", "action": action])
                #expect(refused.status == .badRequest, "\(action)")
            }
            #expect(try await stores.menu.current()?.number == 4)
        }
    }

    @Test func theRestaurantItsCurrencyAndLocaleAreSetOnTheEditPage() async throws {
        try await withPages { pages in
            let form = try await pages.get("/menu/edit")
            #expect(form.html.contains(#"name="currency" value="EUR""#))
            #expect(form.html.contains(#"name="locale" value="""#))
            let saved = try await pages.post(
                "/menu/edit",
                [
                    "revision": "1", "restaurant": "Da Giuseppe", "currency": "EUR",
                    "locale": "it_IT",
                ])
            #expect(saved.html.contains("Saved as revision 2."))
            let menu = try await pages.get("/menu").html
            #expect(menu.contains("Da Giuseppe"))
            #expect(menu.contains("8,50\u{a0}€"))
            let refused = try await pages.post(
                "/menu/edit", ["revision": "2", "currency": "euro", "locale": ""])
            #expect(refused.status == .badRequest)
            #expect(
                refused.html.contains(
                    "currency: &#39;euro&#39; is not a three-letter currency code"))
            let locale = try await pages.post(
                "/menu/edit", ["revision": "2", "currency": "EUR", "locale": "xx_YY"])
            #expect(locale.html.contains("locale: &#39;xx_YY&#39; is not a locale"))
            let empty = try await pages.post("/menu/edit", ["revision": "2", "restaurant": " "])
            #expect(empty.html.contains("restaurant: the name is empty"))
            #expect(try await stores.menu.current()?.number == 2)
            // What was typed is shown again when something else is refused: the restaurant,
            // its currency and locale, and each dish's sold-out choice, not what was saved.
            let kept = try await pages.post(
                "/menu/edit",
                [
                    "revision": "2", "restaurant": "Da Mario", "currency": "CHF", "locale": "de_CH",
                    "price.pizzas.0": "cheap", "soldout.pizzas.1": "always",
                ])
            #expect(kept.status == .badRequest)
            #expect(kept.html.contains(#"name="restaurant" value="Da Mario""#))
            #expect(kept.html.contains(#"name="currency" value="CHF""#))
            #expect(kept.html.contains(#"name="locale" value="de_CH""#))
            #expect(
                kept.html.contains(
                    #"<option value="always" selected>Sold out until further notice</option>"#))
            #expect(try await stores.menu.current()?.number == 2)
        }
    }
}
