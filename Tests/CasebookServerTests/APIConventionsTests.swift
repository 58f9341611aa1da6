import Accounts
import CasebookTestSupport
import CasebookWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CasebookServer

/// The HTTP conventions every route keeps, walked over the route table so that a new route is
/// held to them by being listed: errors as `application/problem+json` (RFC 9457), 405 with
/// `Allow` for a method a known path does not take, `OPTIONS` and `HEAD` wherever the path is
/// served, an `ETag` on every answer of the API's `GET`s with 304 for `If-None-Match`, and
/// `Location` on a 201.
@Suite("HTTP conventions", .serialized)
struct APIConventionsTests {
    let fixture: UsersFixture
    var directory: TemporaryDirectory { fixture.directory }
    var stores: CasebookServer.Stores { fixture.stores }
    var people: InMemoryUserDirectory { fixture.people }

    init() async throws {
        fixture = try await UsersFixture(users: [("ada", .admin)])
    }

    func withClient(
        _ body: @escaping @Sendable (any TestClientProtocol, HTTPFields) async throws -> Void
    ) async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        let secret = try await APITokens(tokens: people, users: people)
            .create(user: "ada", label: nil, expiresInDays: nil).secret
        try await Application(router: router).test(.router) { client in
            try await body(client, [.authorization: "Bearer \(secret)"])
        }
    }

    /// Each path of the table, its parameters filled in, with the methods the table lists.
    static var paths: [(path: String, methods: Set<HTTPRequest.Method>, kind: Route.Kind)] {
        var byPath: [String: (Set<HTTPRequest.Method>, Route.Kind)] = [:]
        for route in RouteTable.routes {
            byPath[Self.filled(route.path), default: ([], route.kind)].0.insert(route.method)
        }
        return byPath.map { ($0.key, $0.value.0, $0.value.1) }.sorted { $0.path < $1.path }
    }

    /// `path` with its parameters filled in: the user's name, else 0.
    static func filled(_ path: String) -> String {
        path.replacingOccurrences(of: "{userId}", with: "ada")
            .replacingOccurrences(of: "{version}", with: "1")
            .replacingOccurrences(of: #"\{[a-zA-Z]+\}"#, with: "0", options: .regularExpression)
    }

    /// `Allow` for a path taking `methods`: them, HEAD where GET is, and OPTIONS, sorted.
    static func allow(_ methods: Set<HTTPRequest.Method>) -> String {
        var names = Set(methods.map(\.rawValue))
        if methods.contains(.get) { names.insert("HEAD") }
        names.insert("OPTIONS")
        return names.sorted().joined(separator: ", ")
    }

    static func problem(_ response: TestResponse) throws -> [String: Any] {
        #expect(response.headers[.contentType] == "application/problem+json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
                as? [String: Any])
        #expect(object["status"] as? Int == Int(response.status.code))
        #expect(object["title"] as? String == response.status.reasonPhrase)
        #expect(object["type"] as? String == "about:blank")
        #expect((object["detail"] as? String)?.isEmpty == false)
        return object
    }

    @Test func aMethodAKnownPathDoesNotTakeIs405WithAllowAndOptionsSaysWhatItTakes()
        async throws
    {
        try await withClient { client, token in
            for (path, methods, kind) in Self.paths {
                for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch]
                where !methods.contains(method) {
                    try await client.execute(uri: path, method: method, headers: token) {
                        response in
                        #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                        #expect(response.headers[.allow] == Self.allow(methods), "\(path)")
                        if kind == .api { _ = try Self.problem(response) }
                    }
                }
                try await client.execute(uri: path, method: .options) { response in
                    #expect(response.status == .noContent, "OPTIONS \(path)")
                    #expect(response.headers[.allow] == Self.allow(methods), "\(path)")
                }
            }
        }
    }

    @Test func headAnswersWhereverGetDoesWithItsHeadersAndNoBody() async throws {
        try await withClient { client, token in
            for (path, methods, _) in Self.paths where methods.contains(.get) {
                let get = try await client.execute(uri: path, method: .get, headers: token) { $0 }
                try await client.execute(uri: path, method: .head, headers: token) { response in
                    #expect(response.status == get.status, "HEAD \(path)")
                    #expect(response.headers[.contentType] == get.headers[.contentType], "\(path)")
                    #expect(response.body.readableBytes == 0, "HEAD \(path)")
                }
            }
        }
    }

    @Test func everyAPIErrorIsAProblemNamingWhatIsAtFault() async throws {
        try await withClient { client, token in
            for route in RouteTable.routes where route.kind == .api && route.access != .everyone {
                let (path, method) = (Self.filled(route.path), route.method)
                try await client.execute(
                    uri: path, method: method, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: "{}")
                ) { response in
                    #expect(response.status == .unauthorized, "\(method) \(path)")
                    let problem = try Self.problem(response)
                    #expect(problem["reason"] as? String == "missing", "\(path)")
                }
            }
            try await client.execute(uri: "/api/nothing", method: .get, headers: token) {
                #expect($0.status == .notFound)
                _ = try Self.problem($0)
            }
            try await client.execute(uri: "/api/diary?limit=0", method: .get, headers: token) {
                let problem = try Self.problem($0)
                #expect($0.status == .badRequest)
                #expect(problem["parameter"] as? String == "limit")
            }
            var json = token
            json[.contentType] = "application/json"
            try await client.execute(
                uri: "/api/diary", method: .post, headers: json, body: ByteBuffer(string: "{}")
            ) {
                let problem = try Self.problem($0)
                #expect($0.status == .badRequest)
                #expect(problem["field"] as? String == "text")
            }
        }
    }

    /// A parameter the API takes once, given twice, is a 400 naming it, where the first was
    /// taken; one that may be repeated (`tag`) is taken each time.
    @Test func aParameterGivenTwiceIsA400NamingItUnlessItMayBeRepeated() async throws {
        try await withClient { client, token in
            for (uri, parameter) in [
                ("/api/diary?q=a&q=b", "q"), ("/api/diary?tz=UTC&limit=1&limit=1", "limit"),
                ("/api/respondents?after=a&after=b", "after"),
                ("/api/diary/ids?prefix=a&prefix=b", "prefix"),
            ] {
                try await client.execute(uri: uri, method: .get, headers: token) {
                    let problem = try Self.problem($0)
                    #expect($0.status == .badRequest, "\(uri)")
                    #expect(problem["parameter"] as? String == parameter)
                }
            }
            try await client.execute(uri: "/api/diary?tag=a&tag=b", method: .get, headers: token) {
                #expect($0.status == .ok)
            }
        }
    }

    /// A 401 says which of the credential's troubles it was, and never whose it was.
    @Test func aRefusedCredentialSaysWhetherItWasMissingUnknownExpiredOrRevoked() async throws {
        let made = Date(timeIntervalSinceNow: -3 * 86400)
        let tokens = APITokens(tokens: people, users: people, clock: { made })
        let expired = try await tokens.create(user: "ada", label: nil, expiresInDays: 1)
        let revoked = try await tokens.create(user: "ada", label: nil, expiresInDays: nil)
        try await tokens.revoke(id: revoked.token.id)
        try await withClient { client, _ in
            let cases: [(HTTPFields, String)] = [
                ([:], "missing"),
                ([.authorization: "Basic YWRhOnNlY3JldA=="], "missing"),
                ([.authorization: "Bearer cbk_nobodyhasthis"], "unknown"),
                ([.authorization: "Bearer \(expired.secret)"], "expired"),
                ([.authorization: "Bearer \(revoked.secret)"], "revoked"),
                ([.cookie: "casebook_session=\(String(repeating: "x", count: 43))"], "unknown"),
            ]
            for (headers, reason) in cases {
                try await client.execute(uri: "/api/diary", method: .get, headers: headers) {
                    #expect($0.status == .unauthorized)
                    let problem = try Self.problem($0)
                    #expect(problem["reason"] as? String == reason, "\(headers)")
                    #expect(!String(buffer: $0.body).contains("ada"))
                    #expect(
                        $0.headers[.wwwAuthenticate]?.hasPrefix("Bearer realm=\"casebook\"") == true
                    )
                }
            }
        }
    }

    @Test func everyAPIGetCarriesAnETagAndIfNoneMatchIsA304() async throws {
        try await withClient { client, token in
            var json = token
            json[.contentType] = "application/json"
            let created = try await client.execute(
                uri: "/api/diary", method: .post, headers: json,
                body: ByteBuffer(string: #"{"text": "Dear diary"}"#)
            ) { $0 }
            #expect(created.status == .created)
            let location = try #require(created.headers[.location])
            #expect(location.hasPrefix("/api/diary/"))
            try await client.execute(
                uri: "/api/preferences/ada", method: .put, headers: json,
                body: ByteBuffer(string: #"{"choice": "never"}"#)
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/api/survey-form/versions", method: .post, headers: json,
                body: ByteBuffer(
                    bytes: SurveyFormRequest.body(
                        name: "household.yaml", bytes: Array(SurveyFormFixture.household.utf8)))
            ) { #expect($0.status == .created) }
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: json,
                body: ByteBuffer(string: #"[{"id": "0", "name": "Ada"}]"#)
            ) { #expect($0.status == .ok) }
            // Every GET of the API that answers 200 (metrics count these very requests, so
            // they are tagged but never the same twice).
            for route in RouteTable.routes where route.kind == .api && route.method == .get {
                let path = route.path == "/api/diary/{id}" ? location : Self.filled(route.path)
                let first = try await client.execute(uri: path, method: .get, headers: token) {
                    $0
                }
                #expect(first.status == .ok, "\(path)")
                let eTag = try #require(first.headers[.eTag], "\(path)")
                if path == "/metrics" { continue }
                var again = token
                again[.ifNoneMatch] = "\"other\", \(eTag)"
                try await client.execute(uri: path, method: .get, headers: again) { response in
                    #expect(response.status == .notModified, "\(path)")
                    #expect(response.body.readableBytes == 0)
                    #expect(response.headers[.eTag] == eTag)
                }
                again[.ifNoneMatch] = "\"other\""
                try await client.execute(uri: path, method: .get, headers: again) {
                    #expect($0.status == .ok, "\(path)")
                }
            }
        }
    }
}
