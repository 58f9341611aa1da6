import Foundation

/// The URL of a request to a server: its base URL's scheme, host, port and path, then `path`
/// and the `parameters` in their order, each percent-encoded but for the unreserved characters
/// of RFC 3986 (so that a `+` in a search stays a `+`, and no value reads as two).
enum ServerURL {
    static func make(_ server: URL, path: String, parameters: [(String, String)]) -> URL {
        var components =
            URLComponents(url: server, resolvingAgainstBaseURL: false) ?? URLComponents()
        var base = components.percentEncodedPath
        while base.hasSuffix("/") { base.removeLast() }
        components.percentEncodedPath = base + path
        components.percentEncodedQuery =
            parameters.isEmpty
            ? nil
            : parameters.map { encoded($0.0) + "=" + encoded($0.1) }.joined(separator: "&")
        components.fragment = nil
        return components.url ?? server
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
