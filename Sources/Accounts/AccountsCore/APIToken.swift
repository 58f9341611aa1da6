import Foundation

/// A token a program sends as `Authorization: Bearer …` to act as a user. The secret is shown
/// once, when the token is made; the store keeps only its SHA-256 and this record.
public struct APIToken: Equatable, Sendable {
    /// The token's public handle, for `token list` and `token revoke`: 8 hex digits.
    public var id: String
    public var user: String
    public var label: String?
    public var createdAt: Date
    public var expiresAt: Date?
    public var revoked: Bool
    /// When it was last used, to the minute (`APITokens.lastUseStep`); nil if never.
    public var lastUsedAt: Date?

    public init(
        id: String, user: String, label: String?, createdAt: Date, expiresAt: Date?,
        revoked: Bool = false
    ) {
        self.init(
            id: id, user: user, label: label, createdAt: createdAt, expiresAt: expiresAt,
            revoked: revoked, lastUsedAt: nil)
    }

    public init(
        id: String, user: String, label: String?, createdAt: Date, expiresAt: Date?,
        revoked: Bool, lastUsedAt: Date?
    ) {
        self.id = id
        self.user = user
        self.label = label
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revoked = revoked
        self.lastUsedAt = lastUsedAt
    }

    /// Whether the token can be used at `now`.
    public func isUsable(at now: Date) -> Bool {
        !revoked && (expiresAt.map { now < $0 } ?? true)
    }
}
