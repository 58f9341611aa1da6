import Accounts
import CasebookTestSupport
import Diary
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CasebookServer

/// Every page says who is signed in, with their role, and offers Sign out — the pages rendered
/// once and kept (the home page, the menu) too, each visitor seeing their own name.
@Suite("Who is signed in", .serialized)
struct SignedInHeaderTests {
    let fixture: UsersFixture
    var directory: TemporaryDirectory { fixture.directory }
    var stores: CasebookServer.Stores { fixture.stores }
    var people: InMemoryUserDirectory { fixture.people }

    init() async throws {
        fixture = try await UsersFixture(users: [
            ("ada", .diarist), ("bob", .diarist), ("cy", .admin),
        ])
    }

    static func header(_ html: String) -> String {
        html.components(separatedBy: "</header>")[0]
    }

    @Test func everyPageShowsTheUserTheirRoleAndSignOut() async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        let sessions = Sessions(store: people, users: people)
        try await Application(router: router).test(.router) { client in
            for (name, role, pages) in [
                ("ada", "diarist", ["/", "/menu", "/diary", "/diary/new", "/factor", "/account"]),
                ("bob", "diarist", ["/", "/menu", "/diary"]),
                ("cy", "admin", ["/", "/menu", "/survey", "/documents"]),
            ] {
                let session = try await sessions.start(for: name)
                for path in pages {
                    let (status, html) = try await client.execute(
                        uri: path, method: .get,
                        headers: [
                            .cookie: "casebook_session=\(session); casebook_csrf=\(Self.csrf)"
                        ]
                    ) { (response: TestResponse) in (response.status, String(buffer: response.body))
                    }
                    #expect(status == .ok, "\(path) as \(name)")
                    let header = Self.header(html)
                    #expect(
                        header.contains("Signed in as <strong>\(name)</strong> (\(role))"),
                        "\(path) as \(name)")
                    #expect(header.contains(#"<form method="post" action="/logout""#), "\(path)")
                    #expect(header.contains(#"name="csrf" value="\#(Self.csrf)""#), "\(path)")
                }
            }
            let signIn = try await client.execute(uri: "/login", method: .get) {
                Self.header(String(buffer: $0.body))
            }
            #expect(!signIn.contains("Signed in as") && !signIn.contains("/logout"))
        }
    }

    /// A notice is its user's: another user's (left in a shared browser) is not shown, and
    /// signing out ends it.
    @Test func aNoticeIsShownOnlyToItsUserAndEndsAtSignOut() async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        let sessions = Sessions(store: people, users: people)
        let bobs = Notice(.deleted, removed: Entry(date: Date(), text: "Bob's secret"), user: "bob")
        let planted = bobs.cookie(secure: false).value
        try await Application(router: router).test(.router) { client in
            let ada = try await sessions.start(for: "ada")
            let html = try await client.execute(
                uri: "/diary", method: .get,
                headers: [.cookie: "casebook_session=\(ada); casebook_notice=\(planted)"]
            ) { String(buffer: $0.body) }
            #expect(!html.contains("Bob's secret") && !html.contains("Entry deleted."))
            let bob = try await sessions.start(for: "bob")
            let shown = try await client.execute(
                uri: "/diary", method: .get,
                headers: [.cookie: "casebook_session=\(bob); casebook_notice=\(planted)"]
            ) { String(buffer: $0.body) }
            #expect(shown.contains("Entry deleted."))
            let signedOut = try await client.execute(
                uri: "/logout", method: .post,
                headers: [
                    .cookie: "casebook_session=\(bob); casebook_csrf=\(Self.csrf)",
                    .contentType: "application/x-www-form-urlencoded",
                ], body: ByteBuffer(string: "csrf=\(Self.csrf)")
            ) { $0.headers[values: .setCookie] }
            #expect(
                signedOut.contains { $0.hasPrefix("casebook_notice=;") && $0.contains("Max-Age=0") }
            )
        }
    }

    @Test func aServerWithoutUsersShowsNoOne() async throws {
        let router = try CasebookServer.router(
            stores: CasebookServer.Stores.inMemory(dataDirectory: directory.url))
        try await Application(router: router).test(.router) { client in
            for path in ["/", "/menu", "/diary"] {
                let header = try await client.execute(uri: path, method: .get) {
                    Self.header(String(buffer: $0.body))
                }
                #expect(!header.contains("Signed in as") && !header.contains("/logout"), "\(path)")
            }
        }
    }

    static let csrf = String(repeating: "ab", count: 32)
}
