import AccountsCore
import Foundation

/// What `PUT /api/preferences/{userId}` takes: `{"choice": "save", "username": "ada"}`, read
/// strictly — a password (which the server never takes) or any other unknown field is refused,
/// only "save" has a username, and it must not be blank.
public struct PreferenceChoiceRequest: Decodable, Sendable {
    public static let shape = "the body must be a JSON object with a choice"

    public let choice: PreferenceChoice

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Key.self)
        let names = fields.allKeys.map(\.stringValue)
        if names.contains("password") {
            throw WireJSON.Refusal(
                "passwords are never sent to or stored by the server", field: "password")
        }
        if let unknown = names.sorted().first(where: { $0 != "choice" && $0 != "username" }) {
            throw WireJSON.Refusal(
                "unknown field '\(unknown)' (expected choice and username)", field: unknown)
        }
        let choices = PreferenceChoice.Choice.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = try? fields.decode(String.self, forKey: Key(stringValue: "choice")),
            let choice = PreferenceChoice.Choice(rawValue: text)
        else { throw WireJSON.Refusal("choice must be one of \(choices)", field: "choice") }
        let usernameKey = Key(stringValue: "username")
        let username =
            try? fields.decodeIfPresent(String.self, forKey: usernameKey)
        let hasUsername =
            fields.contains(usernameKey) && !((try? fields.decodeNil(forKey: usernameKey)) ?? false)
        switch choice {
        case .save:
            guard let username, !username.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw WireJSON.Refusal("choice 'save' needs a username", field: "username")
            }
            self.choice = PreferenceChoice(choice: .save, username: username)
        default:
            guard !hasUsername else {
                throw WireJSON.Refusal("only choice 'save' has a username", field: "username")
            }
            self.choice = PreferenceChoice(choice: choice, username: nil)
        }
    }
}
