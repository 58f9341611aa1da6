import AccountsCore
import Foundation

/// A user as `casebook user list --json` prints it: name, role, when added, and `disabled`
/// (`true`, only for a disabled user); never a hash.
public struct UserWire: Codable, Equatable, Sendable {
    public let name: String
    public let role: String
    public let createdAt: String
    public let disabled: Bool?

    public init(_ user: User) {
        name = user.name
        role = user.role.rawValue
        createdAt = WireDateText.text(of: user.createdAt)
        disabled = user.disabled ? true : nil
    }
}
