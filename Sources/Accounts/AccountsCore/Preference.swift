/// The answer to "Save password?".
public enum Preference: Codable, Equatable, Sendable {
    case notNow
    case never
    case save(Credential)
}
