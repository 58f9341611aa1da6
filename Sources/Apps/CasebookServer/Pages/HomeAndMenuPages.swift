import CasebookQR
import Foundation
import Hummingbird
import Menu

/// `/`: the systems; `/menu`: the menu screen; and the stylesheet and script.
struct HomeAndMenuPages: Sendable {
    let renderer: PageRenderer
    let menu: MenuService
    /// The home page, rendered once per viewer (a kind, and the signed-in user's name), each
    /// visitor's token put in per request.
    let home = RenderedPageCache()
    /// The menu page, the same way, once per revision of the menu.
    let menuPages = RenderedPageCache()

    init(renderer: PageRenderer, menu: MenuService) {
        self.renderer = renderer
        self.menu = menu
    }

    /// The key a page is kept under for whoever is asking.
    static func viewerKey() -> String {
        PageViewer.current.key + (SignedInUser.current.map { "/" + $0 } ?? "")
    }

    /// Each system's card on the home page: its name, its path and what it is.
    static let systems: [[String: String]] = [
        ("Menu", "/menu", "Giuseppe's pizzas, beverages and desserts, with prices."),
        (
            "Edit the menu", "/menu/edit",
            "Prices, dishes and sections, the restaurant's address and hours, the QR code for the tables."
        ),
        ("Diary", "/diary", "Entries you can add, update and remove, newest first."),
        ("Survey", "/survey", "Respondents received, and a sync from a folder of YAML files."),
        ("Users", "/admin/users", "Who can sign in, and what each may do."),
        (
            "Factor", "/factor",
            "The prime factors of any number below 2^96, as GNU factor writes them."
        ),
        ("Account", "/account", "Age from a date of birth, and the \"Save password?\" choice."),
        ("Documents", "/documents", "A document's title, from a file in the data directory."),
    ].map { ["name": $0.0, "path": $0.1, "summary": $0.2] }

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/", use: showHome)
        router.get("/menu", use: showMenu)
        router.get("/menu/qr.svg", use: showQRCode)
        router.get("/style.css", use: stylesheet)
        router.get("/app.js", use: script)
    }

    /// `response` saying that it follows the browser's languages, when the menu has several.
    static func varying(_ response: Response, _ menu: Menu) -> Response {
        guard menu.languages.count > 1 else { return response }
        var response = response
        CachePolicyMiddleware<BasicRequestContext>.addVary(
            ["Accept-Language"], to: &response.headers)
        return response
    }

    /// The menu's filter parameters that may be repeated, which `filter(_:)` reads as lists.
    static let repeatable: Set<String> = ["without", "label"]

    /// `GET /`: the systems the viewer may open.
    @Sendable func showHome(_ request: Request, context: some RequestContext) -> Response {
        let viewer = PageViewer.current
        let page = home.page(Self.viewerKey(), revision: 0) { placeholder in
            renderer.html(
                "home", title: "Casebook",
                context: ["systems": Self.systems.filter { viewer.mayOpen($0["path"] ?? "") }],
                csrf: placeholder, viewer: viewer, path: "/")
        }
        return renderer.cachedPage(page, request: request)
    }

    /// `GET /menu`: the menu screen, with its allergens and labels in words and in schema.org's
    /// JSON-LD; `without=nuts` (repeated) leaves out dishes with an allergen and `label=vegan`
    /// (repeated) keeps those with a label. The whole menu is rendered once per viewer.
    @Sendable func showMenu(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let query = try FormFields(query: request, repeatable: Self.repeatable)
        let filter = try Self.filter(query)
        let (served, key) = try await self.menu.served()
        // The language asked for (`lang=`, the switcher's), else the browser's preferred.
        let language =
            query["lang"].flatMap { served.languages.contains($0) ? $0 : nil }
            ?? MenuLanguage.preferred(
                by: request.headers[.acceptLanguage], among: served.languages)
        let menu = served.translated(into: language)
        guard filter.isEmpty else {
            var context = Self.menuContext(
                filter.apply(to: menu), filter: filter,
                today: RestaurantContext.today(menu.details, at: Date()),
                offered: served.languages)
            context["status"] =
                RestaurantContext.status(menu.details, at: Date()).map {
                    ["text": $0.text, "open": $0.open]
                } ?? false
            // What the filter cannot tell about, listed apart: a guest must ask.
            let unknown = MenuListing(menu: filter.undeclared(in: menu))
            let asked = unknown.sections.flatMap(\.items).map(\.row)
            if !asked.isEmpty {
                context["askUs"] = [
                    "what": filter.without.isEmpty
                        ? "the diets they suit"
                        : filter.labels.isEmpty ? "their allergens" : "their allergens or diets",
                    "items": asked.map { row in
                        let allergensUnknown = !filter.without.isEmpty && !row.allergensDeclared
                        return [
                            "title": row.title, "formattedPrice": row.formattedPrice,
                            "note": allergensUnknown
                                ? "Allergens not declared — ask us" : "Diets not declared — ask us",
                            // What it does declare, still shown.
                            "contains": row.allergensDeclared
                                ? Self.allergenWords(row) as Any : false,
                        ]
                    },
                ]
            }
            context["emptyWords"] =
                asked.isEmpty
                ? "No dish suits these choices." : "No dish is declared to suit these choices."
            return Self.varying(
                renderer.page(
                    "menu", title: menu.restaurant, context: context, request: request),
                served)
        }
        // Whether it is open changes with the time, a few times a day: a page is kept for each.
        let now = Date()
        let status = RestaurantContext.status(menu.details, at: now)
        let today = RestaurantContext.today(menu.details, at: now)
        let page = menuPages.page(
            Self.viewerKey() + "|" + today + "|" + (status?.text ?? "") + "|" + language,
            revision: key
        ) { placeholder in
            var context = Self.menuContext(
                menu, filter: filter, today: today, offered: served.languages)
            context["status"] = status.map { ["text": $0.text, "open": $0.open] } ?? false
            return renderer.html(
                "menu", title: menu.restaurant, context: context, csrf: placeholder,
                path: "/menu")
        }
        return Self.varying(renderer.cachedPage(page, request: request), served)
    }

    /// `GET /menu/qr.svg`: a QR code of the menu's address, as the guest's phone reaches it
    /// (the host the request named, which `AllowedHostMiddleware` has let through; https when
    /// the server or its proxy serves it), for the restaurant's tables and window.
    @Sendable func showQRCode(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let host = request.head.authority ?? "localhost"
        let address = (renderer.secureCookies ? "https://" : "http://") + host + "/menu"
        let (menu, _) = try await self.menu.served()
        let code: QRCode
        do {
            code = try QRCode(text: address)
        } catch {
            throw RequestError(.badRequest, "The menu's address is too long for a QR code.")
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "image/svg+xml",
                .contentDisposition: "inline; filename=\"menu-qr.svg\"",
            ],
            body: .init(
                byteBuffer: ByteBuffer(
                    string: code.svg(title: "The menu of \(menu.restaurant): \(address)"))))
    }

    /// The filter a query asks for; a 400 naming the parameter for a word the menu does not
    /// know.
    static func filter(_ query: FormFields) throws -> MenuFilter {
        var filter = MenuFilter()
        for word in query.values("without") where !word.isEmpty {
            guard let allergen = Allergen(rawValue: word) else {
                throw RequestError(.badRequest, "'\(word)' is not one of the EU's 14 allergens.")
                    .parameter("without")
            }
            filter.without.insert(allergen)
        }
        for word in query.values("label") where !word.isEmpty {
            guard let label = DietaryLabel(rawValue: word) else {
                throw RequestError(.badRequest, "'\(word)' is not a label.").parameter("label")
            }
            filter.labels.insert(label)
        }
        return filter
    }

    /// `GET /style.css`: the stylesheet, the same for everyone, revalidated by its ETag
    /// (`ConditionalGetMiddleware`) so that a new version shows at once.
    @Sendable func stylesheet(_ request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: StaticAssets.stylesheet)))
    }

    /// `GET /app.js`: the script, as the stylesheet.
    @Sendable func script(_ request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8", .cacheControl: "public, no-cache",
            ],
            body: .init(byteBuffer: ByteBuffer(string: StaticAssets.script)))
    }

    /// A dish's allergens as a guest reads them: declared (none included), or said to be
    /// unknown, never taken for none.
    static func allergenWords(_ row: MenuItem) -> String {
        guard row.allergensDeclared else { return "Allergens not declared — ask us" }
        return row.allergens.isEmpty
            ? "Contains none of the 14 allergens"
            : "Contains: " + row.allergens.map(\.name).joined(separator: ", ")
    }

    /// The menu screen as the API gives it (`MenuListing`, the wire type), each section
    /// numbered for its heading's id: a field added to a menu item needs the listing and the
    /// template, and no page code.
    private static func menuContext(
        _ menu: Menu, filter: MenuFilter, today: String, offered: [String]
    ) -> [String: Any] {
        let listing = MenuListing(menu: menu)
        var context = WireContext.dictionary(of: listing)
        // The language the dishes are shown in, and the menu's own.
        let shown = menu.languages.first ?? "en"
        let own = offered.first ?? shown
        let sections = context["sections"] as? [[String: Any]] ?? []
        context["sections"] = sections.enumerated().map { index, section in
            var section = section
            section["index"] = index
            // Allergens and labels in words, as a guest reads them.
            let rows = listing.sections[index].items.map(\.row)
            let items = section["items"] as? [[String: Any]] ?? []
            section["items"] = zip(items, rows).map { item, row in
                var item = item
                item["contains"] = Self.allergenWords(row)
                // Words not translated are the menu's own language's, and marked so.
                let translation = row.dish.translations[shown]
                item["titleLanguage"] = translation?.name != nil ? shown : own
                item["descriptionLanguage"] = translation?.description != nil ? shown : own
                item["photoSrc"] =
                    row.dish.photo.map { MenuPhotoPages.path(of: $0.id, small: true) } ?? false
                item["suits"] =
                    row.labels.isEmpty
                    ? false : row.labels.map(\.name).joined(separator: " · ") as Any
                return item
            }
            return section
        }
        context["allergenChoices"] = Allergen.allCases.map {
            ["value": $0.rawValue, "name": $0.name, "chosen": filter.without.contains($0)]
        }
        context["labelChoices"] = DietaryLabel.allCases.map {
            ["value": $0.rawValue, "name": $0.name, "chosen": filter.labels.contains($0)]
        }
        context["filtered"] = !filter.isEmpty
        context["filteredWords"] =
            (filter.without.sorted().map { "without " + $0.name }
            + filter.labels.sorted().map(\.name))
            .joined(separator: " · ")
        context["emptyWords"] = "The menu is empty."
        // The dishes a filter cannot tell about, when it asks (`showMenu`).
        context["askUs"] = false
        context["jsonLD"] = MenuJSONLD.script(listing)
        // A link to each of the menu's languages that keeps the filter chosen, in the menu's
        // own order.
        let kept =
            filter.without.sorted().map { "without=" + $0.rawValue }
            + filter.labels.sorted().map { "label=" + $0.rawValue }
        context["language"] = shown
        context["languageChoices"] =
            menu.languages.count > 1
            ? [
                "choices": offered.map { tag in
                    [
                        "tag": tag, "name": MenuLanguage.ownName(of: tag), "current": tag == shown,
                        "href": "/menu?" + (["lang=" + tag] + kept).joined(separator: "&"),
                    ] as [String: Any]
                }
            ] as Any : false
        context["wholeMenu"] = menu.languages.count > 1 ? "/menu?lang=" + shown : "/menu"
        context["restaurant"] = RestaurantContext.context(menu.details, today: today)
        // The page is the restaurant's: its name in the title and the footer, and for a guest
        // in the header too, leading back to the menu.
        context["documentTitle"] = "\(menu.restaurant) · Menu"
        context["footer"] = "\(menu.restaurant) · prices in \(menu.currency.code)"
        if PageViewer.current == .nobody {
            context["brand"] = menu.restaurant
            context["brandPath"] = "/menu"
        }
        return context
    }
}
