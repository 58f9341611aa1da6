import CasebookWire
import Foundation
import Hummingbird
import Menu

/// The menu API: the store's current menu (`MenuService`), as JSON, encoded once per
/// revision.
struct MenuController: Sendable {
    let menu: MenuService
    private let encoded = EncodedRevision()

    init(menu: MenuService) {
        self.menu = menu
    }

    /// The JSON of the last revision asked for.
    private final class EncodedRevision: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: (key: Int, json: Data)?

        func json(of menu: Menu, key: Int) -> Data {
            if let kept = lock.withLock({ kept }), kept.key == key { return kept.json }
            let json = WireJSON.encode(MenuListing(menu: menu))
            lock.withLock { kept = (key, json) }
            return json
        }
    }

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/api/menu", use: show)
    }

    /// `GET /api/menu`: the current menu's sections and items. Anyone's to keep (a guest's
    /// browser, a shared cache) unless the menu is private, and asked again each time (its
    /// ETag answers 304 while it holds), so that a change shows at once.
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let served = try await menu.served()
        var response = JSONResponse.make(encoded: encoded.json(of: served.menu, key: served.key))
        response.headers[.cacheControl] =
            RouteTable.privateMenu ? "private, no-cache" : "public, no-cache"
        return response
    }
}
