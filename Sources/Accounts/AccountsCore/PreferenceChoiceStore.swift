/// Where the backend keeps each user's preference choice.
public protocol PreferenceChoiceStore: Sendable {
    func save(_ choice: PreferenceChoice, forUser userId: String) async throws
    func choice(forUser userId: String) async throws -> PreferenceChoice?
}
