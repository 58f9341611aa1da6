import CasebookServer
import CasebookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SurveySync
import Testing

@Suite("The respondents API", .serialized)
struct RespondentsAPITests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores
    var store: any RespondentStore { stores.respondents }

    init() throws {
        directory = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: directory.url)
    }

    func withApp(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = try CasebookServer.router(stores: stores)
        try await Application(router: router).test(.router, test)
    }

    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    static func object(_ buffer: ByteBuffer) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any]
            ?? [:]
    }

    @Test func storesAnArrayAndAnswersWithTheCounts() async throws {
        try await withApp { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: [.contentType: "application/json"],
                body: Self.json(#"[{"id": 1, "name": "Ada"}, {"id": "b", "ok": true}]"#)
            ) { response in
                #expect(response.status == .ok)
                let counts = try Self.object(response.body)
                #expect(counts["received"] as? Int == 2)
                #expect(counts["created"] as? Int == 2)
            }
        }
        #expect(try await store.respondent(id: "1")?.fields["name"] == "Ada")
        #expect(try await store.respondent(id: "b")?.fields["ok"] == true)
    }

    @Test func storesASingleObjectAndUpsertsItById() async throws {
        try await withApp { client in
            for name in ["first", "second"] {
                try await client.execute(
                    uri: "/api/respondents", method: .post, headers: RouteFixture.json,
                    body: Self.json(#"{"id": "x", "name": "\#(name)"}"#)
                ) { response in #expect(response.status == .ok) }
            }
        }
        #expect(try await store.count() == 1)
        #expect(try await store.respondent(id: "x")?.fields["name"] == "second")
    }

    /// `{"respondents": […], "originals": […]}` stores each respondent with the text of the
    /// file it was read from (null: none), which must read as that respondent.
    @Test func storesRespondentsWithTheTextOfTheirFiles() async throws {
        try await withApp { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: RouteFixture.json,
                body: Self.json(
                    #"{"respondents": [{"id": 7, "name": "Ada"}, {"id": "b"}, {"id": "c"}], "originals": ["id: 7\nname: Ada # typed\n", null, "{}"]}"#
                )
            ) { response in
                #expect(response.status == .ok)
                let counts = try Self.object(response.body)
                #expect(counts["created"] as? Int == 3)
            }
        }
        let reviewed = try #require(store as? any ReviewedRespondentStore)
        #expect(try await reviewed.original(of: "7") == "id: 7\nname: Ada # typed\n")
        #expect(try await reviewed.original(of: "b") == nil)
        #expect(try await reviewed.original(of: "c") == "{}", "a file without an id is named by it")
    }

    /// `format=zip` (or an `Accept` of `application/zip`): a ZIP of the respondents' files,
    /// each its original or its JSON, named after its id.
    @Test func aZipHoldsTheRespondentsFiles() async throws {
        try await withApp { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: RouteFixture.json,
                body: Self.json(
                    #"{"respondents": [{"id": "a"}, {"id": "b"}], "originals": ["id: a # typed\n", null]}"#
                )
            ) { response in #expect(response.status == .ok) }
            for (uri, headers) in [
                ("/api/respondents?format=zip", HTTPFields()),
                ("/api/respondents", [.accept: "application/zip"]),
            ] {
                try await client.execute(uri: uri, method: .get, headers: headers) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/zip")
                    #expect(
                        response.headers[.contentDisposition]
                            == #"attachment; filename="respondents.zip""#)
                    let body = Array(response.body.readableBytesView)
                    #expect(body.starts(with: [0x50, 0x4B, 0x03, 0x04]))
                    let text = String(decoding: body, as: UTF8.self)
                    #expect(text.contains("a.yamlid: a # typed\n"))
                    #expect(text.contains(#"b.yaml{"id":"b"}"#))
                }
            }
            try await client.execute(uri: "/api/respondents?format=rar", method: .get) {
                response in
                #expect(response.status == .badRequest)
                let answer = try Self.object(response.body)
                #expect(
                    answer["detail"] as? String
                        == "format is csv, jsonl, xlsx, geojson or zip, not 'rar'")
            }
        }
    }

    @Test(arguments: [
        (
            #"{"respondents": [{"id": 1}], "originals": []}"#,
            "originals must have one text (or null) per respondent", "originals"
        ),
        (
            #"{"respondents": [{"id": 1}, {"id": 2}], "originals": [null, 2]}"#,
            "the original at index 1 is neither text nor null", "originals[1]"
        ),
        (
            #"{"respondents": [{"id": 1, "name": "Ada"}], "originals": ["id: 1\nname: Eve\n"]}"#,
            "the original at index 0 does not read as the respondent it came with",
            "originals[0]"
        ),
        // Equal to Swift, told apart by every store: -0.0 and 0.0, and é composed and not.
        (
            #"{"respondents": [{"id": "x", "a": -0.0}], "originals": ["a: 0.0\n"]}"#,
            "the original at index 0 does not read as the respondent it came with",
            "originals[0]"
        ),
        (
            #"{"respondents": [{"id": "x", "a": "\u00e9"}], "originals": ["a: e\u0301\n"]}"#,
            "the original at index 0 does not read as the respondent it came with",
            "originals[0]"
        ),
        (
            #"{"respondents": [{"id": 1}], "originals": ["id: [1"]}"#,
            "the original at index 0: 1.yaml:2:1: while parsing a flow sequence did not find expected ',' or ']'",
            "originals[0]"
        ),
        (
            #"{"respondents": [{"id": 1}], "originals": null, "extra": 1}"#,
            "the body has no member 'extra'", "extra"
        ),
        (
            #"{"respondents": 5}"#, "respondents must be an array of respondent objects",
            "respondents"
        ),
    ])
    func refusesABadOriginalNamingItAndStoresNothing(
        body: String, message: String, field: String
    ) async throws {
        try await withApp { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: RouteFixture.json,
                body: Self.json(body)
            ) { response in
                #expect(response.status == .badRequest)
                let answer = try Self.object(response.body)
                #expect(answer["detail"] as? String == message)
                #expect(answer["field"] as? String == field)
            }
        }
        #expect(try await store.count() == 0)
    }

    /// A request names each respondent once: two with one id (`5` and `"5"` too) are refused,
    /// naming the second, where the last was stored and the first dropped. An id in Unicode's
    /// decomposed form would look like its composed spelling and be told apart from it only
    /// by the stores: it is refused, naming it, and nothing of the request is stored.
    @Test func twoRespondentsWithOneIdInARequestAreRefused() async throws {
        try await withApp { client in
            for (body, field) in [
                (#"[{"id": 5, "v": 1}, {"id": "6"}, {"id": "5", "v": 2}]"#, "/2/id"),
                (#"{"respondents": [{"id": "a"}, {"id": "a"}], "originals": null}"#, "/1/id"),
            ] {
                try await client.execute(
                    uri: "/api/respondents", method: .post, headers: RouteFixture.json,
                    body: Self.json(body)
                ) { response in
                    #expect(response.status == .badRequest)
                    let answer = try Self.object(response.body)
                    #expect(answer["field"] as? String == field)
                    #expect((answer["detail"] as? String)?.contains("one id") == true)
                }
            }
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: RouteFixture.json,
                body: Self.json(#"[{"id": "Malm\u00f6"}, {"id": "Malmo\u0308"}]"#)
            ) { response in
                #expect(response.status == .badRequest)
                let answer = try Self.object(response.body)
                #expect(answer["field"] as? String == "/1/id")
                #expect((answer["detail"] as? String)?.contains("(NFC)") == true)
            }
        }
        #expect(try await store.count() == 0)
    }

    /// JSON does not tell 19101.0 from 19101, and neither does the API's description: an id
    /// that is a whole number written with a fraction is that whole number.
    @Test func anIdThatIsAWholeNumberWithAFractionIsThatNumber() async throws {
        try await withApp { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: RouteFixture.json,
                body: Self.json(#"[{"id": 19101.0, "age": 2.0}, {"id": -2e3}]"#)
            ) { response in #expect(response.status == .ok) }
        }
        let stored = try await store.respondent(id: "19101")
        #expect(stored?.fields["id"] == .integer(19101))
        #expect(stored?.fields["age"] == .double(2.0), "only the id is read as a whole number")
        #expect(try await store.respondent(id: "-2000") != nil)
    }

    @Test(arguments: [
        (
            #"[{"id": 1}, {"name": "no id"}]"#,
            "the respondent at index 1 has no id (a non-empty string or an integer)"
        ),
        (#"[{"id": 1}, 5]"#, "the respondent at index 1 is not a JSON object"),
        (#"{"id": true}"#, "the respondent has no id (a non-empty string or an integer)"),
        (
            #"[{"id": 1}, {"id": ".."}]"#,
            "the respondent at index 1 has an id of '.' or '..', which no address reaches"
        ),
        (#"{"id": "."}"#, "the respondent has an id of '.' or '..', which no address reaches"),
        (
            #"[{"id": ""# + String(repeating: "x", count: 1001) + #""}]"#,
            "the respondent at index 0 has an id longer than 1000 bytes"
        ),
        (#"{"id": 1"#, "the body is not valid JSON: expected ',' or '}' at byte 8"),
        (#""text""#, "the body must be a respondent object or an array of them"),
        (
            #"[{"id": 1152921504606847000.0}]"#,
            "the respondent at index 0 has an id of 1.152921504606847e+18, a whole number"
                + " written with a fraction beyond 2^53, which a 64-bit float does not hold"
                + " exactly (send it as an integer or a string)"
        ),
        (
            #"{"id": 12345678901234567.0}"#,
            "the body is not valid JSON: a number a 64-bit float would change"
                + " (it would be 1.2345678901234568e+16; send it as a string) at byte 7"
        ),
        (
            #"{"id": "d2", "id": "d3"}"#,
            "the body is not valid JSON: the key 'id' is given twice in one object at byte 13"
        ),
    ])
    func refusesBadBodiesNamingTheProblemAndStoresNothing(body: String, message: String)
        async throws
    {
        try await withApp { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: RouteFixture.json,
                body: Self.json(body)
            ) {
                response in
                #expect(response.status == .badRequest)
                let body = try Self.object(response.body)
                #expect(body["detail"] as? String == message)
            }
        }
        #expect(try await store.count() == 0)
    }

    /// A client whose base URL ends in "/" asks for "//api/respondents": the router would
    /// ignore the empty segment, but no route answers under a second spelling, so it is not
    /// found — as the API's JSON, not a web page — and nothing is stored.
    @Test(arguments: ["//api/respondents", "/api//respondents", "/api/respondents/"])
    func aPathSpelledWithExtraSlashesIsNotFoundAsJSON(uri: String) async throws {
        try await withApp { client in
            try await client.execute(
                uri: uri, method: .post,
                headers: [.accept: "*/*", .contentType: "application/json"],
                body: Self.json(#"[{"id": 1}]"#)
            ) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/problem+json")
                let body = try Self.object(response.body)
                #expect(body["detail"] as? String == "There is nothing at \(uri).")
            }
        }
        #expect(try await store.count() == 0)
    }

    @Test func refusesABodyOverTheLimit() async throws {
        let huge = "[" + String(repeating: #"{"id": 1},"#, count: 1_700_000) + #"{"id": 2}]"#
        try await withApp { client in
            try await client.execute(
                uri: "/api/respondents", method: .post, headers: RouteFixture.json,
                body: Self.json(huge)
            ) {
                response in
                #expect(response.status == .contentTooLarge)
            }
        }
        #expect(try await store.count() == 0)
    }

    @Test func pagesThroughRespondentsInAStableOrder() async throws {
        _ = try await store.upsert(
            ["c", "a", "b"].map { Respondent(id: $0, fields: ["id": .string($0)]) })
        try await withApp { client in
            try await client.execute(uri: "/api/respondents?limit=2", method: .get) { response in
                let page = try Self.object(response.body)
                let ids = (page["respondents"] as? [[String: Any]])?.compactMap {
                    $0["id"] as? String
                }
                #expect(ids == ["a", "b"])
                #expect(page["next"] as? String == "b")
            }
            try await client.execute(uri: "/api/respondents?limit=2&after=b", method: .get) {
                response in
                let page = try Self.object(response.body)
                #expect((page["respondents"] as? [[String: Any]])?.count == 1)
                #expect(page["next"] is NSNull)
            }
            try await client.execute(uri: "/api/respondents?limit=0", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func showsOneRespondentOr404() async throws {
        _ = try await store.upsert([Respondent(id: "r1", fields: ["id": "r1", "age": 30])])
        try await withApp { client in
            try await client.execute(uri: "/api/respondents/r1", method: .get) { response in
                #expect(response.status == .ok)
                let body = try Self.object(response.body)
                #expect(body["age"] as? Int == 30)
            }
            try await client.execute(uri: "/api/respondents/nobody", method: .get) { response in
                #expect(response.status == .notFound)
                let body = try Self.object(response.body)
                #expect(body["detail"] as? String == "no respondent has id 'nobody'")
            }
        }
    }
}
