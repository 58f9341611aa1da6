import AccountsCore
import Hummingbird

/// One row of `RouteTable`: a method and a path pattern as the router writes it, what kind of
/// answer it gives, who may use it once the server has users, and its label in the pages'
/// navigation (for the pages that have one).
struct Route: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// JSON (or text) for programs: 401 with `WWW-Authenticate` when nobody is signed in.
        case api
        /// HTML for people: the anonymous are sent to sign in.
        case page
    }

    enum Access: Sendable, Equatable {
        /// Anyone, signed in or not.
        case everyone
        /// Users of these roles.
        case roles(Set<UserRole>)
        /// Any user for their own resource (the user named by the path's `parameter`), admins
        /// for anyone's.
        case owner(parameter: String)

        /// Whether a user of `role` may use the route at all (for an owner's route, on their
        /// own resource).
        func allows(role: UserRole) -> Bool {
            switch self {
            case .everyone, .owner: true
            case .roles(let roles): roles.contains(role)
            }
        }

        /// Who may, in words, for the documentation and the API's description.
        var summary: String {
            switch self {
            case .everyone: "anyone"
            case .roles(let roles) where roles == RouteTable.everyRole: "every user"
            case .roles(let roles):
                UserRole.allCases.filter(roles.contains).map(\.rawValue).joined(separator: ", ")
            case .owner: "the user it names; admin"
            }
        }
    }

    let method: HTTPRequest.Method
    let path: String
    let kind: Kind
    let access: Access
    let navigation: String?

    init(
        _ method: HTTPRequest.Method, _ path: String, _ kind: Kind, _ access: Access,
        navigation: String? = nil
    ) {
        self.method = method
        self.path = path
        self.kind = kind
        self.access = access
        self.navigation = navigation
    }

    var key: String { Self.key(method, path) }

    static func key(_ method: HTTPRequest.Method, _ path: String) -> String {
        "\(method.rawValue) \(path)"
    }
}
