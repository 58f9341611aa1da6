import Foundation

/// A signed-in browser: the cookie holds a random secret, the store only its SHA-256.
public struct SignInSession: Equatable, Sendable {
    public var user: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(user: String, createdAt: Date, expiresAt: Date) {
        self.user = user
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
