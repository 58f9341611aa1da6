import Foundation

/// One request of a Casebook server's respondent API, as a transport sends it.
public struct RespondentAPIRequest: Sendable {
    /// `GET` or `POST`.
    public let method: String
    public let url: URL
    /// Name and value, in the order they are sent.
    public let headers: [(name: String, value: String)]
    /// The JSON body of a `POST`.
    public let body: [UInt8]?

    public init(
        method: String, url: URL, headers: [(name: String, value: String)], body: [UInt8]?
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name` (in any case).
    public func value(of name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
