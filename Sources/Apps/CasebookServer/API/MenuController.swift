import CasebookWire
import Foundation
import Hummingbird
import Menu

/// The menu API: the menu the server was started with, as JSON (encoded once, at start).
struct MenuController: Sendable {
    let listingJSON: Data

    init(menu: Menu) {
        listingJSON = WireJSON.encode(MenuListing(menu: menu))
    }

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/api/menu", use: show)
    }

    /// `GET /api/menu`: the menu's sections and items, as encoded at start. Anyone's to keep
    /// (a guest's browser, a shared cache) unless the menu is private, and asked again each
    /// time (its ETag answers 304 while it holds), so that a change shows at once.
    @Sendable func show(_ request: Request, context: some RequestContext) -> Response {
        var response = JSONResponse.make(encoded: listingJSON)
        response.headers[.cacheControl] =
            RouteTable.privateMenu ? "private, no-cache" : "public, no-cache"
        return response
    }
}
