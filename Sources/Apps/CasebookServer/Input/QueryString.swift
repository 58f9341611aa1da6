import Foundation

/// A URL's query built from names and values, each value percent-encoded but for RFC 3986's
/// unreserved characters: the links to a next page, which carry what the client asked.
struct QueryString {
    /// RFC 3986's unreserved characters: what a query's value keeps unescaped.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private var pairs: [String] = []

    init() {}

    /// Adds `name=value`, when there is a value.
    mutating func append(_ name: String, _ value: String?) {
        guard let value else { return }
        pairs.append(name + "=" + Self.encoded(value))
    }

    /// `value` with everything but the unreserved characters percent-encoded.
    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// `a=1&b=2`.
    var text: String { pairs.joined(separator: "&") }
}
