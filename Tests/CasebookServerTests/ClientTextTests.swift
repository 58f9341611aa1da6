import CasebookServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SurveySync
import Testing

/// Text from clients is valid UTF-8 without NUL, or it is refused with a 400 naming what was
/// wrong: never repaired into U+FFFD, never cut at the NUL, never stored.
@Suite("Text from clients", .serialized)
struct ClientTextTests {
    let fixture: RouteFixture

    init() throws { fixture = try RouteFixture() }

    @Test(arguments: [
        ("/account?born=%ff", "query parameter &#39;born&#39; is not valid UTF-8 text"),
        ("/account?born=a%00b", "query parameter &#39;born&#39; contains a NUL character"),
        ("/factor?n=1%zz", "query parameter &#39;n&#39; has a malformed %-escape"),
    ])
    func aQueryThatIsNotTextIsRefused(uri: String, message: String) async throws {
        try await fixture.withPages { pages in
            let page = try await pages.get(uri)
            #expect(page.status == .badRequest)
            #expect(page.html.contains(message))
        }
    }

    /// The API's problem names the parameter whose value is not text, as it does any other
    /// parameter at fault.
    @Test(arguments: [
        ("/api/diary?q=a%00b", "q", "query parameter 'q' contains a NUL character"),
        ("/api/respondents?after=%ff", "after", "query parameter 'after' is not valid UTF-8 text"),
    ])
    func anAPIQueryThatIsNotTextNamesItsParameter(uri: String, name: String, message: String)
        async throws
    {
        try await fixture.test { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .badRequest)
                let problem =
                    try JSONSerialization.jsonObject(
                        with: Data(response.body.readableBytesView)) as? [String: Any]
                #expect(problem?["detail"] as? String == message)
                #expect(problem?["parameter"] as? String == name)
            }
        }
    }

    @Test(arguments: [
        ("caf%E9", "form field &#39;text&#39; is not valid UTF-8 text"),
        ("before%00after", "form field &#39;text&#39; contains a NUL character"),
    ])
    func aFormWhoseTextIsNotTextStoresNothing(encodedText: String, message: String) async throws {
        try await fixture.test { client in
            var pages = PageClient(client)
            let page = try await pages.postEncoded("/diary", "text=\(encodedText)")
            #expect(page.status == .badRequest)
            #expect(page.html.contains(message))
        }
        #expect(try fixture.stores.diary.count() == 0)
    }

    @Test func aFormWithTooManyFieldsIsRefused() async throws {
        try await fixture.test { client in
            var pages = PageClient(client)
            let fields = (0...64).map { "f\($0)=x" }.joined(separator: "&")
            let page = try await pages.postEncoded("/diary", "text=hello&" + fields)
            #expect(page.status == .badRequest)
            #expect(page.html.contains("more than 64 form fields"))
        }
        #expect(try fixture.stores.diary.count() == 0)
    }

    @Test(arguments: [
        ([0x7B, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D] as [UInt8]),
        Array(#"{"text": "before\u0000after"}"#.utf8),
    ])
    func aDiaryEntryThatIsNotTextIsRefusedAndNothingIsStored(body: [UInt8]) async throws {
        try await fixture.test { client in
            try await client.execute(
                uri: "/api/diary", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(bytes: body)
            ) { response in
                #expect(response.status == .badRequest)
                let message = try #require(RouteFixture.errorMessage(response.body))
                #expect(message.contains("UTF-8") || message.contains("NUL"))
            }
        }
        #expect(try fixture.stores.diary.count() == 0)
    }

    /// Ids are text like any other: one with a slash, a space, a percent sign or a letter beyond
    /// ASCII is stored and then found again under its percent-encoded path.
    @Test(arguments: ["a/b", "é", "50% off", "x?y#z"])
    func aRespondentIsFoundByAnyIdItWasStoredUnder(id: String) async throws {
        _ = try await fixture.stores.respondents.upsert([
            Respondent(id: id, fields: ["id": .string(id), "n": 1])
        ])
        let encoded = try #require(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        try await fixture.test { client in
            try await client.execute(uri: "/api/respondents/\(encoded)", method: .get) { response in
                #expect(response.status == .ok)
                let body = try JSONParser.parse(response.body.readableBytesView)
                #expect(body["id"] == .string(id))
            }
        }
    }

    @Test(arguments: ["/api/respondents/%ff", "/api/respondents/a%00", "/api/preferences/%zz"])
    func aPathSegmentThatIsNotTextIsA400(uri: String) async throws {
        try await fixture.test { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(RouteFixture.errorMessage(response.body)?.hasPrefix("the path's") == true)
            }
        }
    }

    @Test func aPreferenceIsFoundByAPercentEncodedUserId() async throws {
        try await fixture.test { client in
            try await client.execute(
                uri: "/api/preferences/ad%C3%A9%2F1", method: .put, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"choice": "never"}"#)
            ) { response in #expect(response.status == .ok) }
        }
        #expect(try await fixture.stores.preferences.choice(forUser: "adé/1")?.choice == .never)
    }
}
