import AccountsCore
import Foundation
import Hummingbird

/// `/admin/audit`: the audit log, for admins, newest first, 50 entries a page, each older page
/// after the one before (`before=N`, the last number shown).
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
        guard let store = access.audit.store else {
            throw RequestError(.notImplemented, "This server's user store keeps no audit log.")
        }
        let entries = try await store.entries(limit: Self.pageSize + 1, before: before)
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
                    ? "/admin/audit?before=\(shown.last!.number)" : false,
                "newest": before != nil,
            ], request: request)
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
