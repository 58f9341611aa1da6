import Accounts
import CasebookServer
import CasebookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Once the server has users, nobody gets in where they don't belong: anonymous calls are 401
/// (with WWW-Authenticate), the wrong role 403, revoked and expired tokens 401; with no user,
/// the server stays one person's.
@Suite("Who may call the API")
struct APIAccessTests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores
    let people = InMemoryUserDirectory()

    init() throws {
        directory = try TemporaryDirectory()
        var stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        stores.users = people
        self.stores = stores
    }

    /// A user of `role` and a token of theirs.
    func token(
        for name: String, role: UserRole, madeAt made: Date = Date(), expiresInDays days: Int? = nil
    )
        async throws -> String
    {
        if try await people.user(named: name) == nil {
            try await people.add(User(name: name, role: role, passwordHash: "-", createdAt: made))
        }
        let tokens = APITokens(tokens: people, users: people, clock: { made })
        return try await tokens.create(user: name, label: nil, expiresInDays: days).secret
    }

    func withClient(
        privateMenu: Bool = false,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    )
        async throws
    {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        configuration.privateMenu = privateMenu
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        try await Application(router: router).test(.router, body)
    }

    static func headers(_ token: String?) -> HTTPFields {
        var headers = RouteFixture.json
        if let token { headers[.authorization] = "Bearer \(token)" }
        return headers
    }

    static let batch = ByteBuffer(string: #"[{"id": "r1", "name": "Ada"}]"#)

    @Test func withNoUserTheServerIsOnePersonsAndOpen() async throws {
        try await withClient { client in
            try await client.execute(uri: "/api/diary", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/diary", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    /// A restaurant's menu is for its guests: anyone may read it, signed in or not, unless the
    /// server keeps it for its users (`--private-menu`); a signed-in visitor sees their own
    /// navigation on it.
    @Test(arguments: [false, true])
    func theMenuIsForAnyoneUnlessItIsPrivate(privateMenu: Bool) async throws {
        let secret = try await token(for: "sam", role: .surveyor)
        try await withClient(privateMenu: privateMenu) { client in
            let api = try await client.execute(uri: "/api/menu", method: .get)
            #expect(api.status == (privateMenu ? .unauthorized : .ok))
            let page = try await client.execute(uri: "/menu", method: .get)
            #expect(page.status == (privateMenu ? .seeOther : .ok))
            if !privateMenu {
                #expect(api.headers[.cacheControl] == "public, no-cache")
                #expect(String(buffer: page.body).contains(#"href="/login""#))
            }
            let withToken = try await client.execute(
                uri: "/api/menu", method: .get, headers: Self.headers(secret))
            #expect(withToken.status == .ok)
        }
    }

    @Test func onceAUserExistsAnAnonymousCallIsA401ThatSaysHowToAuthenticate() async throws {
        _ = try await token(for: "ada", role: .admin)
        try await withClient { client in
            for (uri, method) in [
                ("/api/diary", HTTPRequest.Method.get), ("/api/respondents", .post),
                ("/api/respondent-store", .get), ("/api/preferences/ada", .get), ("/metrics", .get),
            ] {
                try await client.execute(
                    uri: uri, method: method, headers: Self.headers(nil), body: Self.batch
                ) { response in
                    #expect(response.status == .unauthorized, "\(method) \(uri)")
                    #expect(response.headers[.wwwAuthenticate] == #"Bearer realm="casebook""#)
                }
            }
            try await client.execute(
                uri: "/api/diary", method: .get, headers: Self.headers("cbt_00000000_forged")
            ) { response in
                #expect(response.status == .unauthorized)
            }
            for open in ["/health", "/login", "/style.css", "/openapi.json", "/menu", "/api/menu"] {
                try await client.execute(uri: open, method: .get) { response in
                    #expect(response.status == .ok, "\(open)")
                }
            }
            for page in ["/", "/factor?n=12"] {
                try await client.execute(uri: page, method: .get) { response in
                    #expect(response.status == .seeOther, "\(page) needs sign-in")
                }
            }
            try await client.execute(uri: "/diary", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/login?next=%2Fdiary")
            }
        }
    }

    /// Respondents are team data: surveyors send them and read what they sent, admins read them
    /// all; the diary is for
    /// diarists; a preference is its user's own.
    @Test func eachRoleReachesWhatItIsForAndNothingElse() async throws {
        let surveyor = try await token(for: "sam", role: .surveyor)
        let admin = try await token(for: "ada", role: .admin)
        let diarist = try await token(for: "dee", role: .diarist)
        try await withClient { client in
            let cases: [(String, HTTPRequest.Method, String, HTTPResponse.Status)] = [
                (surveyor, .post, "/api/respondents", .ok),
                (surveyor, .get, "/api/respondent-store", .ok),
                (surveyor, .get, "/api/respondents", .ok),
                (surveyor, .get, "/api/respondents?user=ada", .forbidden),
                (surveyor, .get, "/api/respondents/r1", .forbidden),
                (surveyor, .get, "/api/diary", .forbidden),
                (admin, .get, "/api/respondents", .ok),
                (admin, .get, "/metrics", .ok),
                (diarist, .get, "/api/diary", .ok),
                (diarist, .post, "/api/respondents", .forbidden),
                (diarist, .get, "/metrics", .forbidden),
                (diarist, .get, "/api/preferences/dee", .notFound),
                (diarist, .get, "/api/preferences/sam", .forbidden),
                (admin, .get, "/api/preferences/sam", .notFound),
            ]
            for (token, method, uri, status) in cases {
                try await client.execute(
                    uri: uri, method: method, headers: Self.headers(token),
                    body: method == .post ? Self.batch : nil
                ) { response in
                    #expect(response.status == status, "\(method) \(uri)")
                }
            }
        }
    }

    /// Diary entries belong to their user: another user's entry is a 404 to read, change or
    /// delete, and never in their list; a header a client sends cannot claim to be someone.
    @Test func eachUserSeesEditsAndDeletesOnlyTheirOwnEntries() async throws {
        let dee = try await token(for: "dee", role: .diarist)
        let dan = try await token(for: "dan", role: .diarist)
        try await withClient { client in
            let id = try await client.execute(
                uri: "/api/diary", method: .post, headers: Self.headers(dee),
                body: ByteBuffer(string: #"{"text": "dee's own"}"#)
            ) { response in
                #expect(response.status == .created)
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                return (body as? [String: Any])?["id"] as? String
            }
            let entryID = try #require(id)
            var forged = Self.headers(dan)
            forged[HTTPField.Name("Casebook-Signed-In-User")!] = "dee"
            try await client.execute(uri: "/api/diary", method: .get, headers: forged) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"entries":[],"next":null}"#)
            }
            for method in [HTTPRequest.Method.get, .delete] {
                try await client.execute(
                    uri: "/api/diary/\(entryID)", method: method, headers: Self.headers(dan)
                ) { response in
                    #expect(response.status == .notFound, "\(method)")
                }
            }
            try await client.execute(
                uri: "/api/diary/\(entryID)", method: .put, headers: Self.headers(dan),
                body: ByteBuffer(string: #"{"text": "dan was here"}"#)
            ) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(
                uri: "/api/diary/\(entryID)", method: .get, headers: Self.headers(dee)
            ) { response in
                #expect(String(buffer: response.body).contains("dee's own"))
            }
        }
    }

    @Test func aRevokedOrExpiredTokenIsA401() async throws {
        let valid = try await token(for: "sam", role: .surveyor, expiresInDays: 1)
        let expired = try await token(
            for: "sam", role: .surveyor, madeAt: Date().addingTimeInterval(-2 * 86_400),
            expiresInDays: 1)
        let tokens = APITokens(tokens: people, users: people)
        let (revoked, revokedSecret) = try await tokens.create(
            user: "sam", label: nil, expiresInDays: nil)
        try await tokens.revoke(id: revoked.id)
        try await withClient { client in
            for (token, status) in [
                (valid, HTTPResponse.Status.ok), (expired, .unauthorized),
                (revokedSecret, .unauthorized),
            ] {
                try await client.execute(
                    uri: "/api/respondent-store", method: .get, headers: Self.headers(token)
                ) { response in
                    #expect(response.status == status)
                }
            }
        }
    }
}
