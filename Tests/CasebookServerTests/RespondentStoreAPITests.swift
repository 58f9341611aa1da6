import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SurveySync
import Testing

/// The backend says which store it keeps respondents in, on every answer, and what that store
/// holds, in digests: what a sync and `casebook survey verify` compare a folder with.
@Suite("The respondent store API", .serialized)
struct RespondentStoreAPITests {
    let fixture: RouteFixture
    var store: any VerifiableRespondentStore {
        fixture.stores.respondents as! any VerifiableRespondentStore
    }

    init() throws { fixture = try RouteFixture() }

    static func json(_ buffer: ByteBuffer) throws -> JSONValue {
        try JSONParser.parse(buffer.readableBytesView)
    }

    @Test func everyRespondentsAnswerNamesTheStore() async throws {
        let identity = try await store.identity()
        try await fixture.test { client in
            for (method, uri, body) in [
                (HTTPRequest.Method.post, "/api/respondents", #"{"id": 1}"#),
                (.get, "/api/respondents", ""), (.get, "/api/respondents/1", ""),
                (.get, "/api/respondent-store", ""), (.get, "/api/respondent-store/digests", ""),
            ] {
                try await client.execute(
                    uri: uri, method: method, headers: RouteFixture.json,
                    body: body.isEmpty ? nil : ByteBuffer(string: body)
                ) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.init("Casebook-Store")!] == identity, "\(uri)")
                }
            }
        }
    }

    @Test func theStoreSaysWhatItHoldsInDigests() async throws {
        let respondents = (0..<50).map {
            Respondent(id: "r\($0)", fields: ["id": .string("r\($0)"), "n": .integer($0)])
        }
        _ = try await store.upsert(respondents)
        let identity = try await store.identity()
        let expected = DigestBuckets(respondents.map(RespondentDigest.init))
        try await fixture.test { client in
            try await client.execute(uri: "/api/respondent-store", method: .get) { response in
                let body = try Self.json(response.body)
                #expect(body == ["store": .string(identity), "count": 50])
            }
            try await client.execute(uri: "/api/respondent-store/digests", method: .get) {
                response in
                let body = try Self.json(response.body)
                #expect(body["buckets"] == .array(expected.hex.map(JSONValue.string)))
            }
            let bucket = RespondentDigest.bucket(ofID: "r7")
            try await client.execute(uri: "/api/respondent-store/digests/\(bucket)", method: .get) {
                response in
                guard case .array(let entries)? = try Self.json(response.body)["respondents"] else {
                    Issue.record("no respondents")
                    return
                }
                #expect(
                    entries.contains([
                        "id": "r7", "digest": .string(RespondentDigest(respondents[7]).digest),
                    ]))
            }
            for refused in ["256", "-1", "x"] {
                try await client.execute(
                    uri: "/api/respondent-store/digests/\(refused)", method: .get
                ) {
                    response in #expect(response.status == .badRequest)
                }
            }
            try await client.execute(
                uri: "/api/respondent-store/lookup", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"ids": ["r3", "nobody"]}"#)
            ) { response in
                let body = try Self.json(response.body)
                #expect(body["digests"] == ["r3": .string(RespondentDigest(respondents[3]).digest)])
            }
            let tooMany =
                "{\"ids\": [" + (0...10_000).map { "\"\($0)\"" }.joined(separator: ",") + "]}"
            try await client.execute(
                uri: "/api/respondent-store/lookup", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: tooMany)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(
                    RouteFixture.errorMessage(response.body)
                        == "a lookup asks about at most 10000 ids")
            }
            try await client.execute(
                uri: "/api/respondent-store/lookup", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"ids": ["r3"], "since": 1}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(
                    RouteFixture.errorMessage(response.body) == "the body has no member 'since'")
            }
            // On a server without users, everything is the one person's own.
            try await client.execute(
                uri: "/api/respondent-store/mine", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"ids": ["r3", "nobody"]}"#)
            ) { response in
                let body = try Self.json(response.body)
                #expect(body["mine"] == ["r3"])
            }
        }
    }
}
