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
        ("/api/diary", HTTPRequest.Method.post, 1024 * 1024, "1 MiB"),
        ("/api/preferences/u1", .put, 64 * 1024, "64 KiB"),
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
        #expect(try fixture.stores.diary.count() == (uri == "/api/diary" ? 1 : 0))
    }

    @Test func aFormOverOneMiBIsA413AndAtItIsRead() async throws {
        try await fixture.test { client in
            var pages = PageClient(client)
            _ = try await pages.get("/")
            let overhead = "csrf=\(pages.token ?? "")&text=".utf8.count
            let over = try await pages.postEncoded(
                "/diary", "text=" + String(repeating: "x", count: 1024 * 1024 - overhead + 1))
            #expect(over.status == .contentTooLarge)
            let at = try await pages.postEncoded(
                "/diary", "text=" + String(repeating: "x", count: 1024 * 1024 - overhead))
            #expect(at.status == .seeOther)
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
