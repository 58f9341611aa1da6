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

    /// `GET /api/menu`: the menu's sections and items, as encoded at start.
    @Sendable func show(_ request: Request, context: some RequestContext) -> Response {
        JSONResponse.make(encoded: listingJSON)
    }
}
