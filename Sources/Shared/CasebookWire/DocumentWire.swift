/// A document as `casebook document show --json` prints it: its title and its body.
public struct DocumentWire: Encodable, Equatable, Sendable {
    public let title: String
    public let body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}
