import AccountsCore
import Foundation

/// An API token as `casebook token list --json` prints it: its id, user and label, when made
/// and when it expires (null: never), and its state at `now` (active, expired or revoked).
/// Never its secret, which nobody keeps.
public struct APITokenWire: Encodable, Equatable, Sendable {
    public let id: String
    public let user: String
    public let label: String?
    public let createdAt: String
    public let expiresAt: String?
    public let state: String

    public init(_ token: APIToken, at now: Date) {
        id = token.id
        user = token.user
        label = token.label
        createdAt = WireDateText.text(of: token.createdAt)
        expiresAt = token.expiresAt.map(WireDateText.text(of:))
        state = token.revoked ? "revoked" : token.isUsable(at: now) ? "active" : "expired"
    }

    private enum Key: String, CodingKey {
        case id, user, label, createdAt, expiresAt, state
    }

    /// Every member, a missing label or expiry as null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(user, forKey: .user)
        try container.encode(label, forKey: .label)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(state, forKey: .state)
    }
}
