import AccountsCore
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// A new server's first admin, made in the browser: on the server's own machine only, once
/// only (two at once make one), and signed in at once; from anywhere else, the page says how to
/// make one on the server.
@Suite("The first admin, in the browser")
struct SetupPageTests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores

    init() throws {
        directory = try TemporaryDirectory()
        stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
    }

    /// What the channel puts on a request from this machine.
    static let local: HTTPFields = [PeerAddress.header: "127.0.0.1"]
    static let elsewhere: HTTPFields = [PeerAddress.header: "192.0.2.7"]

    func withPages(_ body: @Sendable (inout PageClient) async throws -> Void) async throws {
        let router = try CasebookServer.router(stores: stores, menu: .giuseppes)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            try await body(&pages)
        }
    }

    @Test func theFirstAdminIsMadeHereAndSignedIn() async throws {
        try await withPages { pages in
            let login = try await pages.get("/login")
            #expect(login.status == .seeOther)
            #expect(login.location == "/setup")
            let form = try await pages.get("/setup", headers: Self.local)
            #expect(form.status == .ok)
            #expect(form.html.contains(#"<form class="stacked" method="post" action="/setup">"#))
            #expect(form.html.contains("8 to 72 characters"))
            let made = try await pages.postEncoded(
                "/setup", "name=maria&password=correct+horse&again=correct+horse",
                extraHeaders: Self.local)
            #expect(made.status == .seeOther)
            #expect(made.location == "/admin/users?welcome")
            #expect(made.setCookies.contains { $0.hasPrefix("casebook_session=") })
            let users = try #require(stores.users)
            #expect(try await users.users().map { "\($0.name) \($0.role)" } == ["maria admin"])
            // Signed in, on the users page, to add the others; the set-up page is gone.
            let welcome = try await pages.get("/admin/users?welcome")
            #expect(welcome.status == .ok)
            #expect(welcome.html.contains("You are this server&#39;s first admin."))
            #expect(try await pages.get("/setup", headers: Self.local).status == .notFound)
            let again = try await pages.postEncoded(
                "/setup", "name=mallory&password=correct+horse&again=correct+horse",
                extraHeaders: Self.local)
            #expect(again.status == .notFound)
            #expect(try await users.count() == 1)
        }
    }

    @Test func fromAnotherMachineItSaysHowToMakeOneOnTheServer() async throws {
        try await withPages { pages in
            let page = try await pages.get("/setup", headers: Self.elsewhere)
            #expect(page.status == .ok)
            #expect(page.html.contains("casebook user add NAME --role admin"))
            #expect(!page.html.contains(#"action="/setup""#))
            let refused = try await pages.postEncoded(
                "/setup", "name=mallory&password=correct+horse&again=correct+horse",
                extraHeaders: Self.elsewhere)
            #expect(refused.status == .forbidden)
            #expect(try await stores.users?.count() == 0)
        }
    }

    @Test(arguments: [
        ("name=Maria&password=correct+horse&again=correct+horse", "'Maria' is not one"),
        ("name=maria&password=short&again=short", "A password is 8 to 72 bytes long."),
        ("name=maria&password=correct+horse&again=correct+house", "The two passwords differ"),
    ])
    func aFormThatCannotBeIsShownAgainSayingWhy(form: String, said: String) async throws {
        try await withPages { pages in
            let answer = try await pages.postEncoded("/setup", form, extraHeaders: Self.local)
            #expect(answer.status == .badRequest)
            #expect(answer.html.contains(said.replacingOccurrences(of: "'", with: "&#39;")))
            #expect(try await stores.users?.count() == 0)
        }
    }

    @Test func twentySentAtOnceMakeOneAdmin() async throws {
        let router = try CasebookServer.router(stores: stores, menu: .giuseppes)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            _ = try await pages.get("/")
            let token = try #require(pages.token)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        var headers = Self.local
                        headers[.contentType] = "application/x-www-form-urlencoded"
                        headers[.cookie] = "casebook_csrf=\(token)"
                        return try await client.execute(
                            uri: "/setup", method: .post, headers: headers,
                            body: ByteBuffer(
                                string:
                                    "csrf=\(token)&name=admin\(index)&password=correct+horse&again=correct+horse"
                            )
                        ) { $0.status }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .seeOther }.count == 1)
            #expect(statuses.filter { $0 == .notFound }.count == 19)
            #expect(try await stores.users?.count() == 1)
        }
    }

    /// With no user yet the server is one person's and every page opens, the users page too:
    /// it leads to the first admin's page, and adds nobody, so that the first user is an admin.
    @Test func theUsersPageLeadsToTheFirstAdminsPage() async throws {
        try await withPages { pages in
            let page = try await pages.get("/admin/users")
            #expect(page.status == .seeOther)
            #expect(page.location == "/setup")
            let added = try await pages.post(
                "/admin/users",
                [
                    "name": "dana", "role": "diarist", "password": "pizza oven",
                    "again": "pizza oven",
                ])
            #expect(added.status == .conflict)
            #expect(added.html.contains("make its first admin at /setup"))
            #expect(try await stores.users?.count() == 0)
        }
    }

    /// With the code `casebook serve` printed, only whoever read it makes the first admin: a
    /// request that looks local (through a proxy on the same machine, say) without the code
    /// makes nobody.
    @Test func theSetUpCodeIsAskedForWhenTheServerHasOne() async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.setupCode = "k3m9p2q7r4s8t6v5"
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            let form = try await pages.get("/setup?code=k3m9p2q7r4s8t6v5", headers: Self.local)
            #expect(form.html.contains(#"<input id="code" name="code" value="k3m9p2q7r4s8t6v5""#))
            let guessed = try await pages.postEncoded(
                "/setup", "code=guess&name=mallory&password=correct+horse&again=correct+horse",
                extraHeaders: Self.local)
            #expect(guessed.status == .forbidden)
            #expect(guessed.html.contains("That is not the set-up code"))
            #expect(try await stores.users?.count() == 0)
            let made = try await pages.postEncoded(
                "/setup",
                "code=k3m9p2q7r4s8t6v5&name=maria&password=correct+horse&again=correct+horse",
                extraHeaders: Self.local)
            #expect(made.status == .seeOther)
            #expect(try await stores.users?.count() == 1)
        }
    }
}
