import Hummingbird
import Menu

/// `/`: the systems; `/menu`: the menu screen; and the stylesheet and script.
struct HomeAndMenuPages: Sendable {
    let renderer: PageRenderer
    let menu: Menu
    /// The home page, rendered once per viewer (a kind, and the signed-in user's name), each
    /// visitor's token put in per request.
    let home = RenderedPageCache()
    /// The menu page, the same way (the menu is fixed for the server's lifetime).
    let menuPages = RenderedPageCache()

    init(renderer: PageRenderer, menu: Menu) {
        self.renderer = renderer
        self.menu = menu
    }

    /// The key a page is kept under for whoever is asking.
    static func viewerKey() -> String {
        PageViewer.current.key + (SignedInUser.current.map { "/" + $0 } ?? "")
    }

    static let systems: [[String: String]] = [
        [
            "name": "Menu", "path": "/menu",
            "summary": "Giuseppe's pizzas, beverages and desserts, with prices.",
        ],
        [
            "name": "Diary", "path": "/diary",
            "summary": "Entries you can add, update and remove, newest first.",
        ],
        [
            "name": "Survey", "path": "/survey",
            "summary": "Respondents received, and a sync from a folder of YAML files.",
        ],
        [
            "name": "Factor", "path": "/factor",
            "summary": "The prime factors of any number below 2^96, as GNU factor writes them.",
        ],
        [
            "name": "Account", "path": "/account",
            "summary": "Age from a date of birth, and the \"Save password?\" choice.",
        ],
        [
            "name": "Documents", "path": "/documents",
            "summary": "A document's title, from a file in the data directory.",
        ],
    ]

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/", use: showHome)
        router.get("/menu", use: showMenu)
        router.get("/style.css", use: stylesheet)
        router.get("/app.js", use: script)
    }

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

    /// `GET /menu`: the menu screen.
    @Sendable func showMenu(_ request: Request, context: some RequestContext) -> Response {
        let page = menuPages.page(Self.viewerKey(), revision: 0) { placeholder in
            renderer.html(
                "menu", title: menu.restaurant, context: Self.menuContext(menu), csrf: placeholder,
                path: "/menu")
        }
        return renderer.cachedPage(page, request: request)
    }

    /// `GET /style.css`: the stylesheet.
    @Sendable func stylesheet(_ request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(string: StaticAssets.stylesheet)))
    }

    /// `GET /app.js`: the script.
    @Sendable func script(_ request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8", .cacheControl: "max-age=3600",
            ],
            body: .init(byteBuffer: ByteBuffer(string: StaticAssets.script)))
    }

    /// The menu screen as the API gives it (`MenuListing`, the wire type), each section
    /// numbered for its heading's id: a field added to a menu item needs the listing and the
    /// template, and no page code.
    private static func menuContext(_ menu: Menu) -> [String: Any] {
        var context = WireContext.dictionary(of: MenuListing(menu: menu))
        let sections = context["sections"] as? [[String: Any]] ?? []
        context["sections"] = sections.enumerated().map { index, section in
            section.merging(["index": index]) { $1 }
        }
        return context
    }
}
