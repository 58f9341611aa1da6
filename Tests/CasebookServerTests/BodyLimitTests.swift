import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Every route that reads a body reads at most its own limit: a byte over it is a 413 and
/// nothing is stored; at the limit, the body is read.
@Suite("Request body limits", .serialized)
struct BodyLimitTests {
    let fixture: RouteFixture

    init() throws { fixture = try RouteFixture() }

    /// A JSON object `{"text": "xxx…"}` of exactly `size` bytes.
    static func textBody(size: Int) -> ByteBuffer {
        let frame = #"{"text": ""}"#.utf8.count
        return ByteBuffer(
            string: #"{"text": ""# + String(repeating: "x", count: size - frame) + #""}"#)
    }

    /// A body sent compressed (`Content-Encoding: gzip`) is a 415 that says so, not a body
    /// read as if it were plain and refused as "not valid JSON"; `identity` is plain.
    @Test func aCompressedBodyIsA415SayingSo() async throws {
        try await fixture.test { client in
            var gzip = RouteFixture.json
            gzip[.contentEncoding] = "gzip"
            try await client.execute(
                uri: "/api/diary", method: .post, headers: gzip,
                body: ByteBuffer(bytes: [0x1F, 0x8B, 0x08, 0x00])
            ) { response in
                #expect(response.status == .unsupportedMediaType)
                #expect(
                    RouteFixture.errorMessage(response.body)
                        == "the request body is sent with Content-Encoding: gzip, which is not "
                        + "read; send it as it is")
            }
            var identity = RouteFixture.json
            identity[.contentEncoding] = "identity"
            try await client.execute(
                uri: "/api/diary", method: .post, headers: identity,
                body: ByteBuffer(string: #"{"text": "plain"}"#)
            ) { response in
                #expect(response.status == .created)
            }
        }
        #expect(try fixture.stores.diary.count() == 1)
    }

    @Test(arguments: [
        ("/api/preferences/u1", HTTPRequest.Method.put, 64 * 1024, "64 KiB")
    ])
    func aBodyOneByteOverItsRoutesLimitIsA413(
        uri: String, method: HTTPRequest.Method, limit: Int, shown: String
    )
        async throws
    {
        try await fixture.test { client in
            try await client.execute(
                uri: uri, method: method, headers: RouteFixture.json,
                body: Self.textBody(size: limit + 1)
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(
                    RouteFixture.errorMessage(response.body)
                        == "the request body is larger than \(shown)")
            }
            try await client.execute(
                uri: uri, method: method, headers: RouteFixture.json,
                body: Self.textBody(size: limit)
            ) { response in
                #expect(response.status != .contentTooLarge)
            }
        }
        #expect(try fixture.stores.diary.count() == 0)
    }

    /// An entry holds at most 1 MiB of text, whichever way it comes (an import too), and its
    /// body is sized so that any such text is read, its JSON escapes and all: the text past
    /// that is a 413 naming `text`, the body past 7 MiB a 413 too.
    @Test func anEntryHoldsOneMiBOfTextHoweverItsJSONEscapesIt() async throws {
        let longest = 1024 * 1024
        try await fixture.test { client in
            for (text, status) in [
                (String(repeating: "\u{1}", count: longest), HTTPResponse.Status.created),
                (String(repeating: "é", count: longest / 2), .created),
                (String(repeating: "x", count: longest + 1), .contentTooLarge),
            ] {
                let body = try JSONEncoder().encode(["text": text])
                try await client.execute(
                    uri: "/api/diary", method: .post, headers: RouteFixture.json,
                    body: ByteBuffer(bytes: body)
                ) { response in
                    #expect(response.status == status)
                    if status == .contentTooLarge {
                        #expect(
                            RouteFixture.errorMessage(response.body)
                                == "text is longer than 1048576 bytes, the most an entry holds")
                    }
                }
            }
            try await client.execute(
                uri: "/api/diary", method: .post, headers: RouteFixture.json,
                body: Self.textBody(size: 7 * longest + 1)
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(
                    RouteFixture.errorMessage(response.body)
                        == "the request body is larger than 7 MiB")
            }
        }
        #expect(try fixture.stores.diary.count() == 2)
    }

    /// The same for the page's form: a text of 1 MiB is read however the browser encodes it
    /// (`%XX` for every byte of `é`), a longer one is a 413, and so is a body past 4 MiB.
    @Test func aFormTakesOneMiBOfTextHoweverItIsEncoded() async throws {
        let longest = 1024 * 1024
        try await fixture.test { client in
            var pages = PageClient(client)
            _ = try await pages.get("/")
            let at = try await pages.postEncoded(
                "/diary", "text=" + String(repeating: "%C3%A9", count: longest / 2))
            #expect(at.status == .seeOther)
            let over = try await pages.postEncoded(
                "/diary", "text=" + String(repeating: "x", count: longest + 1))
            #expect(over.status == .contentTooLarge)
            let overBody = try await pages.postEncoded(
                "/diary", "text=" + String(repeating: "x", count: 4 * longest))
            #expect(overBody.status == .contentTooLarge)
        }
        #expect(try fixture.stores.diary.count() == 1)
    }

    @Test func sixtyFourFormFieldsAreRead() async throws {
        try await fixture.test { client in
            var pages = PageClient(client)
            let fields = (0..<62).map { "f\($0)=x" }.joined(separator: "&")
            let page = try await pages.postEncoded("/diary", "text=hello&" + fields)
            #expect(page.status == .seeOther)
        }
    }
}
