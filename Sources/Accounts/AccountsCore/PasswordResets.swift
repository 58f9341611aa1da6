import Foundation

/// Password resets' use cases: an admin makes a one-time link for a user (the secret returned
/// once, in the link), and whoever holds it sets the user's password with it, once, before it
/// expires — which ends every session of the user, as any new password does.
public struct PasswordResets: Sendable {
    public static let standardLifetime: Duration = .seconds(24 * 3600)

    private let store: any PasswordResetStore
    private let users: Users
    private let lifetime: Duration
    private let clock: @Sendable () -> Date

    public init(
        store: any PasswordResetStore, users: Users, lifetime: Duration = standardLifetime,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.users = users
        self.lifetime = lifetime
        self.clock = clock
    }

    /// A new reset for `user`, replacing any earlier one; the secret is in the returned text
    /// only.
    /// - Throws: `UserError.unknown` when there is no such user.
    public func create(for user: String) async throws -> (reset: PasswordReset, secret: String) {
        let secret = APITokens.randomSecret()
        let now = clock()
        let reset = PasswordReset(
            user: user, createdAt: now,
            expiresAt: now.addingTimeInterval(Double(lifetime.components.seconds)))
        try await store.addReset(reset, secretHash: APITokens.hash(secret))
        return (reset, secret)
    }

    /// The reset a link's secret stands for, while it works; nil for none, a used one, or
    /// an expired one.
    public func pending(_ secret: String) async throws -> PasswordReset? {
        guard Self.isWellFormed(secret),
            let reset = try await store.reset(secretHash: APITokens.hash(secret)),
            clock() < reset.expiresAt
        else { return nil }
        return reset
    }

    /// Sets the password of the link's user to `password` and uses the link up; nil (and
    /// nothing changed) when the link does not work. A password the rules refuse is refused
    /// before the link is used, so that it can be tried again.
    /// - Throws: `UserError.weakPassword`; the stores' errors.
    public func redeem(_ secret: String, password: String) async throws -> PasswordReset? {
        guard try await pending(secret) != nil else { return nil }
        try Users.checkPassword(password)
        guard let reset = try await store.takeReset(secretHash: APITokens.hash(secret)),
            clock() < reset.expiresAt
        else { return nil }
        try await users.changePassword(of: reset.user, to: password)
        return reset
    }

    /// Whether `secret` could be one this makes: 43 characters of base64url.
    static func isWellFormed(_ secret: String) -> Bool {
        secret.utf8.count == 43
            && secret.utf8.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
            }
    }
}
