import CasebookTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signs in on the sign-in page as a browser does (the CSRF token from the form, the session
/// in a cookie) and sends that cookie, which every server on the same host receives.
struct SignedInBrowser {
    let session: URLSession

    init(url: URL, name: String, password: String) async throws {
        session = URLSession(configuration: .ephemeral)
        let (form, _) = try await session.data(from: url.appendingPathComponent("login"))
        let html = String(decoding: form, as: UTF8.self)
        guard
            let range = html.range(
                of: #"name="csrf" value="[0-9a-f]+""#, options: .regularExpression)
        else { throw URLError(.badServerResponse) }
        let token = html[range].split(separator: "\"")[3]
        var request = URLRequest(url: url.appendingPathComponent("login"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        request.httpBody = Data("csrf=\(token)&username=\(name)&password=\(encoded)".utf8)
        _ = try await session.data(for: request)
    }

    /// The status of `GET path` with the session's cookie.
    func status(of path: String, on url: URL) async throws -> Int {
        let (_, response) = try await session.data(from: url.appendingPathComponent(path))
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// The status of `GET path` with a bearer token and no cookie.
    static func status(of path: String, on url: URL, token: String) async throws -> Int {
        var request = URLRequest(url: url.appendingPathComponent(path))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await ServerProcess.session.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}
