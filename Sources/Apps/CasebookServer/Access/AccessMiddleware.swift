import AccountsCore
import Foundation
import Hummingbird

/// Once the server has users, nobody gets in where they don't belong. Who may is decided by the
/// route the router matched (`RouteTable`), never by the request's text: the API's routes and
/// `/metrics` need a signed-in session or `Authorization: Bearer <token>` of a user whose role
/// the table names (401 with `WWW-Authenticate` without one, 403 for the wrong role); the pages
/// need a signed-in user of such a role (anonymous visitors are sent to `/login`). A route that
/// the table does not list is served to nobody. With no user yet, the server is one person's,
/// on loopback only.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: AccessServices
    let signIn: SignInPages

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // Not matched by the router: its answer is "not found", whoever asks.
        guard let pattern = context.endpointPath else { return try await next(request, context) }
        guard let route = RouteTable.route(request.method, pattern) else {
            context.logger.error("\(request.method) \(pattern) is served but not in RouteTable")
            throw HTTPError(.notFound)
        }
        if route.access == .everyone {
            // The health check must answer even when the user store does not.
            guard route.kind == .page, try await access.presence.hasUsers() else {
                return try await next(request, context)
            }
            return try await PageViewer.$current.withValue(.nobody) {
                try await next(request, context)
            }
        }
        guard try await access.presence.hasUsers() else { return try await next(request, context) }
        guard let user = try await caller(of: request, kind: route.kind) else {
            switch route.kind {
            case .api:
                var response = JSONResponse.make(
                    json: ["error": "this API needs a token: Authorization: Bearer <token>"],
                    status: .unauthorized)
                response.headers[.wwwAuthenticate] = #"Bearer realm="casebook""#
                return response
            case .page:
                guard request.method == .get else {
                    throw RequestError(.unauthorized, "Sign in first.")
                }
                let next = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
                return PageRenderer.redirect(to: SignInPages.loginPath(returningTo: next))
            }
        }
        guard Self.allows(user, route.access, context: context) else {
            throw RequestError(
                .forbidden,
                "\(user.name) (\(user.role.rawValue)) may not \(request.method) \(request.uri.path)"
            )
        }
        return try await SignedInUser.run(as: user) { try await next(request, context) }
    }

    /// The user a page's session cookie stands for; for the API, the user of the bearer token,
    /// else (with no `Authorization` at all) of the session cookie.
    private func caller(of request: Request, kind: Route.Kind) async throws -> User? {
        guard kind == .api else { return try await signIn.signedInUser(request) }
        if let secret = Self.bearer(request.headers[.authorization]) {
            return try await access.tokenCache.user(
                for: secret, lookUp: { try await access.tokens.authenticate(secret)?.user })
        }
        guard request.headers[.authorization] == nil else { return nil }
        return try await signIn.signedInUser(request)
    }

    /// Whether `user` may use a route of `access`, with the path's parameters in `context`.
    static func allows(_ user: User, _ access: Route.Access, context: Context) -> Bool {
        switch access {
        case .everyone: return true
        case .roles(let roles): return roles.contains(user.role)
        case .owner(let parameter):
            guard user.role != .admin else { return true }
            return (try? PathParameter.text(parameter, in: context)) == user.name
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
