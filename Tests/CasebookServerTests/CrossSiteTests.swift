import CasebookServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A page on another site can make a browser send requests to `casebook serve`; none of them may
/// change anything. State-changing API requests must be JSON (which a cross-site form or a
/// simple fetch cannot send) and not come from another origin; forms must come from this one.
@Suite("Requests from other sites", .serialized)
struct CrossSiteTests {
    let fixture: RouteFixture

    init() throws { fixture = try RouteFixture() }

    static let entry = ByteBuffer(string: #"{"text": "written from elsewhere"}"#)

    @Test(arguments: [
        nil, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
    ])
    func aStateChangingAPIRequestThatIsNotJSONIsA415(contentType: String?) async throws {
        try await fixture.test { client in
            let headers: HTTPFields = contentType.map { [.contentType: $0] } ?? [:]
            try await client.execute(
                uri: "/api/diary", method: .post, headers: headers, body: Self.entry
            ) { response in
                #expect(response.status == .unsupportedMediaType)
                #expect(
                    RouteFixture.errorMessage(response.body)
                        == "a request that changes data must send Content-Type: application/json")
            }
        }
        #expect(try fixture.stores.diary.count() == 0)
    }

    @Test(arguments: [
        [HTTPField.Name("Origin")!: "http://evil.example"],
        [HTTPField.Name("Origin")!: "null"],
        [HTTPField.Name("Origin")!: "http://localhost.evil.example"],
        [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"],
        [HTTPField.Name("Sec-Fetch-Site")!: "same-site"],
    ])
    func aJSONRequestFromAnotherOriginIsA403(extra: [HTTPField.Name: String]) async throws {
        var fields = RouteFixture.json
        for (name, value) in extra { fields[name] = value }
        let headers = fields
        try await fixture.test { client in
            for (method, uri) in [
                (HTTPRequest.Method.post, "/api/diary"), (.post, "/api/respondents"),
                (.put, "/api/preferences/u1"),
            ] {
                try await client.execute(
                    uri: uri, method: method, headers: headers,
                    body: ByteBuffer(string: #"{"text": "x", "id": 1, "choice": "never"}"#)
                ) { response in
                    #expect(response.status == .forbidden)
                    #expect(
                        RouteFixture.errorMessage(response.body)?.hasPrefix(
                            "requests from another site are refused") == true)
                }
            }
        }
        #expect(try fixture.stores.diary.count() == 0)
        #expect(try await fixture.stores.respondents.count() == 0)
    }

    @Test func aJSONRequestFromThisOriginIsServed() async throws {
        let headers: HTTPFields = [
            .contentType: "Application/JSON; charset=utf-8", .origin: "http://localhost",
            HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
        ]
        try await fixture.test { client in
            try await client.execute(
                uri: "/api/diary", method: .post, headers: headers, body: Self.entry
            ) { response in #expect(response.status == .created) }
        }
        #expect(try fixture.stores.diary.count() == 1)
    }

    @Test func aFormFromAnotherOriginIsRefusedEvenWithTheToken() async throws {
        try await fixture.test { client in
            var pages = PageClient(client)
            let page = try await pages.postEncoded(
                "/diary", "text=hello", extraHeaders: [.init("Origin")!: "http://evil.example"])
            #expect(page.status == .forbidden)
            #expect(page.html.contains("requests from another site are refused"))
            let same = try await pages.postEncoded(
                "/diary", "text=hello", extraHeaders: [.init("Origin")!: "http://localhost"])
            #expect(same.status == .seeOther)
        }
        #expect(try fixture.stores.diary.count() == 1)
    }

    /// Over HTTPS (the server's own TLS, or a proxy's in front of it: Secure cookies), the
    /// pages' own origin is `https://` and its authority; the same authority over plain HTTP
    /// is another origin.
    @Test func overHTTPSAFormFromThisOriginIsServed() async throws {
        var configuration = CasebookServer.Configuration(
            dataDirectory: fixture.stores.dataDirectory)
        configuration.secureCookies = true
        let router = try CasebookServer.router(stores: fixture.stores, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            let own = try await pages.postEncoded(
                "/diary", "text=hello", extraHeaders: [.init("Origin")!: "https://localhost"])
            #expect(own.status == .seeOther)
            let plain = try await pages.postEncoded(
                "/diary", "text=hello", extraHeaders: [.init("Origin")!: "http://localhost"])
            #expect(plain.status == .forbidden)
        }
        #expect(try fixture.stores.diary.count() == 1)
    }
}
