import AccountsCore
import Foundation
import Hummingbird

/// `/admin/users`: the server's users, for admins — each with their role and when they were
/// added; a form to add one (name, role, password twice); beside each, their role changed,
/// them disabled or enabled again, or them removed (after a page that asks). A change takes
/// effect at once: the user's sessions end, and this server forgets who its cookies and tokens
/// stood for. The last enabled admin is neither removed, demoted nor disabled while other
/// users remain, so that somebody can still manage the rest.
struct AdminUsersPage: Sendable {
    let renderer: PageRenderer
    let access: AccessServices

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/admin/users", use: show)
        router.post("/admin/users", use: add)
        router.post("/admin/users/role", use: changeRole)
        router.post("/admin/users/remove", use: remove)
        router.post("/admin/users/disable") { request, context in
            try await setDisabled(true, request, context: context)
        }
        router.post("/admin/users/enable") { request, context in
            try await setDisabled(false, request, context: context)
        }
        router.post("/admin/users/reset-link", use: makeResetLink)
    }

    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        // Without a user the server is one person's: the first user is its admin, made there.
        guard try await access.presence.hasUsers() else {
            return PageRenderer.redirect(to: "/setup")
        }
        let welcome =
            request.uri.queryParameters["welcome"] != nil
            ? "You are this server's first admin. Add the people who work with it: each signs in with the name and password you give them."
            : nil
        return try await page(request, done: welcome)
    }

    /// `POST /admin/users` (`name`, `role`, `password`, `again`).
    @Sendable func add(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        try await refuseWithoutUsers()
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let role = try Self.role(form["role"])
        let password = form["password"] ?? ""
        var problem = NewUserForm.problem(name: name, password: password, again: form["again"])
        if problem == nil {
            do {
                try await access.users.add(name: name, role: role, password: password)
                await access.audit.record(
                    .userAdded, actor: SignedInUser.current, subject: name,
                    detail: role.rawValue, request: request)
            } catch let error as UserError {
                problem = "\(error)".prefix(1).uppercased() + "\(error)".dropFirst() + "."
            }
        }
        if let problem {
            return try await page(
                request, problem: problem, typed: ["name": name, "role": role.rawValue],
                status: .badRequest)
        }
        return try await page(
            request, done: "Added \(name) (\(role.rawValue)): they can sign in now.")
    }

    /// `POST /admin/users/role` (`name`, `role`).
    @Sendable func changeRole(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        try await refuseWithoutUsers()
        let name = form["name"] ?? ""
        let role = try Self.role(form["role"])
        let user = try await user(named: name)
        guard user.role != role else {
            return try await page(request, done: "\(name) is \(role.rawValue) already.")
        }
        if let refusal = try await apply(.role(role), to: user, request: request) {
            return refusal
        }
        await access.audit.record(
            .roleChanged, actor: SignedInUser.current, subject: name,
            detail: "\(user.role.rawValue) → \(role.rawValue)", request: request)
        return try await page(
            request,
            done:
                "\(name) is \(role.rawValue) now; their sessions ended, and their tokens act as \(role.rawValue)."
        )
    }

    /// `POST /admin/users/disable` and `/enable` (`name`): a disabled user cannot sign in, their
    /// sessions end at once and their tokens are refused; everything else of theirs is kept.
    func setDisabled(_ disabled: Bool, _ request: Request, context: some RequestContext)
        async throws -> Response
    {
        let form = try await PostedForm.read(request)
        try await refuseWithoutUsers()
        let name = form["name"] ?? ""
        let user = try await user(named: name)
        guard user.disabled != disabled else {
            return try await page(
                request, done: "\(name) is \(disabled ? "disabled" : "enabled") already.")
        }
        if let refusal = try await apply(.disabled(disabled), to: user, request: request) {
            return refusal
        }
        await access.audit.record(
            disabled ? .userDisabled : .userEnabled, actor: SignedInUser.current, subject: name,
            request: request)
        return try await page(
            request,
            done: disabled
                ? "\(name) is disabled: their sessions ended, and they cannot sign in or use their tokens until enabled again."
                : "\(name) is enabled: they can sign in, and their tokens work again.")
    }

    /// `POST /admin/users/reset-link` (`name`): a one-time link for the user to set a new
    /// password with, shown once, for the admin to give them. A newer link replaces it.
    @Sendable func makeResetLink(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        try await refuseWithoutUsers()
        let name = form["name"] ?? ""
        _ = try await user(named: name)
        guard let resets = access.resets else {
            throw RequestError(.notImplemented, "This server's user store keeps no reset links.")
        }
        let (reset, secret) = try await resets.create(for: name)
        await access.audit.record(
            .resetLinkMade, actor: SignedInUser.current, subject: name, request: request)
        let scheme = access.secureCookies ? "https" : "http"
        let host = request.head.authority ?? "localhost"
        return try await page(
            request,
            done:
                "A link for \(name) to set a new password: give it to them yourself (it is shown this once). It works once, until \(SessionRow.minute(reset.expiresAt)), and ends their sessions when used.",
            resetLink: "\(scheme)://\(host)\(PasswordResetPage.path(secret))")
    }

    /// `POST /admin/users/remove` (`name`, and `confirm=yes` from the page that asks).
    @Sendable func remove(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        try await refuseWithoutUsers()
        let name = form["name"] ?? ""
        let user = try await user(named: name)
        if user.role == .admin, try await isLastAdmin(name) {
            return try await page(
                request,
                problem: Self.lastAdminProblem(name),
                status: .conflict)
        }
        guard form["confirm"] == "yes" else {
            return renderer.page(
                "admin-user-remove", title: "Remove \(name)?",
                context: [
                    "name": name, "role": user.role.rawValue, "you": SignedInUser.current == name,
                ],
                request: request)
        }
        if let refusal = try await apply(.removal, to: user, request: request) {
            return refusal
        }
        await access.audit.record(
            .userRemoved, actor: SignedInUser.current, subject: name,
            detail: user.role.rawValue, request: request)
        return try await page(
            request,
            done:
                "Removed \(name): their sessions and tokens are gone. What they saved is kept, and comes back if a user of that name is added again."
        )
    }

    // MARK: The page

    private func page(
        _ request: Request, done: String? = nil, problem: String? = nil,
        typed: [String: String] = [:], resetLink: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let users = try await access.users.all()
        let admins = users.filter { $0.role == .admin && !$0.disabled }.count
        let me = SignedInUser.current
        let rows = users.map { user -> [String: Any] in
            [
                "name": user.name, "role": user.role.rawValue,
                "added": user.createdAt.formatted(.iso8601.year().month().day()),
                "you": user.name == me,
                "lastAdmin": user.role == .admin && !user.disabled && admins == 1,
                "disabled": user.disabled,
                "roles": Self.roles(chosen: user.role),
                "id": "role-" + user.name.replacingOccurrences(of: ".", with: "-"),
            ]
        }
        return renderer.page(
            "admin-users", title: "Users",
            context: [
                "users": rows,
                "countWords": Self.countWords(users),
                "done": done ?? false, "resetLink": resetLink ?? false,
                "resets": access.resets != nil,
                "problem": problem ?? false, "name": typed["name"] ?? "",
                "roles": Self.roles(chosen: typed["role"].flatMap(UserRole.init) ?? .diarist),
                "shortest": Users.passwordBytes.lowerBound,
                "longest": Users.passwordBytes.upperBound,
            ], request: request, status: status)
    }

    /// "3 users can sign in", and how many cannot: "; 1 is disabled".
    static func countWords(_ users: [User]) -> String {
        let disabled = users.filter(\.disabled).count
        let enabled = EnglishCount.phrase(users.count - disabled, "user") + " can sign in"
        guard disabled > 0 else { return enabled }
        return enabled + "; \(disabled) \(disabled == 1 ? "is" : "are") disabled"
    }

    /// Why the last enabled admin is not removed, demoted or disabled, said to whoever asked.
    static func lastAdminProblem(_ name: String) -> String {
        (name == SignedInUser.current ? "You are" : "\(name) is")
            + " the last admin: make another user admin first, so that somebody can still manage the users."
    }

    static func roles(chosen: UserRole) -> [[String: Any]] {
        [UserRole.diarist, .surveyor, .manager, .admin].map {
            ["value": $0.rawValue, "chosen": $0 == chosen]
        }
    }

    static func role(_ text: String?) throws -> UserRole {
        guard let text, let role = UserRole(rawValue: text) else {
            throw RequestError(
                .badRequest, "A role is admin, surveyor, diarist or manager, not '\(text ?? "")'."
            )
            .field("role")
        }
        return role
    }

    /// The first user is the admin `/setup` makes: none is added, changed or removed here
    /// before.
    private func refuseWithoutUsers() async throws {
        guard try await access.presence.hasUsers() else {
            throw RequestError(
                .conflict, "This server has no users yet: make its first admin at /setup.")
        }
    }

    private func user(named name: String) async throws -> User {
        guard let user = try await access.users.all().first(where: { $0.name == name }) else {
            throw RequestError(.notFound, "There is no user named '\(name)'.")
        }
        return user
    }

    /// Whether `name` is the only enabled admin: neither removed, demoted nor disabled here,
    /// even as the only user (a server left without users is open to whoever reaches it).
    private func isLastAdmin(_ name: String) async throws -> Bool {
        try await access.users.all().filter { $0.role == .admin && !$0.disabled }.map(\.name)
            == [name]
    }

    /// Applies `change` to `user`, and forgets who credentials stood for; the page that says
    /// no when it would leave no enabled admin (checked in the same step as the change, so
    /// two admins demoting each other at once leave one), nil when it is done.
    private func apply(_ change: UserChange, to user: User, request: Request) async throws
        -> Response?
    {
        do {
            if user.role == .admin, !user.disabled {
                try await access.users.applyKeepingAnAdmin(change, to: user.name)
            } else {
                switch change {
                case .role(let role): try await access.users.changeRole(of: user.name, to: role)
                case .disabled(let disabled):
                    try await access.users.setDisabled(disabled, name: user.name)
                case .removal: try await access.users.remove(named: user.name)
                }
            }
        } catch UserError.unknown {
            throw RequestError(.notFound, "There is no user named '\(user.name)'.")
        } catch is LastAdminError {
            return try await page(
                request, problem: Self.lastAdminProblem(user.name), status: .conflict)
        }
        forgetCredentials()
        return nil
    }

    /// On this server at once; on others sharing the store, when they notice the change.
    private func forgetCredentials() {
        access.sessionCache.forgetAll()
        access.tokenCache.forgetAll()
    }
}
