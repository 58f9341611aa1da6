/// The preference as it leaves the device: the choice and, for "save", the username. Never the
/// password.
public struct PreferenceChoice: Codable, Equatable, Sendable {
    public enum Choice: String, Codable, Sendable, CaseIterable {
        case notNow = "not-now"
        case never
        case save
    }

    public let choice: Choice
    public let username: String?

    public init(choice: Choice, username: String?) {
        self.choice = choice
        self.username = username
    }

    public init(_ preference: Preference) {
        switch preference {
        case .notNow: self.init(choice: .notNow, username: nil)
        case .never: self.init(choice: .never, username: nil)
        case .save(let credential): self.init(choice: .save, username: credential.username)
        }
    }
}
