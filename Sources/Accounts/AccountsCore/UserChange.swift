/// A change to a user that can take away an admin: another role, disabling or enabling them,
/// removing them.
public enum UserChange: Sendable, Equatable {
    case role(UserRole)
    case disabled(Bool)
    case removal
}
