import AccountsCore
import Foundation
import Hummingbird

/// `/admin/audit`: the audit log, for admins, newest first, 50 entries a page, each older page
/// after the one before (`before=N`, the last number shown), of one action (`action=`) and
/// about one person (`person=`) when asked.
struct AdminAuditPage: Sendable {
    let renderer: PageRenderer
    let access: AccessServices

    static let pageSize = 50

    /// When an entry happened, in the server's time zone, named: "2026-12-02 14:05:09 CET".
    static var moment: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss zzz"
        return formatter
    }

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/admin/audit", use: show)
    }

    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let query = try FormFields(query: request)
        let before = try query.integer("before", in: 1...Int.max).map(Int64.init)
        let filter = try Self.filter(in: query)
        guard let store = access.audit.store else {
            throw RequestError(.notImplemented, "This server's user store keeps no audit log.")
        }
        let entries = try await store.entries(
            limit: Self.pageSize + 1, before: before, matching: filter)
        let shown = entries.prefix(Self.pageSize)
        let rows = shown.map { entry -> [String: Any] in
            let event = entry.event
            return [
                "number": String(entry.number),
                "at": event.at.formatted(.iso8601),
                "atText": Self.moment.string(from: event.at),
                "action": Self.words[event.action] ?? event.action.rawValue,
                "actor": event.actor ?? "—", "subject": event.subject ?? "",
                "address": event.address ?? "", "detail": Self.readable(event.detail ?? ""),
                "fullDetail": event.detail ?? "",
            ]
        }
        return renderer.page(
            "admin-audit", title: "Audit log",
            context: [
                "rows": rows, "hasRows": !rows.isEmpty,
                "older": entries.count > Self.pageSize
                    ? Self.path(filter, before: shown.last!.number) : false,
                "newest": before != nil ? Self.path(filter, before: nil) : false,
                "filtered": !filter.isEmpty, "person": filter.person ?? "",
                "actions": AuditEvent.Action.allCases.map { action in
                    [
                        "value": action.rawValue, "label": Self.words[action] ?? action.rawValue,
                        "chosen": action == filter.action,
                    ]
                },
            ], request: request)
    }

    /// The filter the query asks for; an action that is none of the log's is refused, named.
    static func filter(in query: FormFields) throws -> AuditFilter {
        var filter = AuditFilter()
        if let text = query["action"], !text.isEmpty {
            guard let action = AuditEvent.Action(rawValue: text) else {
                throw RequestError(.badRequest, "'\(text)' is no action the audit log records.")
                    .parameter("action")
            }
            filter.action = action
        }
        if let person = query["person"]?.trimmingCharacters(in: .whitespaces), !person.isEmpty {
            guard person.count <= 64 else {
                throw RequestError(.badRequest, "A person's name is at most 64 characters.")
                    .parameter("person")
            }
            filter.person = person
        }
        return filter
    }

    /// The page of `filter`'s entries older than `before` (the newest without it).
    static func path(_ filter: AuditFilter, before: Int64?) -> String {
        var parameters: [String] = []
        if let action = filter.action { parameters.append("action=\(action.rawValue)") }
        if let person = filter.person {
            parameters.append("person=\(SignInPages.queryValue(person))")
        }
        if let before { parameters.append("before=\(before)") }
        return "/admin/audit" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    /// Each action as an admin reads it.
    static let words: [AuditEvent.Action: String] = [
        .signedIn: "signed in", .signInFailed: "sign-in refused", .signedOut: "signed out",
        .firstAdminMade: "made the first admin", .userAdded: "added a user",
        .roleChanged: "changed a role", .userRemoved: "removed a user",
        .userDisabled: "disabled a user", .userEnabled: "enabled a user",
        .passwordChanged: "changed a password", .resetLinkMade: "made a password reset link",
        .secondFactorOn: "turned a second factor on",
        .secondFactorOff: "turned a second factor off",
        .tokenMade: "made a token",
        .tokenRevoked: "revoked a token", .menuSaved: "saved the menu",
        .respondentsReviewed: "reviewed respondents", .diaryImported: "imported a diary",
        .diaryExported: "exported a diary", .surveyExported: "exported respondents",
    ]

    /// A detail as an admin reads it: a browser's `User-Agent` at its end (a sign-in's) said
    /// as the sessions page says it ("Chrome on Linux"); the whole detail stays in the title.
    static func readable(_ detail: String) -> String {
        if let start = detail.range(of: "Mozilla/")?.lowerBound {
            return detail[..<start] + SessionRow.browser(String(detail[start...]))
        }
        // A program's own, as `curl/8.5.0`: a word, a slash, a version.
        let last = detail.split(separator: " ").last.map(String.init) ?? ""
        guard last.contains("/"), let slash = last.firstIndex(of: "/"),
            last[last.index(after: slash)...].first?.isNumber == true
        else { return detail }
        return detail.dropLast(last.count) + SessionRow.browser(last)
    }
}
