import Accounts
import CasebookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// One JSON line per request in the access log (time, request id, method, route, status,
/// duration, user; never a token, cookie or password), and `X-Request-Id` taken from the
/// request when it is a sensible one, made otherwise, and echoed.
@Suite("The access log and request ids", .serialized)
struct AccessLogTests {
    let fixture: UsersFixture
    var directory: TemporaryDirectory { fixture.directory }
    var stores: CasebookServer.Stores { fixture.stores }
    var people: InMemoryUserDirectory { fixture.people }

    init() async throws {
        fixture = try await UsersFixture(users: [("ada", .diarist)])
    }

    var logPath: String { directory.url.appendingPathComponent("access.log").path }

    func lines() throws -> [[String: Any]] {
        try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").map {
            try #require(
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func withClient(
        _ body: @escaping @Sendable (any TestClientProtocol, String) async throws -> Void
    )
        async throws
    {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        configuration.accessLog = logPath
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        let secret = try await APITokens(tokens: people, users: people)
            .create(user: "ada", label: nil, expiresInDays: nil).secret
        try await Application(router: router).test(.router) { try await body($0, secret) }
    }

    @Test func eachRequestIsOneLineWithItsRouteStatusUserAndId() async throws {
        try await withClient { client, secret in
            let id = try await client.execute(
                uri: "/api/diary/00000000-0000-0000-0000-000000000000?x=1", method: .get,
                headers: [.authorization: "Bearer \(secret)", .init("X-Request-Id")!: "abc-123"]
            ) { response in
                #expect(response.headers[.init("X-Request-Id")!] == "abc-123")
                return response.status
            }
            #expect(id == .notFound)
            try await client.execute(uri: "/api/diary", method: .get) { response in
                #expect(response.status == .unauthorized)
                let made = try #require(response.headers[.init("X-Request-Id")!])
                #expect(made.count == 32 && made.allSatisfy(\.isHexDigit))
            }
        }
        let logged = try lines()
        #expect(logged.count == 2)
        let first = try #require(logged.first)
        #expect(first["request_id"] as? String == "abc-123")
        #expect(first["method"] as? String == "GET")
        #expect(first["route"] as? String == "/api/diary/{id}")
        #expect(first["status"] as? Int == 404)
        #expect(first["user"] as? String == "ada")
        #expect((first["duration_ms"] as? Double).map { $0 >= 0 } == true)
        #expect((first["time"] as? String)?.hasSuffix("Z") == true)
        #expect(logged[1]["user"] == nil && logged[1]["status"] as? Int == 401)
        let text = try String(contentsOfFile: logPath, encoding: .utf8)
        #expect(!text.contains("cbt_") && !text.contains("Bearer"))
    }

    @Test(arguments: [String(repeating: "a", count: 129), "has space", "new\u{7F}line", ""])
    func anIdThatIsNotSensibleIsReplaced(given: String) async throws {
        try await withClient { client, _ in
            try await client.execute(
                uri: "/health", method: .get, headers: [.init("X-Request-Id")!: given]
            ) { response in
                let made = try #require(response.headers[.init("X-Request-Id")!])
                #expect(made != given && made.count == 32)
            }
        }
    }
}
