import CasebookServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// Talks to the pages as a browser would: keeps the CSRF cookie from the first page and sends it,
/// with the form's token, on every POST.
struct PageClient {
    let client: any TestClientProtocol
    private(set) var token: String?

    init(_ client: any TestClientProtocol) {
        self.client = client
    }

    struct Page {
        let status: HTTPResponse.Status
        let html: String
        let location: String?
    }

    mutating func get(_ uri: String) async throws -> Page {
        let cookieHeader = token.map { "casebook_csrf=\($0)" }
        let (page, cookie) = try await client.execute(
            uri: uri, method: .get, headers: cookieHeader.map { [.cookie: $0] } ?? [:]
        ) { response in
            (
                Page(
                    status: response.status, html: String(buffer: response.body),
                    location: response.headers[.location]),
                response.headers[.setCookie]
            )
        }
        if let cookie,
            let range = cookie.range(
                of: #"casebook_csrf=[0-9a-f]{64}"#, options: .regularExpression)
        {
            token = String(cookie[range].dropFirst("casebook_csrf=".count))
        }
        return page
    }

    /// Posts `fields` (url-encoded) with the CSRF token, unless `withToken` is false.
    mutating func post(_ uri: String, _ fields: [String: String], withToken: Bool = true)
        async throws -> Page
    {
        if token == nil { _ = try await get("/") }
        var all = fields
        if withToken { all["csrf"] = token }
        let body = all.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(
            separator: "&")
        return try await client.execute(
            uri: uri, method: .post,
            headers: [
                .contentType: "application/x-www-form-urlencoded",
                .cookie: "casebook_csrf=\(token ?? "")",
            ],
            body: ByteBuffer(string: body)
        ) { response in
            Page(
                status: response.status, html: String(buffer: response.body),
                location: response.headers[.location])
        }
    }

    /// Posts a body already url-encoded (`encoded`), with the CSRF token first.
    mutating func postEncoded(
        _ uri: String, _ encoded: String, extraHeaders: HTTPFields = [:]
    ) async throws -> Page {
        if token == nil { _ = try await get("/") }
        var headers: HTTPFields = [
            .contentType: "application/x-www-form-urlencoded",
            .cookie: "casebook_csrf=\(token ?? "")",
        ]
        headers.append(contentsOf: extraHeaders)
        return try await client.execute(
            uri: uri, method: .post, headers: headers,
            body: ByteBuffer(string: "csrf=\(token ?? "")&" + encoded)
        ) { response in
            Page(
                status: response.status, html: String(buffer: response.body),
                location: response.headers[.location])
        }
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
