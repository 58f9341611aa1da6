import CasebookServer
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import SurveySync
import SurveySyncHTTPClient
import Synchronization
import Testing

/// Both transports of the respondent API, URLSession's and AsyncHTTPClient's, against a real
/// server on a loopback port: what a sync needs of them (uploads acknowledged by the store,
/// the store's summary, refusals with the server's words, a server that is not there).
@Suite(.serialized)
struct RespondentAPITransportContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case urlSession, httpClient
        var testDescription: String { rawValue }

        func transport(timeout: Duration = .seconds(30)) -> any RespondentAPITransport {
            switch self {
            case .urlSession:
                URLSessionRespondentTransport(
                    timeout: TimeInterval(timeout.components.seconds))
            case .httpClient: HTTPClientRespondentTransport(timeout: timeout)
            }
        }
    }

    let fixture: RouteFixture

    init() throws {
        fixture = try RouteFixture()
    }

    private func withLiveServer(
        _ body: @Sendable (URL) async throws -> Void
    ) async throws {
        let app = Application(
            router: try CasebookServer.router(stores: fixture.stores),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(URL(string: "http://127.0.0.1:\(port)/")!)
        }
    }

    @Test(arguments: Kind.allCases)
    func uploadsAreAcknowledgedByTheStoreThatSummarisesThem(kind: Kind) async throws {
        try await withLiveServer { base in
            let client = RespondentAPIClient(
                baseURL: base, token: nil, transport: kind.transport())
            let respondents = (1...3).map {
                Respondent(id: "r\($0)", fields: ["id": .string("r\($0)"), "age": .integer($0)])
            }
            let store = try await client.uploadToStore(respondents)
            #expect(try await client.storeIdentity() == store)
            let summary = try await client.digestBuckets()
            #expect(summary.store == store)
            #expect(summary.buckets == DigestBuckets(respondents.map(RespondentDigest.init)))
            let found = try await client.digests(ofIDs: ["r1", "absent"])
            #expect(found.digests == ["r1": RespondentDigest(respondents[0]).digest])
            let bucket = RespondentDigest.bucket(ofID: "r2")
            let listed = try await client.digests(inBucket: bucket)
            #expect(listed.digests.contains(RespondentDigest(respondents[1])))
        }
    }

    @Test(arguments: Kind.allCases)
    func aRefusedBatchIsRejectedWithTheServersMessage(kind: Kind) async throws {
        try await withLiveServer { base in
            let client = RespondentAPIClient(
                baseURL: base, token: nil, transport: kind.transport())
            await #expect {
                try await client.upload([Respondent(id: "x", fields: ["id": .array([])])])
            } throws: { error in
                guard case .rejected(400, let message) = error as? UploadError else { return false }
                return message.contains("id")
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func aServerThatIsNotThereIsUnavailableAsConnectionRefused(kind: Kind) async throws {
        let port = try FreePort.find()
        let client = RespondentAPIClient(
            baseURL: URL(string: "http://127.0.0.1:\(port)/")!, token: nil,
            transport: kind.transport())
        await #expect(throws: UploadError.unavailable("connection refused")) {
            try await client.storeIdentity()
        }
    }

    /// A redirect is an answer, not an order: the transport hands the 3xx to the client (which
    /// calls the backend unavailable) and never sends the request, bearer token and all, to
    /// the address it names.
    @Test(arguments: Kind.allCases)
    func aRedirectIsHandedBackAndNeverFollowed(kind: Kind) async throws {
        let followed = Mutex<[String]>([])
        let router = Router()
        router.get("start") { _, _ in
            Response(status: .temporaryRedirect, headers: [.location: "/elsewhere"])
        }
        router.get("elsewhere") { request, _ -> String in
            followed.withLock { $0.append(request.headers[.authorization] ?? "no token") }
            return "{}"
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let answer = try await kind.transport().send(
                RespondentAPIRequest(
                    method: "GET", url: URL(string: "http://127.0.0.1:\(port)/start")!,
                    headers: [(name: "Authorization", value: "Bearer secret")], body: nil))
            #expect(answer.status == 307)
            #expect(answer.value(of: "Location") == "/elsewhere")
        }
        #expect(followed.withLock { $0 } == [])
    }
}
