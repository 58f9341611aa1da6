import AccountsCore
import Foundation

/// A user as `casebook user list --json` prints it: name, role, when added (never a hash).
public struct UserWire: Codable, Equatable, Sendable {
    public let name: String
    public let role: String
    public let createdAt: String

    public init(_ user: User) {
        name = user.name
        role = user.role.rawValue
        createdAt = WireDateText.text(of: user.createdAt)
    }
}
