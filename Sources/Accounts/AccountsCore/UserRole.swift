/// What a user may do: an admin everything; a surveyor sends respondents; a diarist keeps a
/// diary; a manager changes the restaurant's menu.
public enum UserRole: String, CaseIterable, Codable, Sendable {
    case admin, surveyor, diarist, manager
}
