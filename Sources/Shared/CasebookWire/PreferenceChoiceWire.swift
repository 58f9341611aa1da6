import AccountsCore

/// A user's "save password?" choice as the API answers it: `{"choice": "save", "username":
/// "ada"}`, with `"username": null` for the other choices. Never a password: there is none.
public struct PreferenceChoiceWire: Encodable, Equatable, Sendable {
    public let choice: PreferenceChoice

    public init(_ choice: PreferenceChoice) {
        self.choice = choice
    }

    private enum CodingKeys: String, CodingKey { case choice, username }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(choice.choice.rawValue, forKey: .choice)
        try container.encode(choice.username, forKey: .username)
    }
}
