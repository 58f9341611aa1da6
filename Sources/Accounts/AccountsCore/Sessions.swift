import Foundation

/// Signed-in sessions: one starts with a new random secret (for the cookie) after a correct
/// password, lasts `lifetime`, and ends at sign-out or when its user is removed.
public struct Sessions: Sendable {
    public static let standardLifetime: Duration = .seconds(12 * 3600)

    private let store: any SessionStore
    private let users: any UserStore
    private let lifetime: Duration
    private let clock: @Sendable () -> Date

    public init(
        store: any SessionStore, users: any UserStore, lifetime: Duration = standardLifetime,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.users = users
        self.lifetime = lifetime
        self.clock = clock
    }

    /// A new session for `user`; the secret goes in the cookie and nowhere else.
    public func start(for user: String) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let secret = APITokens.base64url(bytes)
        let now = clock()
        let seconds = Double(lifetime.components.seconds)
        try await store.add(
            SignInSession(user: user, createdAt: now, expiresAt: now.addingTimeInterval(seconds)),
            secretHash: APITokens.hash(secret))
        return secret
    }

    /// The user a cookie's secret is signed in as; nil when it is no session, expired, or its
    /// user is gone.
    public func user(forSecret secret: String) async throws -> User? {
        guard (40...64).contains(secret.utf8.count),
            let session = try await store.session(secretHash: APITokens.hash(secret)),
            clock() < session.expiresAt
        else { return nil }
        return try await users.user(named: session.user)
    }

    /// Why a cookie's secret signs nobody in; nil when it does. A session that ended (at sign
    /// out, or as its user's password changed) is unknown: nothing of it is kept.
    public func refusal(ofSecret secret: String) async throws -> CredentialRefusal? {
        guard (40...64).contains(secret.utf8.count),
            let session = try await store.session(secretHash: APITokens.hash(secret)),
            try await users.user(named: session.user) != nil
        else { return .unknown }
        return clock() < session.expiresAt ? nil : .expired
    }

    /// A new session for `user`, whose password was just checked against `user.passwordHash`;
    /// nil when that password changed meanwhile. The session is added, then the hash read
    /// again: a new password set before that read is seen and the session ended, and one set
    /// after it ends every session of the user, this one included (`UserStore.setPasswordHash`).
    public func start(for user: User) async throws -> String? {
        let secret = try await start(for: user.name)
        guard let current = try await users.user(named: user.name),
            current.passwordHash == user.passwordHash
        else {
            try await end(secret)
            return nil
        }
        return secret
    }

    public func end(_ secret: String) async throws {
        try await store.removeSession(secretHash: APITokens.hash(secret))
    }
}
