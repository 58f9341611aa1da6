import CasebookServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// Talks to the pages as a browser would: keeps every cookie the server sets (the CSRF token,
/// a session) and sends them back, with the form's token on every POST.
struct PageClient {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]

    init(_ client: any TestClientProtocol) {
        self.client = client
    }

    /// Sets a cookie as if the server had (for a test that plants one).
    mutating func setCookie(_ name: String, _ value: String) {
        cookies[name] = value
    }

    /// The CSRF token the server gave, if any.
    var token: String? { cookies["casebook_csrf"] }

    struct Page {
        let status: HTTPResponse.Status
        let html: String
        let location: String?
        /// The cookies the answer set, whole (`name=value; attributes`).
        let setCookies: [String]
        /// The answer's headers.
        var headers: HTTPFields = [:]
    }

    mutating func get(_ uri: String) async throws -> Page {
        try await send(uri, method: .get, headers: [:], body: nil)
    }

    /// A GET with headers of its own.
    mutating func get(_ uri: String, headers: HTTPFields) async throws -> Page {
        try await send(uri, method: .get, headers: headers, body: nil)
    }

    /// Posts `fields` (url-encoded) with the CSRF token, unless `withToken` is false.
    mutating func post(_ uri: String, _ fields: [String: String], withToken: Bool = true)
        async throws -> Page
    {
        try await fetchToken()
        var all = fields
        if withToken { all["csrf"] = token }
        let body = all.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(
            separator: "&")
        return try await send(
            uri, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
            body: body)
    }

    /// Posts a body already url-encoded (`encoded`), with the CSRF token first.
    mutating func postEncoded(
        _ uri: String, _ encoded: String, extraHeaders: HTTPFields = [:]
    ) async throws -> Page {
        try await fetchToken()
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        headers.append(contentsOf: extraHeaders)
        return try await send(
            uri, method: .post, headers: headers, body: "csrf=\(token ?? "")&" + encoded)
    }

    /// Posts a file as a browser sends a form with one (`multipart/form-data`): `fields`, then
    /// the file as the part `file` named `filename`, with the CSRF token unless `withToken` is
    /// false.
    mutating func postFile(
        _ uri: String, _ fields: [String: String], file: String, filename: String,
        withToken: Bool = true
    ) async throws -> Page {
        try await postFiles(
            uri, fields, files: [(field: "file", filename: filename, contents: file)],
            withToken: withToken)
    }

    /// Posts files as a browser sends a form of them (`multipart/form-data`): `fields`, then
    /// each file as a part of its field, with the CSRF token unless `withToken` is false.
    mutating func postFiles(
        _ uri: String, _ fields: [String: String],
        files: [(field: String, filename: String, contents: String)], withToken: Bool = true
    ) async throws -> Page {
        try await postFiles(
            uri, fields,
            binaryFiles: files.map { ($0.field, $0.filename, Array($0.contents.utf8)) },
            withToken: withToken)
    }

    /// The same, with files of any bytes.
    mutating func postFiles(
        _ uri: String, _ fields: [String: String],
        binaryFiles files: [(field: String, filename: String, contents: [UInt8])],
        withToken: Bool = true
    ) async throws -> Page {
        try await fetchToken()
        var all = fields
        if withToken { all["csrf"] = token }
        let boundary = "----CasebookTestBoundary7MA4YWxk"
        var body: [UInt8] = []
        for (name, value) in all.sorted(by: { $0.key < $1.key }) {
            body += Array(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8)
            body += Array((value + "\r\n").utf8)
        }
        for file in files {
            body += Array(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; ".utf8)
            body += Array(
                "filename=\"\(file.filename)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                    .utf8)
            body += file.contents + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return try await send(
            uri, method: .post,
            headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], bytes: body)
    }

    /// A first page for the CSRF cookie: the home page, or the sign-in page on a server with
    /// users (where the home page needs sign-in).
    private mutating func fetchToken() async throws {
        if token == nil { _ = try await get("/") }
        if token == nil { _ = try await get("/login") }
    }

    private mutating func send(
        _ uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: String?
    ) async throws -> Page {
        try await send(uri, method: method, headers: headers, bytes: body.map { Array($0.utf8) })
    }

    private mutating func send(
        _ uri: String, method: HTTPRequest.Method, headers: HTTPFields, bytes body: [UInt8]?
    ) async throws -> Page {
        var headers = headers
        if !cookies.isEmpty {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: "; ")
        }
        let page = try await client.execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }
        ) { response in
            Page(
                status: response.status, html: String(buffer: response.body),
                location: response.headers[.location],
                setCookies: response.headers[values: .setCookie], headers: response.headers)
        }
        for header in page.setCookies {
            let pair = header.split(separator: ";", maxSplits: 1)[0]
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
            let value = String(pair[pair.index(after: equals)...])
            if value.isEmpty || header.contains("Max-Age=0") {
                cookies[name] = nil
            } else {
                cookies[name] = value
            }
        }
        return page
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
