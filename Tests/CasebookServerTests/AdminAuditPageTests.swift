import Accounts
import AccountsBcrypt
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// The audit log, as admins read it: sign-ins (and refusals, with the name given, the address
/// and the browser), sign-outs, users added and changed, passwords and tokens; newest first, 50
/// a page; nothing secret; for admins only.
@Suite("The audit log, in the browser")
struct AdminAuditPageTests {
    let fixture: UsersFixture

    init() async throws {
        fixture = try await UsersFixture(users: [])
        let users = Users(
            store: fixture.people, hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost))
        try await users.add(name: "ada", role: .admin, password: "admin password")
        try await users.add(name: "sam", role: .surveyor, password: "surveyor password")
    }

    func withPages(_ body: @Sendable (inout PageClient) async throws -> Void) async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: fixture.directory.url)
        configuration.passwordCost = UsersFixture.passwordCost
        let router = try CasebookServer.router(stores: fixture.stores, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            try await body(&pages)
        }
    }

    static let from: HTTPFields = [PeerAddress.header: "192.0.2.7", .userAgent: "Firefox/130"]

    @Test func whatHappensToPeopleIsInTheLogNewestFirst() async throws {
        try await withPages { pages in
            _ = try await pages.get("/login")
            _ = try await pages.postEncoded(
                "/login", "username=sam&password=wrong+password", extraHeaders: Self.from)
            _ = try await pages.postEncoded(
                "/login", "username=ada&password=admin+password", extraHeaders: Self.from)
            _ = try await pages.post("/admin/users/role", ["name": "sam", "role": "manager"])
            _ = try await pages.post("/account/tokens", ["name": "laptop", "expires": "30"])
            let log = try await pages.get("/admin/audit")
            #expect(log.status == .ok)
            let rows = log.html.matches(
                of:
                    /<th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td class="detail"[^>]*>([^<]*)<\/td>/
            )
            .map { "\($0.1) | \($0.2) | \($0.3) | \($0.4) | \($0.5)" }
            #expect(rows.count == 4, "\(log.html)")
            #expect(rows[0].hasPrefix("ada | made a token | "))
            #expect(rows[0].hasSuffix(" | laptop"))
            #expect(rows[1] == "ada | changed a role | sam |  | surveyor → manager")
            // The browser said as the sessions page says it; its whole User-Agent in the title.
            #expect(rows[2] == "ada | signed in |  | 192.0.2.7 | Firefox")
            #expect(rows[3] == "sam | sign-in refused |  | 192.0.2.7 | Firefox")
            #expect(log.html.contains("title=\"Firefox/130\""))
            #expect(!log.html.contains("wrong password"))
            #expect(!log.html.contains("cbt_"))
        }
    }

    /// The log read by what happened and who it was about, each older page of the same.
    @Test func theLogIsFilteredByActionAndPerson() async throws {
        let log = try #require(fixture.people as (any AuditStore)?)
        for index in 0..<160 {
            try await log.append(
                AuditEvent(
                    at: Date(), action: index % 2 == 0 ? .signInFailed : .signedIn,
                    actor: index % 3 == 0 ? "sam" : "ada"))
        }
        let secret = try await Sessions(store: fixture.people, users: fixture.people).start(
            for: "ada")
        try await withPages { pages in
            pages.setCookie(SignInPages.sessionCookie, secret)
            let sams = try await pages.get("/admin/audit?action=sign-in-failed&person=sam")
            #expect(sams.status == .ok)
            let rows = sams.html.matches(of: /<th scope="row">([^<]*)<\/th><td>([^<]*)<\/td>/)
            #expect(rows.count == 27)
            #expect(rows.allSatisfy { $0.1 == "sam" && $0.2 == "sign-in refused" })
            #expect(sams.html.contains("<option value=\"sign-in-failed\" selected>"))
            #expect(sams.html.contains("value=\"sam\""))
            let none = try await pages.get("/admin/audit?person=nobody")
            #expect(none.html.contains("Nothing of that is in the log."))
            let wrong = try await pages.get("/admin/audit?action=dancing")
            #expect(wrong.status == .badRequest)
            #expect(wrong.html.contains("&#39;dancing&#39; is no action the audit log records."))
            let many = try await pages.get("/admin/audit?action=sign-in&person=ada")
            let older = try #require(
                many.html.firstMatch(
                    of:
                        /href="(\/admin\/audit\?action=sign-in&amp;person=ada&amp;before=\d+)" rel="next"/
                )?
                .1)
            #expect(!older.isEmpty)
        }
    }

    @Test func theLogIsReadFiftyAPage() async throws {
        let log = try #require(fixture.people as (any AuditStore)?)
        for index in 0..<60 {
            try await log.append(
                AuditEvent(at: Date(), action: .signInFailed, actor: "guess\(index)"))
        }
        let secret = try await Sessions(store: fixture.people, users: fixture.people).start(
            for: "ada")
        try await withPages { pages in
            pages.setCookie(SignInPages.sessionCookie, secret)
            let first = try await pages.get("/admin/audit")
            #expect(first.html.contains("<th scope=\"row\">guess59</th>"))
            #expect(!first.html.contains("<th scope=\"row\">guess9</th>"))
            let older = try #require(
                first.html.firstMatch(of: /href="(\/admin\/audit\?before=\d+)" rel="next"/)?.1)
            let second = try await pages.get(String(older))
            #expect(second.html.contains("<th scope=\"row\">guess9</th>"))
            #expect(second.html.contains("<th scope=\"row\">guess0</th>"))
            #expect(!second.html.contains("rel=\"next\""))
        }
    }

    @Test func nobodyButAnAdminReadsTheLog() async throws {
        let secret = try await Sessions(store: fixture.people, users: fixture.people).start(
            for: "sam")
        try await withPages { pages in
            pages.setCookie(SignInPages.sessionCookie, secret)
            let status = try await pages.get("/admin/audit").status
            #expect(status == .forbidden)
        }
    }
}
