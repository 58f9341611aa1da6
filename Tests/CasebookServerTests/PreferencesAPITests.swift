import Accounts
import AccountsHTTPClient
import CasebookServer
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@Suite("The preferences API", .serialized)
struct PreferencesAPITests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores

    init() throws {
        directory = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: directory.url)
    }

    func withApp(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router, test)
    }

    static func object(_ buffer: ByteBuffer) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any]
            ?? [:]
    }

    @Test func storesAChoiceAndGivesItBack() async throws {
        try await withApp { client in
            try await client.execute(
                uri: "/api/preferences/u1", method: .put,
                headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"choice": "save", "username": "ada"}"#)
            ) { response in #expect(response.status == .ok) }
            try await client.execute(uri: "/api/preferences/u1", method: .get) { response in
                let body = try Self.object(response.body)
                #expect(body["choice"] as? String == "save")
                #expect(body["username"] as? String == "ada")
            }
            try await client.execute(
                uri: "/api/preferences/u1", method: .put, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"choice": "never"}"#)
            ) { response in #expect(response.status == .ok) }
        }
        #expect(
            try await stores.preferences.choice(forUser: "u1")
                == PreferenceChoice(choice: .never, username: nil))
    }

    @Test(arguments: [
        (
            #"{"choice": "save", "username": "ada", "password": "x"}"#,
            "passwords are never sent to or stored by the server"
        ),
        (#"{"choice": "maybe"}"#, "choice must be one of not-now, never, save"),
        (#"{"choice": "save"}"#, "choice 'save' needs a username"),
        (#"{"choice": "never", "username": "ada"}"#, "only choice 'save' has a username"),
        (
            #"{"choice": "never", "colour": "red"}"#,
            "unknown field 'colour' (expected choice and username)"
        ),
        (#"["never"]"#, "the body must be a JSON object with a choice"),
    ])
    func refusesBadChoicesAndAnyPassword(body: String, message: String) async throws {
        try await withApp { client in
            try await client.execute(
                uri: "/api/preferences/u2", method: .put, headers: RouteFixture.json,
                body: ByteBuffer(string: body)
            ) {
                response in
                #expect(response.status == .badRequest)
                let answer = try Self.object(response.body)
                #expect(answer["detail"] as? String == message)
            }
        }
        #expect(try await stores.preferences.choice(forUser: "u2") == nil)
    }

    @Test func anUnknownUserHasNoPreference() async throws {
        try await withApp { client in
            try await client.execute(uri: "/api/preferences/nobody", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// URLSession's PUT and AsyncHTTPClient's (which `casebook preference` uses).
    enum Client: String, CaseIterable {
        case urlSession, httpClient
        var api: any PUTAPI {
            switch self {
            case .urlSession: URLSessionPUTAPI()
            case .httpClient: HTTPClientPUTAPI()
            }
        }
    }

    @Test(arguments: Client.allCases)
    func theRealClientPushesToARealServer(client: Client) async throws {
        try await withLiveServer { base in
            let publisher = PreferencePublisher(api: client.api, baseURL: base)
            try await publisher.push(
                .save(Credential(username: "ada", password: "never-sent")), forUser: "u3")
        }
        #expect(
            try await stores.preferences.choice(forUser: "u3")
                == PreferenceChoice(choice: .save, username: "ada"))
    }

    @Test func theHTTPClientNamesTheServersRefusal() async throws {
        try await withLiveServer { base in
            let url = base.appendingPathComponent("api").appendingPathComponent("nowhere")
            await #expect {
                try await HTTPClientPUTAPI().executePUTRequest(for: url, with: .never)
            } throws: { error in
                (error as? HTTPClientPUTAPI.Failure)?.reason.hasPrefix("HTTP 404") == true
            }
        }
    }

    /// A redirect is the server's refusal, not an order: the preference is never sent on to
    /// the address it names.
    @Test(arguments: Client.allCases)
    func aRedirectIsARefusalAndIsNeverFollowed(client: Client) async throws {
        let followed = Mutex(0)
        let router = Router()
        router.put("start") { _, _ in
            Response(status: .temporaryRedirect, headers: [.location: "/elsewhere"])
        }
        router.put("elsewhere") { _, _ -> HTTPResponse.Status in
            followed.withLock { $0 += 1 }
            return .noContent
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { testClient in
            let port = try #require(testClient.port)
            let url = URL(string: "http://127.0.0.1:\(port)/start")!
            await #expect {
                try await client.api.executePUTRequest(for: url, with: .never)
            } throws: { error in
                "\(error)".contains("HTTP 307")
            }
        }
        #expect(followed.withLock { $0 } == 0)
    }

    private func withLiveServer(_ body: @Sendable (URL) async throws -> Void) async throws {
        let app = Application(
            router: try CasebookServer.router(stores: stores),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(URL(string: "http://127.0.0.1:\(port)/")!)
        }
    }
}
