import Accounts
import CasebookServer
import CasebookTestSupport
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SurveySync
import Testing

/// Every version of a respondent through the API: the history numbers each arrival, and
/// `/api/respondents/{id}/versions/{version}` gives one back whole, as its sender sent it, for
/// an admin; a version another device's replaced is not lost.
@Suite("Respondents' versions through the API")
struct RespondentVersionAPITests {
    let review: RespondentReviewAPITests

    init() throws { review = try RespondentReviewAPITests() }

    private func send(_ body: String, with token: String, client: any TestClientProtocol)
        async throws
    {
        try await client.execute(
            uri: "/api/respondents", method: .post,
            headers: RespondentReviewAPITests.headers(token), body: ByteBuffer(string: body)
        ) { response in #expect(response.status == .ok) }
    }

    /// `uri`, asked with `token`.
    private func get(_ uri: String, as token: String, on client: any TestClientProtocol)
        async throws -> TestResponse
    {
        try await client.execute(
            uri: uri, method: .get, headers: RespondentReviewAPITests.headers(token)
        ) { $0 }
    }

    @Test func aVersionAnotherDeviceReplacedIsReadBackWhole() async throws {
        let admin = try await review.token(for: "ines", role: .admin, label: nil)
        let phone = try await review.token(for: "sara", role: .surveyor, label: "phone 3")
        let tablet = try await review.token(for: "sam", role: .surveyor, label: "tablet 1")
        try await review.withClient { client in
            try await send(
                #"{"respondents": [{"id": "r1", "age": 34}], "originals": ["id: r1\nage: 34\n"]}"#,
                with: phone, client: client)
            try await send(#"[{"id": "r1", "age": 43}]"#, with: tablet, client: client)
            let history = try #require(
                try RespondentReviewAPITests.object(
                    try await get("/api/respondents/r1/history", as: admin, on: client).body
                )["history"] as? [[String: Any]])
            #expect(history.map { $0["kind"] as? String } == ["received", "changed"])
            #expect(history.map { $0["version"] as? Int } == [1, 2])
            let first = try await get("/api/respondents/r1/versions/1", as: admin, on: client)
            #expect(first.status == .ok)
            let answer = try RespondentReviewAPITests.object(first.body)
            #expect(answer["id"] as? String == "r1")
            #expect(answer["version"] as? Int == 1)
            #expect(answer["user"] as? String == "sara")
            #expect(answer["device"] as? String == "phone 3")
            #expect((answer["at"] as? String)?.hasSuffix("Z") == true)
            let fields = try #require(answer["fields"] as? [String: Any])
            #expect(fields["age"] as? Int == 34)
            #expect(answer["original"] as? String == "id: r1\nage: 34\n")
            let second = try RespondentReviewAPITests.object(
                try await get("/api/respondents/r1/versions/2", as: admin, on: client).body)
            #expect((second["fields"] as? [String: Any])?["age"] as? Int == 43)
            #expect(second["user"] as? String == "sam")
            #expect(second["original"] == nil)
        }
    }

    @Test(arguments: [
        ("/api/respondents/r1/versions/3", HTTPResponse.Status.notFound, "'r1' has no version 3"),
        ("/api/respondents/ghost/versions/1", .notFound, "no respondent has id 'ghost'"),
        ("/api/respondents/r1/versions/0", .badRequest, "a whole number from 1 to 2147483647"),
        ("/api/respondents/r1/versions/2147483648", .badRequest, "from 1 to 2147483647"),
        ("/api/respondents/r1/versions/99999999999999999999", .badRequest, "from 1 to 2147483647"),
        ("/api/respondents/r1/versions/-1", .badRequest, "from 1 to 2147483647"),
        ("/api/respondents/r1/versions/01", .badRequest, "digits alone"),
        ("/api/respondents/r1/versions/%31", .badRequest, "digits alone"),
        ("/api/respondents/r1/versions/+1", .badRequest, "digits alone"),
        ("/api/respondents/r1/versions/one", .badRequest, "digits alone"),
    ])
    func aVersionThatIsNotThereIsRefusedNamingIt(
        uri: String, status: HTTPResponse.Status, words: String
    ) async throws {
        let admin = try await review.token(for: "ines", role: .admin, label: nil)
        _ = try await review.reviews.upsert([Respondent(id: "r1", fields: ["id": "r1"])])
        try await review.withClient { client in
            let response = try await get(uri, as: admin, on: client)
            #expect(response.status == status)
            let problem = try RespondentReviewAPITests.object(response.body)
            #expect((problem["detail"] as? String)?.contains(words) == true, "\(problem)")
            if status == .badRequest { #expect(problem["parameter"] as? String == "version") }
        }
    }

    /// A store written before versions were kept numbers the versions its respondents had, but
    /// holds only the current one: an earlier one is gone, and the answer says why.
    @Test func aVersionFromBeforeVersionsWereKeptIsGoneAndSaysWhy() async throws {
        let admin = try await review.token(for: "ines", role: .admin, label: nil)
        let path = review.directory.appending("older.sqlite").path
        let store = try SQLiteRespondentStore(path: path)
        _ = try await store.upsert([Respondent(id: "r1", fields: ["id": "r1", "n": 1])])
        _ = try await store.upsert([Respondent(id: "r1", fields: ["id": "r1", "n": 2])])
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "UPDATE respondent_event SET body = NULL WHERE version = 1")
        }
        try await queue.close()
        var stores = review.stores
        stores.respondents = store
        try await review.withClient(stores: stores) { client in
            let gone = try await get("/api/respondents/r1/versions/1", as: admin, on: client)
            #expect(gone.status == .gone)
            let problem = try RespondentReviewAPITests.object(gone.body)
            #expect(
                (problem["detail"] as? String)?.contains(
                    "version 1 of respondent 'r1' arrived before this store kept versions") == true)
            let current = try await get("/api/respondents/r1/versions/2", as: admin, on: client)
            #expect(current.status == .ok)
        }
    }

    @Test func aSurveyorMayNotReadAVersion() async throws {
        let phone = try await review.token(for: "sara", role: .surveyor, label: "phone 3")
        _ = try await review.reviews.upsert([Respondent(id: "r1", fields: ["id": "r1"])])
        try await review.withClient { client in
            let refused = try await get("/api/respondents/r1/versions/1", as: phone, on: client)
            #expect(refused.status == .forbidden)
        }
    }
}
