/// A change refused because it would leave no enabled admin: nobody could then manage the
/// users.
public struct LastAdminError: Error, Equatable, CustomStringConvertible {
    public let name: String

    public init(name: String) {
        self.name = name
    }

    public var description: String {
        "\(name) is the last admin: make another user admin first"
    }
}
