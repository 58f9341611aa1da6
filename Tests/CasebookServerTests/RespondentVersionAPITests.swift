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

    @Test func aVersionAnotherDeviceReplacedIsReadBackWhole() async throws {
        let admin = try await review.token(for: "ines", role: .admin, label: nil)
        let phone = try await review.token(for: "sara", role: .surveyor, label: "phone 3")
        let tablet = try await review.token(for: "sam", role: .surveyor, label: "tablet 1")
        try await review.withClient { client in
            try await send(
                #"{"respondents": [{"id": "r1", "age": 34}], "originals": ["id: r1\nage: 34\n"]}"#,
                with: phone, client: client)
            try await send(#"[{"id": "r1", "age": 43}]"#, with: tablet, client: client)
            try await client.execute(
                uri: "/api/respondents/r1/history", method: .get,
                headers: RespondentReviewAPITests.headers(admin)
            ) { response in
                let answer = try RespondentReviewAPITests.object(response.body)
                let history = try #require(answer["history"] as? [[String: Any]])
                #expect(history.map { $0["kind"] as? String } == ["received", "changed"])
                #expect(history.map { $0["version"] as? Int } == [1, 2])
            }
            try await client.execute(
                uri: "/api/respondents/r1/versions/1", method: .get,
                headers: RespondentReviewAPITests.headers(admin)
            ) { response in
                #expect(response.status == .ok)
                let answer = try RespondentReviewAPITests.object(response.body)
                #expect(answer["id"] as? String == "r1")
                #expect(answer["version"] as? Int == 1)
                #expect(answer["user"] as? String == "sara")
                #expect(answer["device"] as? String == "phone 3")
                #expect((answer["at"] as? String)?.hasSuffix("Z") == true)
                let fields = try #require(answer["fields"] as? [String: Any])
                #expect(fields["age"] as? Int == 34)
                #expect(answer["original"] as? String == "id: r1\nage: 34\n")
            }
            try await client.execute(
                uri: "/api/respondents/r1/versions/2", method: .get,
                headers: RespondentReviewAPITests.headers(admin)
            ) { response in
                let answer = try RespondentReviewAPITests.object(response.body)
                #expect((answer["fields"] as? [String: Any])?["age"] as? Int == 43)
                #expect(answer["user"] as? String == "sam")
                #expect(answer["original"] == nil)
            }
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
            try await client.execute(
                uri: uri, method: .get, headers: RespondentReviewAPITests.headers(admin)
            ) { response in
                #expect(response.status == status)
                let problem = try RespondentReviewAPITests.object(response.body)
                #expect((problem["detail"] as? String)?.contains(words) == true, "\(problem)")
                if status == .badRequest { #expect(problem["parameter"] as? String == "version") }
            }
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
        var configuration = CasebookServer.Configuration(dataDirectory: review.directory.url)
        configuration.userCheckInterval = .zero
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            try await client.execute(
                uri: "/api/respondents/r1/versions/1", method: .get,
                headers: RespondentReviewAPITests.headers(admin)
            ) { response in
                #expect(response.status == .gone)
                let problem = try RespondentReviewAPITests.object(response.body)
                #expect(
                    (problem["detail"] as? String)?.contains(
                        "version 1 of respondent 'r1' arrived before this store kept versions")
                        == true)
            }
            try await client.execute(
                uri: "/api/respondents/r1/versions/2", method: .get,
                headers: RespondentReviewAPITests.headers(admin)
            ) { response in #expect(response.status == .ok) }
        }
    }

    @Test func aSurveyorMayNotReadAVersion() async throws {
        let phone = try await review.token(for: "sara", role: .surveyor, label: "phone 3")
        _ = try await review.reviews.upsert([Respondent(id: "r1", fields: ["id": "r1"])])
        try await review.withClient { client in
            try await client.execute(
                uri: "/api/respondents/r1/versions/1", method: .get,
                headers: RespondentReviewAPITests.headers(phone)
            ) { response in #expect(response.status == .forbidden) }
        }
    }
}
