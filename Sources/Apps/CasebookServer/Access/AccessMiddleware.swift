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
        try await RouteTable.$privateMenu.withValue(access.privateMenu) {
            try await check(request, context: context, next: next)
        }
    }

    private func check(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // Not matched by the router: its answer is "not found", whoever asks.
        guard let pattern = context.endpointPath else { return try await next(request, context) }
        // HEAD is answered by the GET route (the router makes it), with the GET's permission.
        let method = request.method == .head ? .get : request.method
        guard let route = RouteTable.route(method, pattern) else {
            context.logger.error("\(request.method) \(pattern) is served but not in RouteTable")
            throw HTTPError(.notFound)
        }
        if route.access == .everyone {
            // The health check and the assets must answer even when the user store does not.
            guard route.kind == .page, !RouteTable.assetRoutes.contains(route.key),
                try await access.presence.hasUsers()
            else {
                return try await next(request, context)
            }
            // A page of the navigation open to anyone (the menu) shows a signed-in visitor
            // their own navigation.
            if route.navigation != nil, let caller = try await caller(of: request, kind: .page) {
                return try await SignedInUser.run(as: caller.user) {
                    try await next(request, context)
                }
            }
            return try await PageViewer.$current.withValue(.nobody) {
                try await next(request, context)
            }
        }
        guard try await access.presence.hasUsers() else { return try await next(request, context) }
        guard let caller = try await caller(of: request, kind: route.kind) else {
            switch route.kind {
            case .api:
                throw try await Self.unauthorized(reason: refusal(of: request))
            case .page:
                guard method == .get else {
                    throw RequestError(.unauthorized, "Sign in first.")
                }
                let next = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
                return PageRenderer.redirect(to: SignInPages.loginPath(returningTo: next))
            }
        }
        let user = caller.user
        guard Self.allows(user, route.access, context: context) else {
            // Refused, but still signed in: the error page is shown to them as themselves.
            RequestRecord.current?.signedIn(user)
            throw RequestError(
                .forbidden,
                route.kind == .page && request.method == .get
                    ? "\(user.name) (\(user.role.rawValue)) may not open \(request.uri.path)."
                    : "\(user.name) (\(user.role.rawValue)) may not \(request.method) \(request.uri.path)"
            )
        }
        return try await SignedInUser.run(as: user, device: caller.device) {
            try await next(request, context)
        }
    }

    /// A 401 saying why the credential was refused and how to authenticate (RFC 6750's
    /// `WWW-Authenticate`, with `invalid_token` for a token that was sent).
    static func unauthorized(reason: CredentialRefusal) -> RequestError {
        let detail: String
        switch reason {
        case .missing: detail = "this API needs a token: Authorization: Bearer <token>"
        case .unknown: detail = "the token or session is not one this server issued"
        case .expired: detail = "the token or session has expired"
        case .revoked: detail = "the token was revoked"
        }
        var refusal = RequestError(.unauthorized, detail).with("reason", reason.rawValue)
        refusal.headers[.wwwAuthenticate] =
            reason == .missing
            ? #"Bearer realm="casebook""#
            : #"Bearer realm="casebook", error="invalid_token", error_description="\#(detail)""#
        return refusal
    }

    /// Why the API's credential in `request` signs nobody in, checked as `caller` reads it.
    private func refusal(of request: Request) async throws -> CredentialRefusal {
        if let secret = Self.bearer(request.headers[.authorization]) {
            return try await access.tokens.refusal(of: secret) ?? .unknown
        }
        guard request.headers[.authorization] == nil,
            let secret = CookieValue.named(SignInPages.sessionCookie, in: request)
        else { return .missing }
        return try await access.sessions.refusal(ofSecret: secret) ?? .unknown
    }

    /// The user a page's session cookie stands for; for the API, the user of the bearer token
    /// (with the token's label, the device it is on), else (with no `Authorization` at all) of
    /// the session cookie.
    private func caller(of request: Request, kind: Route.Kind) async throws
        -> CredentialCache.Caller?
    {
        guard kind == .api else { return try await signIn.signedInUser(request).map { ($0, nil) } }
        if let secret = Self.bearer(request.headers[.authorization]) {
            return try await access.tokenCache.caller(
                for: secret,
                lookUp: {
                    try await access.tokens.authenticate(secret).map { ($0.user, $0.token.label) }
                })
        }
        guard request.headers[.authorization] == nil else { return nil }
        return try await signIn.signedInUser(request).map { ($0, nil) }
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
