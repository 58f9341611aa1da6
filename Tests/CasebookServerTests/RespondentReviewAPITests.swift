import Accounts
import CasebookServer
import CasebookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SurveySync
import Testing

/// Reviews through the API: a surveyor's token sends respondents, recorded with the user and
/// the token's label; an admin sets review states many at once and reads each respondent's
/// history; a refusal names the member at fault and changes nothing.
@Suite("Reviewing respondents through the API")
struct RespondentReviewAPITests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores
    let people = InMemoryUserDirectory()
    let reviews: any ReviewedRespondentStore

    init() throws {
        directory = try TemporaryDirectory()
        var stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        stores.users = people
        self.stores = stores
        reviews = try #require(stores.respondents as? any ReviewedRespondentStore)
    }

    func token(for name: String, role: UserRole, label: String?) async throws -> String {
        if try await people.user(named: name) == nil {
            try await people.add(User(name: name, role: role, passwordHash: "-", createdAt: Date()))
        }
        return try await APITokens(tokens: people, users: people)
            .create(user: name, label: label, expiresInDays: nil).secret
    }

    /// Runs `body` against the app on these stores, or on `other` stores in their place.
    func withClient(
        stores other: CasebookServer.Stores? = nil,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        let router = try CasebookServer.router(
            stores: other ?? stores, configuration: configuration)
        try await Application(router: router).test(.router, body)
    }

    static func headers(_ token: String) -> HTTPFields {
        var headers = RouteFixture.json
        headers[.authorization] = "Bearer \(token)"
        return headers
    }

    static func object(_ buffer: ByteBuffer) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any]
            ?? [:]
    }

    @Test func whatASurveyorSendsIsRecordedWithTheirTokensDevice() async throws {
        let phone = try await token(for: "sara", role: .surveyor, label: "phone 3")
        try await withClient { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: Self.headers(phone),
                body: ByteBuffer(string: #"[{"id": "r1"}, {"id": "r2"}]"#)
            ) { response in #expect(response.status == .ok) }
        }
        let status = try #require(try await reviews.statuses(of: ["r1"])["r1"])
        #expect(status.sender == RespondentSender(user: "sara", device: "phone 3"))
        #expect(status.state == .received)
    }

    @Test func anAdminReviewsManyAtOnceAndReadsTheHistory() async throws {
        let admin = try await token(for: "ines", role: .admin, label: nil)
        let phone = try await token(for: "sara", role: .surveyor, label: "phone 3")
        try await withClient { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: Self.headers(phone),
                body: ByteBuffer(
                    string:
                        #"{"respondents": [{"id": "r1"}, {"id": "r2"}, {"id": "r3"}], "originals": ["id: r1\n", null, null]}"#
                )
            ) { response in #expect(response.status == .ok) }
            try await client.execute(
                uri: "/api/respondent-reviews", method: .post, headers: Self.headers(admin),
                body: ByteBuffer(
                    string: #"{"ids": ["r1", "r3"], "state": "has-issues", "comment": "age?"}"#)
            ) { response in
                #expect(response.status == .ok)
                let answer = try Self.object(response.body)
                #expect(answer["reviewed"] as? Int == 2)
                #expect(answer["state"] as? String == "has-issues")
            }
            try await client.execute(
                uri: "/api/respondents/r1/history", method: .get, headers: Self.headers(admin)
            ) { response in
                #expect(response.status == .ok)
                let answer = try Self.object(response.body)
                #expect(answer["id"] as? String == "r1")
                #expect(answer["state"] as? String == "has-issues")
                #expect(answer["reviewer"] as? String == "ines")
                #expect(answer["comment"] as? String == "age?")
                let sender = try #require(answer["sentBy"] as? [String: Any])
                #expect(sender["user"] as? String == "sara")
                #expect(sender["device"] as? String == "phone 3")
                let history = try #require(answer["history"] as? [[String: Any]])
                #expect(history.map { $0["kind"] as? String } == ["received", "reviewed"])
                #expect(history.last?["user"] as? String == "ines")
                #expect((history.first?["at"] as? String)?.hasSuffix("Z") == true)
                #expect(answer["original"] as? String == "id: r1\n")
            }
            try await client.execute(
                uri: "/api/respondents/r2/history", method: .get, headers: Self.headers(admin)
            ) { response in
                let answer = try Self.object(response.body)
                #expect(answer["original"] == nil)
            }
        }
        #expect(try await reviews.statuses(of: ["r2"])["r2"]?.state == .received)
    }

    @Test(arguments: [
        (#"{"ids": [], "state": "approved"}"#, "ids"),
        (#"{"ids": ["r1", 7], "state": "approved"}"#, "ids[1]"),
        (#"{"ids": ["r1"], "state": "fine"}"#, "state"),
        (#"{"ids": ["r1"], "state": "approved", "comment": "a\u0007b"}"#, "comment"),
        (#"{"ids": ["r1"], "state": "approved", "by": "someone else"}"#, "by"),
    ])
    func aBadReviewIsRefusedNamingTheMember(body: String, field: String) async throws {
        let admin = try await token(for: "ines", role: .admin, label: nil)
        _ = try await reviews.upsert([Respondent(id: "r1", fields: ["id": "r1"])])
        try await withClient { client in
            try await client.execute(
                uri: "/api/respondent-reviews", method: .post, headers: Self.headers(admin),
                body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status == .badRequest)
                let answer = try Self.object(response.body)
                #expect(answer["field"] as? String == field)
            }
        }
        #expect(try await reviews.history(of: "r1").count == 1)
    }

    /// `from` and `to` (days, UTC, both inclusive) take the respondents whose current version
    /// arrived on those days; a day that is not `YYYY-MM-DD` is a 400 naming the parameter.
    @Test func respondentsAreFilteredByTheDaysTheyArrived() async throws {
        let admin = try await token(for: "ines", role: .admin, label: nil)
        _ = try await reviews.upsert([Respondent(id: "r1", fields: ["id": "r1"])])
        let arrived = try #require(try await reviews.statuses(of: ["r1"])["r1"]?.receivedAt)
        let today = ReceivedDay(holding: arrived)
        let days = [today.previous.text, today.text, ReceivedDay(holding: today.end).text]
        try await withClient { client in
            for (query, found) in [
                ("from=\(days[1])&to=\(days[1])", ["r1"]), ("from=\(days[1])", ["r1"]),
                ("to=\(days[1])", ["r1"]), ("from=\(days[2])", []), ("to=\(days[0])", []),
                ("from=\(days[0])&to=\(days[2])", ["r1"]), ("from=&to=", ["r1"]),
                ("field=id&value=r1", ["r1"]), ("field=id&value=r2", []),
                ("field=&value=x", ["r1"]),
            ] {
                try await client.execute(
                    uri: "/api/respondents?\(query)", method: .get, headers: Self.headers(admin)
                ) { response in
                    #expect(response.status == .ok, "\(query)")
                    let respondents = try Self.object(response.body)["respondents"]
                    let ids = (respondents as? [[String: Any]])?.compactMap { $0["id"] as? String }
                    #expect(ids == found, "\(query)")
                }
            }
            for (query, parameter) in [
                ("field=\(String(repeating: "x", count: 257))&value=1", "field"),
                ("field=name&value=\(String(repeating: "x", count: 4_097))", "value"),
                ("value=\(String(repeating: "x", count: 4_097))", "value"),
                ("from=yesterday", "from"), ("to=2026-02-30", "to"), ("from=2026-1-05", "from"),
                ("to=0000-01-01", "to"), ("from=10000-01-01", "from"),
            ] {
                try await client.execute(
                    uri: "/api/respondents?\(query)", method: .get, headers: Self.headers(admin)
                ) { response in
                    #expect(response.status == .badRequest, "\(query)")
                    let answer = try Self.object(response.body)
                    #expect(answer["parameter"] as? String == parameter, "\(query)")
                }
            }
        }
    }

    @Test func anEmptyCommentIsNoComment() async throws {
        let admin = try await token(for: "ines", role: .admin, label: nil)
        _ = try await reviews.upsert([Respondent(id: "r1", fields: ["id": "r1"])])
        try await withClient { client in
            try await client.execute(
                uri: "/api/respondent-reviews", method: .post, headers: Self.headers(admin),
                body: ByteBuffer(string: #"{"ids": ["r1"], "state": "rejected", "comment": " "}"#)
            ) { response in #expect(response.status == .ok) }
        }
        let status = try #require(try await reviews.statuses(of: ["r1"])["r1"])
        #expect(status.state == .rejected)
        #expect(status.comment == nil)
    }

    @Test func aReviewNamingAnUnknownRespondentChangesNothingAndSaysWhich() async throws {
        let admin = try await token(for: "ines", role: .admin, label: nil)
        _ = try await reviews.upsert([Respondent(id: "r1", fields: ["id": "r1"])])
        try await withClient { client in
            try await client.execute(
                uri: "/api/respondent-reviews", method: .post, headers: Self.headers(admin),
                body: ByteBuffer(string: #"{"ids": ["r1", "ghost"], "state": "approved"}"#)
            ) { response in
                #expect(response.status == .notFound)
                let answer = try Self.object(response.body)
                #expect(answer["field"] as? String == "ids[1]")
                #expect((answer["detail"] as? String)?.contains("ghost") == true)
            }
            try await client.execute(
                uri: "/api/respondents/ghost/history", method: .get, headers: Self.headers(admin)
            ) { response in #expect(response.status == .notFound) }
        }
        #expect(try await reviews.statuses(of: ["r1"])["r1"]?.state == .received)
    }

    /// A surveyor reads and exports what they sent, from any of their devices, and nothing
    /// another user sent; an admin reads everyone's, filtered as asked.
    @Test func aSurveyorReadsOnlyWhatTheySent() async throws {
        let phone = try await token(for: "sara", role: .surveyor, label: "phone 3")
        let admin = try await token(for: "ines", role: .admin, label: nil)
        _ = try await reviews.upsert(
            [Respondent(id: "t1", fields: ["id": "t1"])],
            from: RespondentSender(user: "theo", device: "tablet"))
        try await withClient { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: Self.headers(phone),
                body: ByteBuffer(string: #"[{"id": "s1", "n": 1}, {"id": "s2"}]"#)
            ) { response in #expect(response.status == .ok) }
            try await client.execute(
                uri: "/api/respondents?limit=1", method: .get, headers: Self.headers(phone)
            ) { response in
                let answer = try Self.object(response.body)
                let ids = (answer["respondents"] as? [[String: Any]])?.map { $0["id"] as? String }
                #expect(ids == ["s1"])
                #expect(answer["next"] as? String == "s1")
                #expect(response.headers[HTTPField.Name("Link")!]?.contains("user=sara") == true)
            }
            try await client.execute(
                uri: "/api/respondents?format=csv", method: .get, headers: Self.headers(phone)
            ) { response in
                #expect(String(buffer: response.body) == "id,n\r\ns1,1\r\ns2,\r\n")
            }
            // A ZIP of the files too holds only what they sent.
            try await client.execute(
                uri: "/api/respondents?format=zip", method: .get, headers: Self.headers(phone)
            ) { response in
                let archive = String(decoding: response.body.readableBytesView, as: UTF8.self)
                #expect(archive.contains("s1.yaml") && archive.contains("s2.yaml"))
                #expect(!archive.contains("t1.yaml"))
            }
            try await client.execute(
                uri: "/api/respondents?format=csv&device=tablet", method: .get,
                headers: Self.headers(admin)
            ) { response in
                #expect(String(buffer: response.body) == "id\r\nt1\r\n")
            }
            try await client.execute(
                uri: "/api/respondents?q=S2", method: .get, headers: Self.headers(admin)
            ) { response in
                let answer = try Self.object(response.body)
                let ids = (answer["respondents"] as? [[String: Any]])?.map { $0["id"] as? String }
                #expect(ids == ["s2"])
            }
        }
    }

    /// An id named twice is reviewed once; which respondents a device sent counts those
    /// nobody recorded a sender of as possibly its own, and another user's as not.
    @Test func anIdTwiceIsReviewedOnceAndAnUnknownSenderMayBeAnyonesOwn() async throws {
        let admin = try await token(for: "ines", role: .admin, label: nil)
        let phone = try await token(for: "sara", role: .surveyor, label: "phone 3")
        _ = try await reviews.upsert([Respondent(id: "u1", fields: ["id": "u1"])])
        _ = try await reviews.upsert(
            [Respondent(id: "t1", fields: ["id": "t1"])],
            from: RespondentSender(user: "theo", device: "tablet"))
        try await withClient { client in
            try await client.execute(
                uri: "/api/respondent-reviews", method: .post, headers: Self.headers(admin),
                body: ByteBuffer(string: #"{"ids": ["u1", "u1"], "state": "approved"}"#)
            ) { response in
                let answer = try Self.object(response.body)
                #expect(answer["reviewed"] as? Int == 1)
            }
            try await client.execute(
                uri: "/api/respondent-store/mine", method: .post, headers: Self.headers(phone),
                body: ByteBuffer(string: #"{"ids": ["u1", "t1"]}"#)
            ) { response in
                let answer = try Self.object(response.body)
                #expect(answer["mine"] as? [String] == ["u1"])
            }
        }
        #expect(try await reviews.history(of: "u1").count == 2)
    }

    @Test func aSurveyorMayNeitherReviewNorReadTheHistory() async throws {
        let phone = try await token(for: "sara", role: .surveyor, label: "phone 3")
        _ = try await reviews.upsert([Respondent(id: "r1", fields: ["id": "r1"])])
        try await withClient { client in
            try await client.execute(
                uri: "/api/respondent-reviews", method: .post, headers: Self.headers(phone),
                body: ByteBuffer(string: #"{"ids": ["r1"], "state": "approved"}"#)
            ) { response in #expect(response.status == .forbidden) }
            try await client.execute(
                uri: "/api/respondents/r1/history", method: .get, headers: Self.headers(phone)
            ) { response in #expect(response.status == .forbidden) }
        }
    }
}
