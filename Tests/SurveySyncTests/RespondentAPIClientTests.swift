import Foundation
import SurveySync
import Testing

/// The Casebook server's respondent API as both HTTP adapters speak it: which requests a sync
/// makes, and how every kind of answer (a refusal, a failure, something that is not a Casebook
/// server) is told apart.
struct RespondentAPIClientTests {
    let base = URL(string: "https://survey.example/team/")!

    func client(_ transport: RespondentAPITransportSpy, token: String? = nil) -> RespondentAPIClient
    {
        RespondentAPIClient(baseURL: base, token: token, transport: transport)
    }

    @Test func uploadsPostTheRespondentsAsAJSONArrayWithTheToken() async throws {
        let transport = RespondentAPITransportSpy(RespondentAPITransportSpy.answer(store: "s-9"))
        let store = try await client(transport, token: "tok").uploadToStore([
            Respondent(id: "r1", fields: ["id": "r1", "age": 41])
        ])
        #expect(store == "s-9")
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://survey.example/team/api/respondents")
        #expect(request.value(of: "Authorization") == "Bearer tok")
        #expect(request.value(of: "Content-Type") == "application/json")
        #expect(request.value(of: "Accept") == "application/json")
        #expect(try JSONParser.parse(request.body ?? []) == [["age": 41, "id": "r1"]])
    }

    /// A respondent read for a sync keeps the canonical JSON its digest was taken of, and an
    /// upload sends those bytes as they are rather than writing the fields again.
    @Test func anUploadSendsTheCanonicalJSONARespondentKept() async throws {
        // Spaced as `JSONWriter` never writes, to tell the kept bytes from fields written again.
        let kept = Array(#"{"age": 41, "id": "r1", "note": "kept"}"#.utf8)
        let respondent = Respondent(
            id: "r1", fields: ["id": "r1", "age": 41, "note": "kept"], canonicalJSON: kept)
        let transport = RespondentAPITransportSpy(RespondentAPITransportSpy.answer(store: "s-9"))

        _ = try await client(transport).uploadToStore([respondent, respondent])

        let body = try #require(transport.requests.first?.body)
        #expect(body == Array("[".utf8) + kept + Array(",".utf8) + kept + Array("]".utf8))
    }

    /// Respondents read from files go with the files' text, which the server keeps as their
    /// originals: `{"respondents": […], "originals": […]}`, null for one without.
    @Test func respondentsReadFromFilesGoWithTheirText() async throws {
        let transport = RespondentAPITransportSpy(RespondentAPITransportSpy.answer(store: "s-9"))
        let read = try RespondentParser.respondent(
            fromYAML: "id: r1\nname: \"Ada\"  # typed\n", fileName: "ada.yaml")

        _ = try await client(transport).uploadToStore([
            read, Respondent(id: "r2", fields: ["id": "r2"]),
        ])

        let body = try #require(transport.requests.first?.body)
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"respondents":[{"id":"r1","name":"Ada"},{"id":"r2"}],"originals":["id: r1\nname: \"Ada\"  # typed\n",null]}"#
        )
    }

    @Test func aRespondentWithoutKeptJSONIsWrittenCanonically() async throws {
        let transport = RespondentAPITransportSpy(RespondentAPITransportSpy.answer(store: "s-9"))

        _ = try await client(transport).uploadToStore([
            Respondent(
                id: "r1", fields: ["id": "r1", "b": [1, 2.5], "a": ["y": .null, "x": "é\n"]]),
            Respondent(id: "r2", fields: ["id": "r2"]),
        ])

        let body = try #require(transport.requests.first?.body)
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"[{"a":{"x":"é\n","y":null},"b":[1,2.5],"id":"r1"},{"id":"r2"}]"#)
    }

    /// Where a token would travel unencrypted: plain http to anything but this machine's
    /// loopback (which never leaves it). https, and loopback in any spelling, are safe; a host
    /// that looks like 127.x.y.z only once its empty labels are dropped is not loopback.
    @Test(arguments: [
        ("http://survey.example/", true), ("http://192.0.2.7:8080/", true),
        ("http://10.0.0.5/", true), ("HTTP://survey.example/", true),
        ("http://127.0.0.1.survey.example/", true), ("http://localhost.survey.example/", true),
        ("http://127.0.0.1./", true), ("http://127..0.0.1/", true), ("http://.127.0.0.1/", true),
        ("https://survey.example/", false), ("http://127.0.0.1:8080/", false),
        ("http://127.8.9.10/", false), ("http://localhost:8080/", false),
        ("http://LOCALHOST/", false), ("http://[::1]:8080/", false),
    ])
    func aTokenCrossesTheNetworkInClearTextOnlyOverHTTPToAnotherMachine(
        url: String, inClearText: Bool
    ) throws {
        #expect(
            RespondentAPIClient.wouldSendTokenInClearText(to: try #require(URL(string: url)))
                == inClearText)
    }

    @Test func withoutATokenNoAuthorizationIsSent() async throws {
        let transport = RespondentAPITransportSpy(RespondentAPITransportSpy.answer())
        _ = try await client(transport).storeIdentity()
        let request = try #require(transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.body == nil)
        #expect(request.value(of: "Authorization") == nil)
        #expect(request.url.absoluteString == "https://survey.example/team/api/respondent-store")
    }

    @Test func theStoreHeaderIsFoundWhateverItsCase() async throws {
        let answer = RespondentAPIAnswer(
            status: 200, headers: [("CASEBOOK-STORE", "upper")], body: Array("{}".utf8))
        #expect(
            try await client(RespondentAPITransportSpy(.success(answer))).storeIdentity() == "upper"
        )
    }

    @Test(arguments: [
        (#"{"error": "id 'r1' is not text"}"#, "id 'r1' is not text"),
        (
            #"{"type": "about:blank", "status": 400, "detail": "id 'r1' is not text"}"#,
            "id 'r1' is not text"
        ),
        ("plain words", "plain words"),
        ("", "no message"),
    ])
    func aRefusalIsRejectedWithTheServersMessage(body: String, message: String) async {
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(422, store: nil, body: body))
        await #expect(throws: UploadError.rejected(status: 422, message: message)) {
            try await client(transport).upload([Respondent(id: "r1", fields: ["id": "r1"])])
        }
    }

    @Test func aLongRefusalIsCutAt500Bytes() async {
        let body = String(repeating: "x", count: 2_000)
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(400, store: nil, body: body))
        await #expect(throws: UploadError.rejected(status: 400, message: String(body.prefix(500))))
        {
            try await client(transport).storeIdentity()
        }
    }

    /// The cut falls between characters, never inside one (which would show as U+FFFD).
    @Test func aLongRefusalIsCutBeforeTheCharacterThe500thByteIsIn() async {
        let body = String(repeating: "x", count: 499) + "é" + String(repeating: "y", count: 100)
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(400, store: nil, body: body))
        await #expect(
            throws: UploadError.rejected(status: 400, message: String(repeating: "x", count: 499))
        ) {
            try await client(transport).storeIdentity()
        }
    }

    /// A reply that is not UTF-8 text is described, not shown with U+FFFD in place of its
    /// bytes.
    @Test func aRefusalThatIsNotTextIsDescribed() async {
        let transport = RespondentAPITransportSpy(
            .success(RespondentAPIAnswer(status: 400, headers: [], body: [0x61, 0xFF, 0x62])))
        await #expect(
            throws: UploadError.rejected(
                status: 400,
                message: "3 bytes that are not UTF-8 text (its byte 2 is 0xFF)")
        ) {
            try await client(transport).storeIdentity()
        }
    }

    /// A failure (5xx) is worth trying again later, unlike a refusal (4xx).
    @Test(arguments: [500, 502, 503])
    func aServerFailureIsUnavailableWithItsStatus(status: Int) async {
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(status, body: #"{"error": "database down"}"#))
        await #expect(throws: UploadError.unavailable("HTTP \(status): database down")) {
            try await client(transport).storeIdentity()
        }
    }

    /// The transports follow no redirect; one that reaches the client is no acknowledgement.
    @Test(arguments: [300, 301, 307])
    func aRedirectIsUnavailableNotAnAcknowledgement(status: Int) async {
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(status, body: #"{"error": "moved"}"#))
        await #expect(throws: UploadError.unavailable("HTTP \(status): moved")) {
            try await client(transport).upload([Respondent(id: "r1", fields: ["id": "r1"])])
        }
    }

    /// The identity is kept on every line of the ledger and shown in messages: a long one
    /// would swell the ledger, one with control characters reach a terminal. A Casebook
    /// server's is a UUID.
    @Test(arguments: [
        String(repeating: "a", count: 129), "store one", "store\u{1B}[2J", "é", "del\u{7F}",
    ])
    func aStoreIdentityThatIsNotShortPrintableASCIIIsNotACasebookServer(store: String) async {
        let transport = RespondentAPITransportSpy(RespondentAPITransportSpy.answer(store: store))
        await #expect(
            throws: UploadError.unavailable(
                "it does not answer as a Casebook server does: its store identity is not 1 to 128 printable ASCII characters without spaces (Casebook-Store header)"
            )
        ) { try await client(transport).storeIdentity() }
    }

    @Test func aStoreIdentityOf128PrintableCharactersIsTaken() async throws {
        let store = String(repeating: "~", count: 127) + "!"
        let transport = RespondentAPITransportSpy(RespondentAPITransportSpy.answer(store: store))
        #expect(try await client(transport).storeIdentity() == store)
    }

    @Test func anAnswerNamingNoStoreIsNotACasebookServer() async {
        let transport = RespondentAPITransportSpy(RespondentAPITransportSpy.answer(store: ""))
        await #expect(
            throws: UploadError.unavailable(
                "it does not answer as a Casebook server does: its answer names no store (Casebook-Store header)"
            )
        ) { try await client(transport).storeIdentity() }
    }

    @Test func anAnswerThatIsNotJSONIsNotACasebookServer() async {
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(body: "<html>hello</html>"))
        await #expect(
            throws: UploadError.unavailable(
                "it does not answer as a Casebook server does: its answer is not JSON")
        ) { try await client(transport).storeIdentity() }
    }

    @Test func aTransportFailureIsPassedOn() async {
        let transport = RespondentAPITransportSpy(.failure(.unavailable("connection refused")))
        await #expect(throws: UploadError.unavailable("connection refused")) {
            try await client(transport).upload([])
        }
    }

    @Test func digestBucketsAreReadFromTheStoresSummary() async throws {
        let buckets = DigestBuckets([RespondentDigest(id: "r1", digest: "abc")])
        let body = JSONWriter.string(
            .object(["buckets": .array(buckets.hex.map(JSONValue.string))]))
        let transport = RespondentAPITransportSpy(RespondentAPITransportSpy.answer(body: body))
        let answer = try await client(transport).digestBuckets()
        #expect(answer.store == "store-1")
        #expect(answer.buckets == buckets)
        #expect(
            transport.requests.first?.url.absoluteString
                == "https://survey.example/team/api/respondent-store/digests")
    }

    @Test func bucketsThatAreNot256DigestsAreRefused() async {
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(body: #"{"buckets": ["00"]}"#))
        await #expect(
            throws: UploadError.unavailable(
                "it does not answer as a Casebook server does: its digest buckets are not 256 digests"
            )
        ) { try await client(transport).digestBuckets() }
    }

    @Test func aBucketsRespondentsAreListedInOrder() async throws {
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(
                body: #"{"respondents": [{"id": "a", "digest": "1"}, {"id": "b", "digest": "2"}]}"#)
        )
        let answer = try await client(transport).digests(inBucket: 7)
        #expect(
            answer.digests == [
                RespondentDigest(id: "a", digest: "1"), RespondentDigest(id: "b", digest: "2"),
            ])
        #expect(
            transport.requests.first?.url.absoluteString
                == "https://survey.example/team/api/respondent-store/digests/7")
    }

    @Test func aListedRespondentWithoutADigestIsRefusedNamingTheBucket() async {
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(body: #"{"respondents": [{"id": "a"}]}"#))
        await #expect(
            throws: UploadError.unavailable(
                "it does not answer as a Casebook server does: a respondent of bucket 7 has no id or digest"
            )
        ) { try await client(transport).digests(inBucket: 7) }
    }

    @Test func aLookupPostsTheIDsAndReadsTheDigestsFound() async throws {
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(body: #"{"digests": {"a": "1"}}"#))
        let answer = try await client(transport).digests(ofIDs: ["a", "b"])
        #expect(answer.digests == ["a": "1"])
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(
            request.url.absoluteString == "https://survey.example/team/api/respondent-store/lookup")
        #expect(try JSONParser.parse(request.body ?? []) == ["ids": ["a", "b"]])
    }

    @Test func aDigestThatIsNotTextIsRefused() async {
        let transport = RespondentAPITransportSpy(
            RespondentAPITransportSpy.answer(body: #"{"digests": {"a": 1}}"#))
        await #expect(
            throws: UploadError.unavailable(
                "it does not answer as a Casebook server does: a digest is not text")
        ) { try await client(transport).digests(ofIDs: ["a"]) }
    }

    @Test func itsAddressIsTheBaseAndItsDestinationTheEndpoint() {
        let client = client(RespondentAPITransportSpy())
        #expect(client.destination == "https://survey.example/team/api/respondents")
        #expect(client.address == "https://survey.example/team/")
    }
}
