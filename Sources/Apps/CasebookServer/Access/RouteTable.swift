import AccountsCore
import Hummingbird

/// Every route the server serves, with who may use it once the server has users: the one table
/// that the router is checked against at start, that the access check reads (by the route the
/// router matched, never by the request's text), that the pages' navigation is drawn from, and
/// that the API's description and the documentation state. A route not in it is served to
/// nobody.
enum RouteTable {
    static let everyRole = Set(UserRole.allCases)

    static let routes: [Route] = [
        // Public: signing in and out, the health check, the sign-in page's assets, the API's
        // description.
        Route(.get, "/health", .api, .everyone),
        Route(.get, "/style.css", .page, .everyone),
        Route(.get, "/app.js", .page, .everyone),
        Route(.get, "/login", .page, .everyone),
        Route(.post, "/login", .page, .everyone),
        Route(.post, "/login/code", .page, .everyone),
        Route(.post, "/logout", .page, .everyone),
        Route(.get, "/setup", .page, .everyone),
        Route(.post, "/setup", .page, .everyone),
        Route(.get, "/openapi.json", .api, .everyone),
        // The menu: a restaurant's, for its guests too (every user with --private-menu).
        Route(.get, "/menu", .page, .everyone, navigation: "Menu"),
        Route(.get, "/api/menu", .api, .everyone),
        Route(.get, "/menu/qr.svg", .page, .everyone),
        Route(.get, "/menu/photos/{file}", .page, .everyone),
        // Changing the menu: its managers and admins.
        Route(.get, "/menu/edit", .page, .roles([.manager, .admin]), navigation: "Edit menu"),
        Route(.post, "/menu/edit", .page, .roles([.manager, .admin])),
        Route(.get, "/menu/history", .page, .roles([.manager, .admin])),
        Route(.post, "/menu/restore", .page, .roles([.manager, .admin])),
        Route(.get, "/menu/dish", .page, .roles([.manager, .admin])),
        Route(.post, "/menu/dish", .page, .roles([.manager, .admin])),
        Route(.post, "/menu/dish/photo", .page, .roles([.manager, .admin])),
        Route(.get, "/menu/restaurant", .page, .roles([.manager, .admin])),
        Route(.post, "/menu/restaurant", .page, .roles([.manager, .admin])),
        // Every user.
        Route(.get, "/", .page, .roles(everyRole)),
        // The diary: diarists (each their own) and admins.
        Route(.get, "/diary", .page, .roles([.diarist, .admin]), navigation: "Diary"),
        Route(.post, "/diary", .page, .roles([.diarist, .admin])),
        Route(.get, "/diary/new", .page, .roles([.diarist, .admin])),
        Route(.get, "/diary/{id}", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/{id}", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/{id}/delete", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/restore", .page, .roles([.diarist, .admin])),
        Route(.get, "/diary/trash", .page, .roles([.diarist, .admin])),
        Route(.get, "/diary/export", .page, .roles([.diarist, .admin])),
        Route(.get, "/diary/import", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/import", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/{id}/star", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/trash/{id}/restore", .page, .roles([.diarist, .admin])),
        Route(.get, "/diary/photos/{file}", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/{id}/photos", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/{id}/photos/{photo}/remove", .page, .roles([.diarist, .admin])),
        Route(.get, "/diary/encryption", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/encryption", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/unlock", .page, .roles([.diarist, .admin])),
        Route(.post, "/diary/lock", .page, .roles([.diarist, .admin])),
        Route(.get, "/api/diary", .api, .roles([.diarist, .admin])),
        Route(.post, "/api/diary", .api, .roles([.diarist, .admin])),
        Route(.get, "/api/diary/ids", .api, .roles([.diarist, .admin])),
        Route(.post, "/api/diary/import", .api, .roles([.diarist, .admin])),
        Route(.get, "/api/diary/tags", .api, .roles([.diarist, .admin])),
        Route(.get, "/api/diary/trash", .api, .roles([.diarist, .admin])),
        Route(.delete, "/api/diary/trash", .api, .roles([.diarist, .admin])),
        Route(.post, "/api/diary/trash/{id}/restore", .api, .roles([.diarist, .admin])),
        Route(.get, "/api/diary/{id}", .api, .roles([.diarist, .admin])),
        Route(.put, "/api/diary/{id}", .api, .roles([.diarist, .admin])),
        Route(.delete, "/api/diary/{id}", .api, .roles([.diarist, .admin])),
        Route(.put, "/api/diary/{id}/star", .api, .roles([.diarist, .admin])),
        Route(.delete, "/api/diary/{id}/star", .api, .roles([.diarist, .admin])),
        // Respondents: surveyors send them and see what they sent; admins read them all.
        Route(.get, "/survey", .page, .roles([.surveyor, .admin]), navigation: "Survey"),
        Route(.post, "/survey/sync", .page, .roles([.surveyor, .admin])),
        Route(.post, "/survey/verify", .page, .roles([.surveyor, .admin])),
        Route(.post, "/survey/upload", .page, .roles([.surveyor, .admin])),
        // A surveyor's own respondents, read-only (the page checks whose it is).
        Route(.get, "/survey/respondents/{id}", .page, .roles([.admin, .surveyor])),
        Route(.get, "/survey/respondents/{id}/versions/{version}", .page, .roles([.admin])),
        Route(.post, "/survey/review", .page, .roles([.admin])),
        Route(.post, "/survey/respondents/{id}/review", .page, .roles([.admin])),
        // The survey's form: the team reads it; an admin gives its versions.
        Route(.get, "/survey/form", .page, .roles([.surveyor, .admin])),
        Route(.post, "/survey/form", .page, .roles([.admin])),
        Route(.get, "/survey/form/versions/{version}", .page, .roles([.surveyor, .admin])),
        Route(.post, "/survey/form/check", .page, .roles([.admin])),
        Route(.get, "/api/survey-form", .api, .roles([.surveyor, .admin])),
        Route(.get, "/api/survey-form/versions", .api, .roles([.surveyor, .admin])),
        Route(.post, "/api/survey-form/versions", .api, .roles([.admin])),
        Route(.get, "/api/survey-form/versions/{version}", .api, .roles([.surveyor, .admin])),
        Route(.post, "/api/survey-form/check", .api, .roles([.admin])),
        Route(.post, "/api/respondents", .api, .roles([.surveyor, .admin])),
        Route(.get, "/api/respondents", .api, .roles([.surveyor, .admin])),
        Route(.get, "/api/respondents/{id}", .api, .roles([.admin])),
        Route(.get, "/api/respondents/{id}/history", .api, .roles([.admin])),
        Route(.get, "/api/respondents/{id}/check", .api, .roles([.admin])),
        Route(.get, "/api/respondents/{id}/versions/{version}", .api, .roles([.admin])),
        Route(.post, "/api/respondent-reviews", .api, .roles([.admin])),
        Route(.get, "/api/respondent-store", .api, .roles([.surveyor, .admin])),
        Route(.get, "/api/respondent-store/digests", .api, .roles([.surveyor, .admin])),
        Route(.get, "/api/respondent-store/digests/{bucket}", .api, .roles([.surveyor, .admin])),
        Route(.post, "/api/respondent-store/lookup", .api, .roles([.surveyor, .admin])),
        Route(.post, "/api/respondent-store/mine", .api, .roles([.surveyor, .admin])),
        // The users, for admins.
        Route(.get, "/admin/users", .page, .roles([.admin]), navigation: "Users"),
        Route(.post, "/admin/users", .page, .roles([.admin])),
        Route(.post, "/admin/users/role", .page, .roles([.admin])),
        Route(.post, "/admin/users/remove", .page, .roles([.admin])),
        Route(.post, "/admin/users/disable", .page, .roles([.admin])),
        Route(.post, "/admin/users/enable", .page, .roles([.admin])),
        Route(.post, "/admin/users/reset-link", .page, .roles([.admin])),
        // A one-time link an admin gives: whoever holds it sets that user's password, once.
        Route(.get, "/password-reset/{secret}", .page, .everyone),
        Route(.post, "/password-reset/{secret}", .page, .everyone),
        Route(.get, "/admin/tokens", .page, .roles([.admin])),
        Route(.post, "/admin/tokens", .page, .roles([.admin])),
        Route(.post, "/admin/tokens/revoke", .page, .roles([.admin])),
        Route(.get, "/admin/audit", .page, .roles([.admin])),
        // Factors, the account page and preferences: every user, each for their own.
        Route(.get, "/factor", .page, .roles(everyRole), navigation: "Factor"),
        Route(.get, "/account", .page, .roles(everyRole), navigation: "Account"),
        Route(.post, "/account/preference", .page, .roles(everyRole)),
        Route(.get, "/account/security", .page, .roles(everyRole)),
        Route(.post, "/account/password", .page, .roles(everyRole)),
        Route(.post, "/account/tokens", .page, .roles(everyRole)),
        Route(.post, "/account/tokens/revoke", .page, .roles(everyRole)),
        Route(.post, "/account/sessions/end", .page, .roles(everyRole)),
        Route(.post, "/account/sessions/end-others", .page, .roles(everyRole)),
        Route(.post, "/account/second-factor/start", .page, .roles(everyRole)),
        Route(.post, "/account/second-factor", .page, .roles(everyRole)),
        Route(.post, "/account/second-factor/off", .page, .roles(everyRole)),
        Route(.get, "/api/preferences/{userId}", .api, .owner(parameter: "userId")),
        Route(.put, "/api/preferences/{userId}", .api, .owner(parameter: "userId")),
        // The server's own: documents and metrics, for admins.
        Route(.get, "/documents", .page, .roles([.admin]), navigation: "Documents"),
        Route(.get, "/metrics", .api, .roles([.admin])),
    ]

    /// The routes whose success the audit log records (`AuditMiddleware`), beside what the
    /// pages about people and credentials record themselves.
    static let audited: [String: AuditedRoute] = [
        "POST /menu/edit": AuditedRoute(.menuSaved),
        "POST /menu/dish": AuditedRoute(.menuSaved),
        "POST /menu/dish/photo": AuditedRoute(.menuSaved),
        "POST /menu/restaurant": AuditedRoute(.menuSaved),
        "POST /menu/restore": AuditedRoute(.menuSaved),
        "POST /survey/review": AuditedRoute(.respondentsReviewed),
        "POST /survey/respondents/{id}/review": AuditedRoute(.respondentsReviewed),
        "POST /api/respondent-reviews": AuditedRoute(.respondentsReviewed),
        "POST /diary/import": AuditedRoute(.diaryImported),
        "POST /api/diary/import": AuditedRoute(.diaryImported),
        "GET /diary/export": AuditedRoute(.diaryExported),
        "GET /api/respondents": AuditedRoute(.surveyExported) { request in
            guard let query = try? FormFields(query: request) else { return false }
            return
                (try? RespondentsController.exportFormat(
                    query, accept: request.headers[.accept])) != nil
        },
    ]

    /// The routes of signing in and out, served only by a server with a user store.
    static let signInRoutes: Set<String> = [
        "GET /login", "POST /login", "POST /login/code", "POST /logout", "GET /setup",
        "POST /setup",
        "GET /admin/users", "POST /admin/users", "POST /admin/users/role",
        "POST /admin/users/remove", "POST /admin/users/disable", "POST /admin/users/enable",
        "POST /admin/users/reset-link", "GET /password-reset/{secret}",
        "POST /password-reset/{secret}",
        "GET /admin/tokens", "POST /admin/tokens",
        "POST /admin/tokens/revoke", "GET /admin/audit", "GET /account/security",
        "POST /account/password",
        "POST /account/tokens", "POST /account/tokens/revoke", "POST /account/sessions/end",
        "POST /account/sessions/end-others", "POST /account/second-factor/start",
        "POST /account/second-factor", "POST /account/second-factor/off",
    ]

    /// The paths of API routes that are not under `/api/`, whose errors are problems too.
    static let apiPathsOutsideAPI: Set<String> = Set(
        routes.filter { $0.kind == .api && !$0.path.hasPrefix("/api/") }.map(\.path))

    private static let byKey: [String: Route] = Dictionary(
        uniqueKeysWithValues: routes.map { ($0.key, $0) })

    /// Whether the menu is for users only (`casebook serve --private-menu`): bound for each
    /// request by `AccessMiddleware`, so that the access check, the navigation and the pages
    /// read one answer.
    @TaskLocal static var privateMenu = false

    /// The menu's routes, for anyone unless the menu is private.
    static let menuRoutes: Set<String> = [
        "GET /menu", "GET /api/menu", "GET /menu/qr.svg", "GET /menu/photos/{file}",
    ]

    /// The stylesheet and the script every page links: the same for everyone, so served
    /// without asking the user store (a 503 page, the store out of reach, keeps its style).
    static let assetRoutes: Set<String> = ["GET /style.css", "GET /app.js"]

    /// The route the router matched: `path` as the router writes its pattern (`/diary/{id}`);
    /// the menu's for every user rather than anyone while the menu is private.
    static func route(_ method: HTTPRequest.Method, _ path: String) -> Route? {
        let key = Route.key(method, path)
        guard let route = byKey[key] else { return nil }
        guard privateMenu, menuRoutes.contains(key) else { return route }
        return Route(
            route.method, route.path, route.kind, .roles(everyRole),
            navigation: route.navigation)
    }

    /// What the router serves and the table does not list, and what the table lists and the
    /// router does not serve, as `METHOD /path` lines; both empty when they agree.
    static func mismatches(servedRoutes: [(method: HTTPRequest.Method, path: String)]) -> (
        unlisted: [String], unserved: [String]
    ) {
        let served = Set(servedRoutes.map { Route.key($0.method, $0.path) })
        let listed = Set(byKey.keys)
        return (served.subtracting(listed).sorted(), listed.subtracting(served).sorted())
    }
}
