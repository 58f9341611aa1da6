import CasebookServer
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Menu
import Testing

/// The menu page a guest reads: each dish's allergens and labels in words, a filter by them,
/// and the menu as schema.org JSON-LD for search engines.
@Suite("The menu page")
struct MenuPageTests {
    static let yaml = """
        restaurant: "Giuseppe's </script>"
        currency: EUR
        pizzas:
          - name: Margherita
            price: 8.50
            allergens: [gluten, milk]
            labels: [vegetarian]
          - name: Diavola
            price: 9.50
            allergens: [gluten, milk]
            labels: [spicy]
        beverages:
          - name: Water
            price: 1
            labels: [vegan, gluten-free]
        """

    func withPages(_ body: @Sendable (inout PageClient) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        let configuration = CasebookServer.Configuration(
            dataDirectory: directory.url, menu: try Menu(yaml: Self.yaml, file: "menu.yaml"))
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            try await body(&pages)
        }
    }

    @Test func dishesSayTheirAllergensAndLabelsInWords() async throws {
        try await withPages { pages in
            let html = try await pages.get("/menu").html
            #expect(
                html.contains(
                    #"<p class="allergens">Contains: cereals containing gluten, milk</p>"#))
            #expect(html.contains(#"<p class="labels">Vegan · Gluten-free</p>"#))
        }
    }

    @Test func aGuestLeavesOutAllergensAndKeepsLabels() async throws {
        try await withPages { pages in
            let vegetarian = try await pages.get("/menu?label=vegetarian").html
            #expect(vegetarian.contains("Margherita") && !vegetarian.contains("Diavola"))
            #expect(vegetarian.contains(#"value="vegetarian" checked"#))
            let noMilk = try await pages.get("/menu?without=milk").html
            #expect(!noMilk.contains("Margherita") && noMilk.contains("Water"))
            #expect(try await pages.get("/menu?without=nutz").status == .badRequest)
            #expect(try await pages.get("/menu?label=keto").status == .badRequest)
        }
    }

    /// Water declares no allergens: the page says so rather than nothing, and a guest who
    /// leaves out milk finds it apart, under "Ask us first", never among the dishes without
    /// milk.
    @Test func aDishWithoutDeclaredAllergensIsNeverListedAsFreeOfOne() async throws {
        try await withPages { pages in
            let whole = try await pages.get("/menu").html
            #expect(whole.contains(#"<p class="allergens">Allergens not declared — ask us</p>"#))
            let noMilk = try await pages.get("/menu?without=milk").html
            let askUs = try #require(noMilk.range(of: #"<h2 id="ask-us">Ask us first</h2>"#))
            #expect(!noMilk[..<askUs.lowerBound].contains("Water"))
            #expect(noMilk[askUs.upperBound...].contains(#"<span class="item-title">Water</span>"#))
            #expect(noMilk.contains("These dishes have not declared their allergens"))
            #expect(noMilk.contains("No dish is declared to suit these choices."))
            let vegan = try await pages.get("/menu?label=vegan").html
            #expect(vegan.contains("Water") && !vegan.contains("Ask us first"))
        }
    }

    @Test func theMenuIsSchemaOrgJSONLDThatNoTextCanBreakOutOf() async throws {
        try await withPages { pages in
            let html = try await pages.get("/menu").html
            let start = try #require(html.range(of: #"<script type="application/ld+json">"#))
            let end = try #require(
                html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            let json = String(html[start.upperBound..<end.lowerBound])
            #expect(!json.contains("<"))
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(object["@type"] as? String == "Restaurant")
            #expect(object["name"] as? String == "Giuseppe's </script>")
            let menu = try #require(object["hasMenu"] as? [String: Any])
            #expect(menu["@type"] as? String == "Menu" && menu["inLanguage"] as? String == "en")
            let sections = try #require(menu["hasMenuSection"] as? [[String: Any]])
            let pizzas = try #require(sections.first?["hasMenuItem"] as? [[String: Any]])
            let offer = try #require(pizzas.first?["offers"] as? [String: Any])
            #expect(
                offer["price"] as? String == "8.50" && offer["priceCurrency"] as? String == "EUR")
            #expect(
                pizzas.first?["suitableForDiet"] as? [String] == [
                    "https://schema.org/VegetarianDiet"
                ])
        }
    }
}
