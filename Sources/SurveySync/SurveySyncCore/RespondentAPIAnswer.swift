/// What a server answered a `RespondentAPIRequest`: its status, headers and body.
public struct RespondentAPIAnswer: Sendable {
    public let status: Int
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name` (in any case).
    public func value(of name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
