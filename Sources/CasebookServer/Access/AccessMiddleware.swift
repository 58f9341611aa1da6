import AccountsCore
import Foundation
import Hummingbird

/// Once the server has users, nobody gets in where they don't belong: every API route (but the
/// menu and the API's description) and `/metrics` need a signed-in session or
/// `Authorization: Bearer <token>` of a user whose role allows it (401 with `WWW-Authenticate`
/// without one, 403 for the wrong role), and the pages that show or change anyone's data need a
/// signed-in user of the right role (anonymous visitors are sent to `/login`). With no user
/// yet, the server is one person's, on loopback only.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let presence: UserPresence
    let tokens: APITokens
    let signIn: SignInPages
    /// Who recent tokens stand for (sessions have their own, in `signIn`).
    let cache: CredentialCache

    /// What anyone may open on a server with users: signing in and out, the health check
    /// (for load balancers) and the stylesheet and script the sign-in page needs.
    static func isPublic(_ path: String) -> Bool {
        ["/login", "/logout", "/health", "/style.css", "/app.js"].contains(path)
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        let isAPI = path.hasPrefix("/api/") || path == "/metrics" || path == "/openapi.json"
        guard !Self.isPublic(path) else { return try await next(request, context) }
        let rule = APIPermissions.rule(method: request.method, path: path)
        if isAPI, rule == .open { return try await next(request, context) }
        guard try await presence.hasUsers() else { return try await next(request, context) }
        guard isAPI else {
            guard let user = try await signIn.signedInUser(request) else {
                guard request.method == .get else {
                    throw RequestError(.unauthorized, "Sign in first.")
                }
                let next = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
                return PageRenderer.redirect(to: SignInPages.loginPath(returningTo: next))
            }
            guard APIPermissions.allowsPage(user, path: path) else {
                throw RequestError(
                    .forbidden, "\(user.name) (\(user.role.rawValue)) may not open \(path).")
            }
            return try await SignedInUser.$current.withValue(user.name) {
                try await next(request, context)
            }
        }
        let user: User
        if let secret = Self.bearer(request.headers[.authorization]),
            let tokenUser = try await cache.user(
                for: secret, lookUp: { try await tokens.authenticate(secret)?.user })
        {
            user = tokenUser
        } else if request.headers[.authorization] == nil,
            let sessionUser = try await signIn.signedInUser(request)
        {
            user = sessionUser
        } else {
            var response = JSONResponse.make(
                json: ["error": "this API needs a token: Authorization: Bearer <token>"],
                status: .unauthorized)
            response.headers[.wwwAuthenticate] = #"Bearer realm="casebook""#
            return response
        }
        guard APIPermissions.allows(user, rule, path: path) else {
            throw RequestError(
                .forbidden, "\(user.name) (\(user.role.rawValue)) may not \(request.method) \(path)"
            )
        }
        return try await SignedInUser.$current.withValue(user.name) {
            try await next(request, context)
        }
    }

    /// The token in `Authorization: Bearer <token>`.
    static func bearer(_ header: String?) -> String? {
        guard let header, header.count > 7, header.prefix(7).lowercased() == "bearer " else {
            return nil
        }
        return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    }
}
