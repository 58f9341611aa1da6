import AccountsCore
import Foundation
import Hummingbird
import NIOPosix

/// `/login` and `/logout`: a name and password checked with bcrypt (on a thread pool: a check
/// takes a quarter of a second on purpose), a new session on every sign-in (its secret in an
/// HttpOnly, SameSite=Lax cookie, Secure under TLS), the last name remembered per browser
/// through the case study's `LoginHandler`, and failures slowed by `SignInThrottle` — with the
/// same answer for an unknown name and a wrong password.
struct SignInPages: Sendable {
    static let sessionCookie = "casebook_session"

    let renderer: PageRenderer
    let access: AccessServices
    /// Whether to ask "Save password?" right after `user` signs in.
    let shouldAskToSavePassword: @Sendable (String) -> Bool
    /// What else ends when `user` signs out (their encrypted diary is locked).
    var didSignOut: @Sendable (String) -> Void = { _ in }

    private var users: Users { access.users }
    private var sessions: Sessions { access.sessions }
    private var throttle: SignInThrottle { access.throttle }
    private var secureCookies: Bool { access.secureCookies }
    /// Who recent session cookies stand for.
    private var cache: CredentialCache { access.sessionCache }

    /// The threads bcrypt runs on, off the concurrency pool.
    static let hashing: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/login", use: form)
        router.post("/login", use: signIn)
        router.post("/login/code", use: signInWithCode)
        router.post("/logout", use: signOut)
    }

    /// `GET /login`: the sign-in form.
    @Sendable func form(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        // Nobody to sign in as yet: the first admin is made first.
        guard try await access.presence.hasUsers() else {
            return PageRenderer.redirect(to: "/setup")
        }
        let signedIn = try await signedInUser(request)?.name
        let storage = CookieLoginStorage(request: request)
        return renderer.page(
            "login", title: "Sign in",
            context: [
                "username": LoginHandler(storage: storage).previousUsername ?? "",
                "next": Self.safeNext(request.uri.queryParameters["next"].map(String.init)),
                "signedIn": signedIn ?? false,
            ],
            request: request)
    }

    /// `POST /login`: checks the name and password and starts a session.
    @Sendable func signIn(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let name = (form["username"] ?? "").trimmingCharacters(in: .whitespaces)
        let password = form["password"] ?? ""
        let next = Self.safeNext(form["next"])
        let address = PeerAddress.address(of: request)
        // bcrypt reads 72 bytes: a longer password is refused, as `user add` refuses it,
        // never checked on its first 72 bytes.
        guard password.utf8.count <= Users.passwordBytes.upperBound else {
            return refusal(
                request, name: name, next: next, status: .badRequest,
                message:
                    "A password must be at most \(Users.passwordBytes.upperBound) bytes long (bcrypt reads no more)."
            )
        }
        let attempt = throttle.admit(user: name, address: address)
        if let until = attempt.blockedUntil {
            var response = refusal(
                request, name: name, next: next, status: .tooManyRequests,
                message: "Too many failed sign-ins. " + SignInThrottle.waitWords(until: until))
            response.headers[.retryAfter] = String(
                max(1, Int(until.timeIntervalSinceNow.rounded(.up))))
            return response
        }
        // A name many have failed at is slowed from addresses that failed too: never refused.
        if attempt.delay > 0 { try await Task.sleep(for: .seconds(attempt.delay)) }
        let user = try await users.authenticate(name: name, password: password) { check in
            try await Self.hashing.runIfActive(check)
        }
        let agent = request.headers[.userAgent]
        guard let user else {
            await access.audit.record(
                .signInFailed, actor: name, detail: agent, request: request)
            return refusal(
                request, name: name, next: next, status: .unauthorized,
                message: "That name and password do not match.")
        }
        // The right password of a disabled user: said plainly to whoever knows it, and still
        // counted as a failed attempt.
        guard !user.disabled else {
            await access.audit.record(
                .signInFailed, actor: user.name, detail: "disabled; " + (agent ?? ""),
                request: request)
            return refusal(
                request, name: name, next: next, status: .forbidden,
                message: "Your account is disabled: ask an admin to enable it.")
        }
        // With a second factor, the password alone starts no session: the code page follows.
        // Its attempt stays counted until the code is right: a right password does not clear
        // the wrong codes' count.
        if let factors = access.secondFactors, try await factors.isOn(for: user.name) {
            return codePage(request, user: user, next: next)
        }
        throttle.succeeded(attempt)
        await access.audit.record(.signedIn, actor: user.name, detail: agent, request: request)
        return try await startSession(for: user, request: request, next: next)
    }

    /// `POST /login/code` (`challenge`, `code`, `next`): the second step of a sign-in whose
    /// password was right, with the app's code or a recovery code. Wrong codes count as
    /// failed sign-ins do (per name and address), so a challenge is no way around the limit.
    @Sendable func signInWithCode(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let challenge = form["challenge"] ?? ""
        let next = Self.safeNext(form["next"])
        let again = "Sign in again: the code page has expired."
        guard let name = SecondFactorChallenge.name(in: challenge),
            let user = try await users.all().first(where: { $0.name == name }),
            SecondFactorChallenge.isValid(challenge, for: user), !user.disabled,
            let factors = access.secondFactors
        else {
            return refusal(
                request, name: "", next: next, status: .unauthorized, message: again)
        }
        let attempt = throttle.admit(user: name, address: PeerAddress.address(of: request))
        if let until = attempt.blockedUntil {
            return codePage(
                request, user: user, next: next, challenge: challenge,
                status: .tooManyRequests,
                problem: "Too many wrong codes. " + SignInThrottle.waitWords(until: until))
        }
        if attempt.delay > 0 { try await Task.sleep(for: .seconds(attempt.delay)) }
        guard let use = try await factors.use(user: name, code: form["code"] ?? "") else {
            await access.audit.record(
                .signInFailed, actor: name, detail: "a wrong second-factor code", request: request)
            return codePage(
                request, user: user, next: next, challenge: challenge, status: .unauthorized,
                problem:
                    "That is neither the code your app shows now nor a recovery code you have not used. A code works once: if you just used this one, wait for the next."
            )
        }
        throttle.succeeded(attempt)
        await access.audit.record(
            .signedIn, actor: name,
            detail: (use == .appCode
                ? "with the app's code; "
                : "with a recovery code (\(try await factors.recoveryCodesLeft(user: name)) left); ")
                + (request.headers[.userAgent] ?? ""),
            request: request)
        return try await startSession(for: user, request: request, next: next)
    }

    /// The page that asks a user whose password was right for their second factor's code.
    /// A wrong code keeps the challenge it came with: the page does not stay open past the
    /// five minutes the right password gave.
    private func codePage(
        _ request: Request, user: User, next: String, challenge: String? = nil,
        status: HTTPResponse.Status = .ok, problem: String? = nil
    ) -> Response {
        renderer.page(
            "login-code", title: "Your code",
            context: [
                "challenge": challenge ?? SecondFactorChallenge.make(for: user), "next": next,
                "user": user.name,
                "problem": problem ?? false,
            ], request: request, status: status)
    }

    /// A new session for `user`, whose credentials were just checked, and the page after it.
    private func startSession(for user: User, request: Request, next: String) async throws
        -> Response
    {
        // A new session on every sign-in, and the old one (if any) ended: a session
        // cookie planted before sign-in is worth nothing after it.
        if let old = CookieValue.named(Self.sessionCookie, in: request) {
            cache.forget(old)
            try await sessions.end(old)
        }
        // Checked against the hash read before bcrypt ran: a password changed meanwhile
        // starts no session.
        guard
            let secret = try await sessions.start(
                for: user, userAgent: request.headers[.userAgent])
        else {
            return refusal(
                request, name: user.name, next: next, status: .unauthorized,
                message: "That name and password do not match.")
        }
        let storage = CookieLoginStorage(request: request, secure: secureCookies)
        try LoginHandler(storage: storage).rememberUsername(afterLoggingInAs: user.name)
        // Without a page to go back to, each role goes to its work.
        let destination = next == "/" ? Self.workPage(of: user.role) : next
        // As in the case study: after a successful sign-in, ask whether to save the
        // password, unless the user already answered Never or Save.
        var response = PageRenderer.redirect(
            to: shouldAskToSavePassword(user.name)
                ? "/account?prompt&next=\(Self.queryValue(destination))" : destination)
        response.setCookie(sessionCookie(secret))
        if let remembered = storage.cookie { response.setCookie(remembered) }
        return response
    }

    /// `POST /logout`: ends the session.
    @Sendable func signOut(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        _ = try await PostedForm.read(request)
        if let secret = CookieValue.named(Self.sessionCookie, in: request) {
            let user = try? await sessions.user(forSecret: secret)
            cache.forget(secret)
            try await sessions.end(secret)
            if let user {
                didSignOut(user.name)
                await access.audit.record(.signedOut, actor: user.name, request: request)
            }
        }
        var response = PageRenderer.redirect(to: "/login")
        response.setCookie(
            Cookie(
                name: Self.sessionCookie, value: "", maxAge: 0, path: "/",
                secure: secureCookies, httpOnly: true, sameSite: .lax))
        response.setCookie(Notice.shown(secure: secureCookies))
        return response
    }

    func signedInUser(_ request: Request) async throws -> User? {
        guard let secret = CookieValue.named(Self.sessionCookie, in: request) else { return nil }
        return try await cache.user(for: secret) {
            try await sessions.user(forSecret: secret)
        }
    }

    func sessionCookie(_ secret: String) -> Cookie {
        Cookie(
            name: Self.sessionCookie, value: secret, path: "/", secure: secureCookies,
            httpOnly: true, sameSite: .lax)
    }

    private func refusal(
        _ request: Request, name: String, next: String, status: HTTPResponse.Status,
        message: String
    ) -> Response {
        renderer.page(
            "login", title: "Sign in",
            context: ["username": name, "next": next, "signedIn": false, "error": message],
            request: request, status: status)
    }

    /// The sign-in page, to come back to `path` afterwards.
    static func loginPath(returningTo path: String) -> String {
        "/login?next=\(queryValue(path))"
    }

    /// `path` as the value of a query parameter (every character but letters and digits
    /// percent-encoded).
    static func queryValue(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
    }

    /// Where to go after signing in: a path on this server (`LocalRedirect`), else home.
    /// Where a role's work is, for a sign-in that names no page: a diarist's diary, a
    /// surveyor's survey, a manager's menu editing, an admin's overview of every system.
    static func workPage(of role: UserRole) -> String {
        switch role {
        case .diarist: "/diary"
        case .surveyor: "/survey"
        case .manager: "/menu/edit"
        case .admin: "/"
        }
    }

    static func safeNext(_ text: String?) -> String {
        guard let text, LocalRedirect.isSafe(text) else { return "/" }
        return text
    }
}
