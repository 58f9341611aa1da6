import AccountsCore
import Foundation
import Hummingbird

/// `/admin/tokens`: every user's API tokens, for admins — whose each is, its name, when it was
/// made and expires, whether it is active — with a form to make one for a user (its secret
/// shown once) and a button to revoke each. A revocation takes effect at once here, and on
/// other servers on the store when they notice the change.
struct AdminTokensPage: Sendable {
    let renderer: PageRenderer
    let access: AccessServices

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/admin/tokens", use: show)
        router.post("/admin/tokens", use: create)
        router.post("/admin/tokens/revoke", use: revoke)
    }

    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try await page(request)
    }

    /// `POST /admin/tokens` (`user`, `name`, `expires`: days, empty for never).
    @Sendable func create(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let user = form["user"] ?? ""
        let label = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let expires = (form["expires"] ?? "").trimmingCharacters(in: .whitespaces)
        let users = try await access.users.all().map(\.name)
        var problem: String?
        if !users.contains(user) {
            problem = "Choose whose token it is: '\(user)' is no user."
        } else if let refusal = TokenForm.problem(name: label, expires: expires) {
            problem = refusal
        }
        if let problem {
            return try await page(request, problem: problem, status: .badRequest)
        }
        let made: (token: APIToken, secret: String)
        do {
            made = try await access.tokens.create(
                user: user, label: label, expiresInDays: Int(expires))
        } catch UserError.unknown {
            return try await page(
                request, problem: "Choose whose token it is: '\(user)' is no user.",
                status: .badRequest)
        }
        let (token, secret) = made
        await access.audit.record(
            .tokenMade, actor: SignedInUser.current, subject: token.id,
            detail: "\(user): \(label)", request: request)
        return try await page(
            request,
            done:
                "Token \(token.id) made for \(user). Copy it now: it is shown this once, and only its hash is kept.",
            secret: secret)
    }

    /// `POST /admin/tokens/revoke` (`id`).
    @Sendable func revoke(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let id = form["id"] ?? ""
        guard try await access.tokens.list().contains(where: { $0.id == id }) else {
            throw RequestError(.notFound, "There is no token '\(id)'.")
        }
        try await access.tokens.revoke(id: id)
        access.tokenCache.forgetAll()
        await access.audit.record(
            .tokenRevoked, actor: SignedInUser.current, subject: id, request: request)
        return try await page(request, done: "Token \(id) is revoked: it no longer works anywhere.")
    }

    private func page(
        _ request: Request, done: String? = nil, problem: String? = nil, secret: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let tokens = try await access.tokens.list().sorted { $0.createdAt > $1.createdAt }
        let users = try await access.users.all().map(\.name)
        return renderer.page(
            "admin-tokens", title: "API tokens",
            context: [
                "tokens": TokenForm.rows(tokens, at: Date()), "hasTokens": !tokens.isEmpty,
                "users": users.map { ["name": $0] }, "done": done ?? false,
                "problem": problem ?? false, "secret": secret ?? false,
            ], request: request, status: status)
    }
}
