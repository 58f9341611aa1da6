import AccountsCore
import Foundation
import Hummingbird

/// `/password-reset/{secret}`: the page a one-time link an admin made opens, for its user to
/// set a new password (typed twice) without signing in. It works once and until it expires;
/// a used, expired or unknown link says so and what to do, without saying whose it was.
struct PasswordResetPage: Sendable {
    let renderer: PageRenderer
    let access: AccessServices

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/password-reset/{secret}", use: show)
        router.post("/password-reset/{secret}", use: setPassword)
    }

    /// Where a link with `secret` leads.
    static func path(_ secret: String) -> String { "/password-reset/\(secret)" }

    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let secret = try PathParameter.text("secret", in: context)
        guard let reset = try await access.resets?.pending(secret) else {
            return page(request, secret: secret, problem: Self.unusable, status: .notFound)
        }
        return page(request, secret: secret, reset: reset)
    }

    /// `POST /password-reset/{secret}` (`password`, `again`).
    @Sendable func setPassword(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let secret = try PathParameter.text("secret", in: context)
        guard let resets = access.resets, let reset = try await resets.pending(secret) else {
            return page(request, secret: secret, problem: Self.unusable, status: .notFound)
        }
        let password = form["password"] ?? ""
        if let problem = NewUserForm.passwordProblem(password)
            ?? (password == form["again"]
                ? nil : "The two passwords differ: type the same one twice.")
        {
            return page(
                request, secret: secret, reset: reset, problem: problem, status: .badRequest)
        }
        guard let used = try await resets.redeem(secret, password: password) else {
            return page(request, secret: secret, problem: Self.unusable, status: .notFound)
        }
        access.sessionCache.forgetAll()
        await access.audit.record(
            .passwordChanged, actor: used.user, subject: used.user, detail: "with a reset link",
            request: request)
        return page(
            request, secret: secret,
            done:
                "Your password is set, \(used.user): sign in with it. Every session of yours has ended."
        )
    }

    static let unusable =
        "This link does not work: it was used already, has expired, or was replaced by a newer one. Ask an admin for a new link."

    private func page(
        _ request: Request, secret: String, reset: PasswordReset? = nil, problem: String? = nil,
        done: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        renderer.page(
            "password-reset", title: done == nil ? "Set a new password" : "Your password is set",
            context: [
                "usable": reset != nil, "user": reset?.user ?? "",
                "until": reset.map { SessionRow.minute($0.expiresAt) } ?? "",
                "action": Self.path(secret), "problem": problem ?? false, "done": done ?? false,
                "shortest": Users.passwordBytes.lowerBound,
                "longest": Users.passwordBytes.upperBound,
            ], request: request, status: status)
    }
}
