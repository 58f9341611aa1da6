import AccountsCore
import CasebookQR
import Foundation
import Hummingbird

/// `/account/security`: a signed-in user's own password, sessions and API tokens. The password
/// is changed with the old one (every other session of theirs ends; this one goes on); their
/// sessions are listed (when each began, in which browser, until when) and ended, one or all
/// but this one; their tokens are listed (created, last used, expiry, revoked or not), made
/// with a name and an expiry (the secret shown once) and revoked. Nobody sees or ends another
/// user's session or token here.
struct AccountSecurityPage: Sendable {
    let renderer: PageRenderer
    let access: AccessServices
    let signIn: SignInPages

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/account/security", use: show)
        router.post("/account/password", use: changePassword)
        router.post("/account/tokens", use: createToken)
        router.post("/account/tokens/revoke", use: revokeToken)
        router.post("/account/sessions/end", use: endSession)
        router.post("/account/sessions/end-others", use: endOtherSessions)
        router.post("/account/second-factor/start", use: startSecondFactor)
        router.post("/account/second-factor", use: enableSecondFactor)
        router.post("/account/second-factor/off", use: disableSecondFactor)
    }

    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try await page(request, user: try Self.user())
    }

    /// `POST /account/password` (`current`, `password`, `again`).
    @Sendable func changePassword(_ request: Request, context: some RequestContext)
        async throws -> Response
    {
        let form = try await PostedForm.read(request)
        let name = try Self.user()
        let password = form["password"] ?? ""
        // Guesses at the current password count as failed sign-ins do: a session's holder gets
        // no more tries at it than someone at the sign-in page.
        let checked = try await checkCurrentPassword(
            form["current"] ?? "", of: name, for: "a password change", request: request)
        if case .refused(let problem, let status) = checked {
            return try await page(request, user: name, problem: problem, status: status)
        }
        var problem: String?
        if let refusal = NewUserForm.passwordProblem(password) {
            problem = refusal
        } else if password != form["again"] {
            problem = "The two new passwords differ: type the same one twice."
        }
        if let problem {
            return try await page(request, user: name, problem: problem, status: .badRequest)
        }
        if case .checked(let attempt) = checked { access.throttle.succeeded(attempt) }
        try await access.users.changePassword(of: name, to: password)
        access.sessionCache.forgetAll()
        await access.audit.record(.passwordChanged, actor: name, subject: name, request: request)
        // Every session of the user ended with the change: this browser gets a new one.
        guard let user = try await access.users.all().first(where: { $0.name == name }),
            let secret = try await access.sessions.start(
                for: user, userAgent: request.headers[.userAgent])
        else { return PageRenderer.redirect(to: "/login") }
        var response = try await page(
            request, user: name,
            done: "Your password is changed; your other sessions are signed out.")
        response.setCookie(signIn.sessionCookie(secret))
        return response
    }

    /// `POST /account/tokens` (`name`, `expires`: days, empty for never).
    @Sendable func createToken(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let name = try Self.user()
        let label = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let expiresText = (form["expires"] ?? "").trimmingCharacters(in: .whitespaces)
        let days = Int(expiresText)
        let problem = TokenForm.problem(name: label, expires: expiresText)
        if let problem {
            return try await page(request, user: name, problem: problem, status: .badRequest)
        }
        let (token, secret) = try await access.tokens.create(
            user: name, label: label, expiresInDays: expiresText.isEmpty ? nil : days)
        await access.audit.record(
            .tokenMade, actor: name, subject: token.id, detail: label, request: request)
        return try await page(
            request, user: name,
            done:
                "Token \(token.id) made. Copy it now: it is shown this once, and only its hash is kept.",
            secret: secret)
    }

    /// `POST /account/tokens/revoke` (`id`): one of the user's own tokens.
    @Sendable func revokeToken(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let name = try Self.user()
        let id = form["id"] ?? ""
        guard try await access.tokens.list(user: name).contains(where: { $0.id == id }) else {
            throw RequestError(.notFound, "You have no token '\(id)'.")
        }
        try await access.tokens.revoke(id: id)
        access.tokenCache.forgetAll()
        await access.audit.record(.tokenRevoked, actor: name, subject: id, request: request)
        return try await page(
            request, user: name, done: "Token \(id) is revoked: it no longer works anywhere.")
    }

    /// `POST /account/sessions/end` (`session`: a handle from the list): one of the user's own
    /// sessions, signed out at once wherever it is.
    @Sendable func endSession(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let name = try Self.user()
        let handle = form["session"] ?? ""
        guard try await access.sessions.end(user: name, handle: handle) else {
            throw RequestError(.notFound, "You have no such session: it may have ended already.")
                .field("session")
        }
        access.sessionCache.forgetAll()
        await access.audit.record(
            .signedOut, actor: name, subject: name, detail: "one session, from the account page",
            request: request)
        return try await page(request, user: name, done: "That session is signed out.")
    }

    /// `POST /account/sessions/end-others`: every session of the user but this browser's.
    @Sendable func endOtherSessions(_ request: Request, context: some RequestContext)
        async throws -> Response
    {
        _ = try await PostedForm.read(request)
        let name = try Self.user()
        let ended = try await access.sessions.endAll(
            user: name, except: CookieValue.named(SignInPages.sessionCookie, in: request))
        access.sessionCache.forgetAll()
        await access.audit.record(
            .signedOut, actor: name, subject: name,
            detail: "every other session (\(ended)), from the account page", request: request)
        return try await page(
            request, user: name,
            done: ended == 0
                ? "You had no other session."
                : "Signed out everywhere else: \(EnglishCount.phrase(ended, "session"))."
        )
    }

    /// `POST /account/second-factor/start`: a new secret for the user's authenticator app,
    /// shown as a QR code and as text, with a field for the code the app then shows. Nothing is
    /// kept until that code is right.
    @Sendable func startSecondFactor(_ request: Request, context: some RequestContext)
        async throws -> Response
    {
        _ = try await PostedForm.read(request)
        let name = try Self.user()
        if try await access.secondFactors?.isOn(for: name) == true {
            return try await page(
                request, user: name, factorProblem: Self.factorIsOn, status: .conflict)
        }
        return try await page(request, user: name, enrolling: TOTP.random())
    }

    /// `POST /account/second-factor` (`secret`, `code`): turns the second factor on when the
    /// code is the app's for that secret; the recovery codes are shown this once.
    @Sendable func enableSecondFactor(_ request: Request, context: some RequestContext)
        async throws -> Response
    {
        let form = try await PostedForm.read(request)
        let name = try Self.user()
        guard let factors = access.secondFactors,
            let bytes = Base32.decode(form["secret"] ?? ""), bytes.count == 20
        else {
            throw RequestError(.badRequest, "Start again: that secret is not one this page made.")
                .field("secret")
        }
        // A factor on is replaced only after it is turned off, with the password: a session
        // alone does not take it over.
        guard try await !factors.isOn(for: name) else {
            return try await page(
                request, user: name, factorProblem: Self.factorIsOn, status: .conflict)
        }
        guard
            let codes = try await factors.enable(
                user: name, secret: Base32.encode(bytes), code: form["code"] ?? "")
        else {
            return try await page(
                request, user: name,
                factorProblem:
                    "That code is not the one your app shows for this key: check that the phone's clock is right, and type the code it shows now.",
                enrolling: TOTP(secret: bytes), status: .badRequest)
        }
        await access.audit.record(.secondFactorOn, actor: name, subject: name, request: request)
        return try await page(
            request, user: name,
            factorDone:
                "Your second factor is on: from now on, signing in asks for your app's code. Keep these recovery codes somewhere safe: each signs you in once without the app.",
            recoveryCodes: codes)
    }

    /// `POST /account/second-factor/off` (`current`: the password).
    @Sendable func disableSecondFactor(_ request: Request, context: some RequestContext)
        async throws -> Response
    {
        let form = try await PostedForm.read(request)
        let name = try Self.user()
        let checked = try await checkCurrentPassword(
            form["current"] ?? "", of: name, for: "turning the second factor off",
            request: request)
        switch checked {
        case .refused(let problem, let status):
            return try await page(request, user: name, factorProblem: problem, status: status)
        case .checked(let attempt):
            access.throttle.succeeded(attempt)
        }
        try await access.secondFactors?.disable(user: name)
        await access.audit.record(.secondFactorOff, actor: name, subject: name, request: request)
        return try await page(
            request, user: name,
            factorDone: "Your second factor is off: your password alone signs you in.")
    }

    static let factorIsOn =
        "Your second factor is on already: to set up another app, turn it off first (with your password)."

    /// The answer to a password typed to confirm a change: checked against the user's, with
    /// wrong guesses counted as failed sign-ins are (a session's holder gets no more tries at
    /// it than someone at the sign-in page).
    enum PasswordCheck {
        case checked(SignInThrottle.Attempt)
        case refused(String, HTTPResponse.Status)
    }

    private func checkCurrentPassword(
        _ current: String, of name: String, for purpose: String, request: Request
    ) async throws -> PasswordCheck {
        guard current.utf8.count <= Users.passwordBytes.upperBound else {
            return .refused("That is not your current password.", .badRequest)
        }
        let attempt = access.throttle.admit(user: name, address: PeerAddress.address(of: request))
        if let until = attempt.blockedUntil {
            return .refused(
                "Too many wrong passwords. " + SignInThrottle.waitWords(until: until),
                .tooManyRequests)
        }
        if attempt.delay > 0 { try await Task.sleep(for: .seconds(attempt.delay)) }
        let checked = try await access.users.authenticate(name: name, password: current) {
            check in try await SignInPages.hashing.runIfActive(check)
        }
        guard checked != nil else {
            await access.audit.record(
                .signInFailed, actor: name, detail: "\(purpose), with a wrong password",
                request: request)
            return .refused("That is not your current password.", .badRequest)
        }
        return .checked(attempt)
    }

    private static func user() throws -> String {
        guard let name = SignedInUser.current else {
            throw RequestError(.unauthorized, "Sign in first.")
        }
        return name
    }

    private func page(
        _ request: Request, user: String, done: String? = nil, problem: String? = nil,
        secret: String? = nil, factorDone: String? = nil, factorProblem: String? = nil,
        enrolling: TOTP? = nil, recoveryCodes: [String]? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let tokens = try await access.tokens.list(user: user).sorted { $0.createdAt > $1.createdAt }
        let now = Date()
        let rows = TokenForm.rows(tokens, at: now)
        let current = CookieValue.named(SignInPages.sessionCookie, in: request).map(
            Sessions.secretHash(of:))
        let listed: [StoredSession]
        do {
            listed = try await access.sessions.list(user: user)
        } catch is UnsupportedStoreOperation {
            // A store written before sessions could be listed: the page without the list.
            listed = []
        }
        let sessions = listed.map { stored in
            SessionRow.row(stored, current: stored.secretHash == current)
        }
        return renderer.page(
            "account-security", title: "Your password, second factor, sessions and tokens",
            context: [
                "user": user, "done": done ?? false, "problem": problem ?? false,
                "secret": secret ?? false, "tokens": rows, "hasTokens": !rows.isEmpty,
                "sessions": sessions, "hasOtherSessions": sessions.count > 1,
                "secondFactors": access.secondFactors != nil,
                "factorDone": factorDone ?? false, "factorProblem": factorProblem ?? false,
                "secondFactor": try await secondFactorContext(user),
                "enrolling": enrolling.map { Self.enrollment($0, user: user) } ?? false,
                "recoveryCodes": (recoveryCodes ?? []).map { ["code": $0] },
                "hasRecoveryCodes": recoveryCodes != nil,
                "shortest": Users.passwordBytes.lowerBound,
                "longest": Users.passwordBytes.upperBound,
            ], request: request, status: status)
    }

    /// Whether the user's second factor is on, and how many recovery codes they have left.
    private func secondFactorContext(_ user: String) async throws -> Any {
        guard let factors = access.secondFactors, try await factors.isOn(for: user) else {
            return false
        }
        let left = try await factors.recoveryCodesLeft(user: user)
        return ["codesLeft": EnglishCount.phrase(left, "recovery code")]
    }

    /// What the page shows to set an app up with `totp`: its QR code, its secret as text.
    static func enrollment(_ totp: TOTP, user: String) -> [String: Any] {
        let uri = totp.uri(account: user, issuer: "Casebook")
        let qr = (try? QRCode(text: uri))?.svg(title: "A QR code for your authenticator app") ?? ""
        let grouped = stride(from: 0, to: totp.base32.count, by: 4).map { start in
            let characters = Array(totp.base32)
            return String(characters[start..<min(start + 4, characters.count)])
        }.joined(separator: " ")
        return ["secret": totp.base32, "grouped": grouped, "qr": qr]
    }
}
