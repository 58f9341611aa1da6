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
        try await start(for: user, userAgent: nil)
    }

    /// A new session for `user`, started from the browser `userAgent` names.
    public func start(for user: String, userAgent: String?) async throws -> String {
        let secret = APITokens.randomSecret()
        let now = clock()
        let seconds = Double(lifetime.components.seconds)
        try await store.add(
            SignInSession(
                user: user, createdAt: now, expiresAt: now.addingTimeInterval(seconds),
                userAgent: SignInSession.userAgent(from: userAgent)),
            secretHash: APITokens.hash(secret))
        return secret
    }

    /// The user a cookie's secret is signed in as; nil when it is no session, expired, or its
    /// user is gone.
    public func user(forSecret secret: String) async throws -> User? {
        guard (40...64).contains(secret.utf8.count),
            let session = try await store.session(secretHash: APITokens.hash(secret)),
            clock() < session.expiresAt,
            let user = try await users.user(named: session.user), !user.disabled
        else { return nil }
        return user
    }

    /// Why a cookie's secret signs nobody in; nil when it does. A session that ended (at sign
    /// out, or as its user's password changed) is unknown: nothing of it is kept.
    public func refusal(ofSecret secret: String) async throws -> CredentialRefusal? {
        guard (40...64).contains(secret.utf8.count),
            let session = try await store.session(secretHash: APITokens.hash(secret)),
            let user = try await users.user(named: session.user)
        else { return .unknown }
        if user.disabled { return .revoked }
        return clock() < session.expiresAt ? nil : .expired
    }

    /// A new session for `user`, whose password was just checked against `user.passwordHash`;
    /// nil when that password changed meanwhile. The session is added, then the hash read
    /// again: a new password set before that read is seen and the session ended, and one set
    /// after it ends every session of the user, this one included (`UserStore.setPasswordHash`).
    public func start(for user: User) async throws -> String? {
        try await start(for: user, userAgent: nil)
    }

    /// As `start(for:)`, started from the browser `userAgent` names.
    public func start(for user: User, userAgent: String?) async throws -> String? {
        let secret = try await start(for: user.name, userAgent: userAgent)
        guard let current = try await users.user(named: user.name),
            current.passwordHash == user.passwordHash, !current.disabled
        else {
            try await end(secret)
            return nil
        }
        return secret
    }

    public func end(_ secret: String) async throws {
        try await store.removeSession(secretHash: APITokens.hash(secret))
    }

    /// The sessions of `user` that have not expired, newest first.
    public func list(user: String) async throws -> [StoredSession] {
        let now = clock()
        return try await store.sessions(user: user).filter { now < $0.session.expiresAt }
    }

    /// Ends the session of `user` named by `handle` (`StoredSession.handle`); false when
    /// `user` has none of that name.
    public func end(user: String, handle: String) async throws -> Bool {
        guard let session = try await list(user: user).first(where: { $0.handle == handle })
        else { return false }
        try await store.removeSession(secretHash: session.secretHash)
        return true
    }

    /// Ends every session of `user` but the one whose secret is `kept`; how many of
    /// them had not expired.
    public func endAll(user: String, except kept: String?) async throws -> Int {
        let keptHash = kept.map(APITokens.hash)
        let now = clock()
        var ended = 0
        for session in try await store.sessions(user: user) where session.secretHash != keptHash {
            try await store.removeSession(secretHash: session.secretHash)
            if now < session.session.expiresAt { ended += 1 }
        }
        return ended
    }

    /// The hash a session's secret is kept by, for telling the current session among a list.
    public static func secretHash(of secret: String) -> String { APITokens.hash(secret) }
}
