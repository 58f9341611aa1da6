import AccountsCore
import Foundation
import Hummingbird

/// `/setup`: the first admin, made in the browser on a server with a user store and no user
/// yet, from the server's own machine (anyone else is told how to make one there), with the
/// set-up code `casebook serve` printed (`Configuration.setupCode`). Once there is
/// a user the page is gone (404); two sent at once make one admin (`Users.addFirstAdmin`). The
/// admin made is signed in, and lands on the users page, to add the others.
struct SetupPage: Sendable {
    let renderer: PageRenderer
    let access: AccessServices
    let signIn: SignInPages

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/setup", use: show)
        router.post("/setup", use: create)
    }

    /// `GET /setup`: the form, or how to make the first admin on the server.
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try await refuseOnceThereAreUsers()
        let code = request.uri.queryParameters["code"].map(String.init) ?? ""
        return page(request, context: ["name": "", "code": code])
    }

    /// `POST /setup` (`name`, `password`, `again`): the first admin, signed in.
    @Sendable func create(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        try await refuseOnceThereAreUsers()
        guard Self.isLocal(request) else {
            return page(request, context: [:], status: .forbidden)
        }
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let password = form["password"] ?? ""
        let code = (form["code"] ?? "").trimmingCharacters(in: .whitespaces)
        if let expected = access.setupCode, !Self.same(code, expected) {
            return page(
                request,
                context: [
                    "name": name, "code": code,
                    "problem":
                        "That is not the set-up code: casebook serve printed it when it started, in the link to this page.",
                ], status: .forbidden)
        }
        if let problem = NewUserForm.problem(name: name, password: password, again: form["again"]) {
            return page(
                request, context: ["name": name, "code": code, "problem": problem],
                status: .badRequest)
        }
        guard let admin = try await access.users.addFirstAdmin(name: name, password: password)
        else {
            throw RequestError(.notFound, "This server has users already: sign in.")
        }
        access.presence.noteUsers()
        await access.audit.record(
            .firstAdminMade, actor: admin.name, subject: admin.name, request: request)
        guard
            let secret = try await access.sessions.start(
                for: admin, userAgent: request.headers[.userAgent])
        else {
            return PageRenderer.redirect(to: "/login")
        }
        // Their next step: the people who work with the server.
        var response = PageRenderer.redirect(to: "/admin/users?welcome")
        response.setCookie(signIn.sessionCookie(secret))
        return response
    }

    private func refuseOnceThereAreUsers() async throws {
        if try await access.presence.hasUsers() {
            throw RequestError(.notFound, "This server has users already: sign in.")
        }
    }

    private func page(
        _ request: Request, context: [String: Any], status: HTTPResponse.Status = .ok
    ) -> Response {
        var context = context
        context["local"] = Self.isLocal(request)
        context["asksCode"] = access.setupCode != nil
        if context["code"] == nil { context["code"] = "" }
        context["shortest"] = Users.passwordBytes.lowerBound
        context["longest"] = Users.passwordBytes.upperBound
        return renderer.page(
            "setup", title: "Create the first admin", context: context, request: request,
            status: status)
    }

    /// Whether `given` is `expected`, compared in a time that does not tell how much of it was
    /// right.
    static func same(_ given: String, _ expected: String) -> Bool {
        let (a, b) = (Array(given.utf8), Array(expected.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Whether the request comes from the server's own machine: its peer (or the client a
    /// trusted proxy names) is a loopback address.
    static func isLocal(_ request: Request) -> Bool {
        guard let address = PeerAddress.address(of: request) else { return false }
        return address == "::1" || address.hasPrefix("127.") || address == "::ffff:127.0.0.1"
    }
}
