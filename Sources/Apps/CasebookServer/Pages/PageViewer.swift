import AccountsCore
import HTTPTypes

/// Who looks at a page, as far as what it offers goes: the navigation and the home page list
/// only what `RouteTable` lets the viewer open.
enum PageViewer: Hashable, Sendable {
    /// A server without users: one person's, every page theirs.
    case onlyPerson
    /// Nobody signed in, on a server with users.
    case nobody
    case user(UserRole)

    /// Bound by `AccessMiddleware` for the request being handled.
    @TaskLocal static var current: PageViewer = .onlyPerson

    static let all: [PageViewer] = [.onlyPerson, .nobody] + UserRole.allCases.map(PageViewer.user)

    /// Whether the viewer may open the page at `path` (a `GET` route of the table).
    func mayOpen(_ path: String) -> Bool {
        mayUse(.get, path)
    }

    /// Whether the viewer may use the route `method path` of the table: a page shows what the
    /// API would give the same user, no more.
    func mayUse(_ method: HTTPRequest.Method, _ path: String) -> Bool {
        guard let route = RouteTable.route(method, path) else { return false }
        switch self {
        // Every page but those about signing in and users, which one person's server has no
        // use for (and may not serve: without a user store they are not there).
        case .onlyPerson: return !RouteTable.signInRoutes.contains(route.key)
        case .nobody: return route.access == .everyone
        case .user(let role): return route.access.allows(role: role)
        }
    }

    /// The navigation's links, in the table's order.
    var navigation: [[String: String]] {
        RouteTable.routes.compactMap { route in
            guard route.method == .get, let label = route.navigation, mayOpen(route.path) else {
                return nil
            }
            return ["path": route.path, "label": label]
        }
    }

    /// A key for pages cached per viewer.
    var key: String {
        switch self {
        case .onlyPerson: "everything"
        case .nobody: "nobody"
        case .user(let role): role.rawValue
        }
    }
}
