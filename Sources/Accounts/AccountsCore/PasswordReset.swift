import Foundation

/// A one-time link an admin gives a user to set a new password: the link holds a random
/// secret, the store only its SHA-256, the user and until when it works.
public struct PasswordReset: Equatable, Sendable {
    public var user: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(user: String, createdAt: Date, expiresAt: Date) {
        self.user = user
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
