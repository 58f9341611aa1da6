import Crypto
import Foundation

/// The API tokens' use cases: make one for a user (its secret returned once), list, revoke,
/// and find who a presented secret belongs to.
public struct APITokens: Sendable {
    /// A token as presented: `cbt_` + its 8-hex-digit id + `_` + 43 characters of secret
    /// (32 random bytes, base64url).
    public static let prefix = "cbt_"

    private let tokens: any TokenStore
    private let users: any UserStore
    private let clock: @Sendable () -> Date

    public init(
        tokens: any TokenStore, users: any UserStore,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.tokens = tokens
        self.users = users
        self.clock = clock
    }

    /// A new token for `user`; the secret is in the returned text only.
    public func create(user: String, label: String?, expiresInDays days: Int?) async throws
        -> (token: APIToken, secret: String)
    {
        guard try await users.user(named: user) != nil else { throw UserError.unknown(user) }
        var generator = SystemRandomNumberGenerator()
        let id = String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator))
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let secret = Self.prefix + id + "_" + Self.base64url(bytes)
        let now = clock()
        let token = APIToken(
            id: id, user: user, label: label, createdAt: now,
            expiresAt: days.map { now.addingTimeInterval(Double($0) * 86_400) })
        try await tokens.add(token, secretHash: Self.hash(secret))
        return (token, secret)
    }

    /// The user a presented secret acts as, with the token; nil when it is no token, revoked,
    /// expired or its user is gone.
    public func authenticate(_ secret: String) async throws -> (user: User, token: APIToken)? {
        guard secret.hasPrefix(Self.prefix), secret.utf8.count <= 128,
            let token = try await tokens.token(secretHash: Self.hash(secret)),
            token.isUsable(at: clock()),
            let user = try await users.user(named: token.user), !user.disabled
        else { return nil }
        var used = token
        let now = clock()
        if token.lastUsedAt.map({ now.timeIntervalSince($0) >= Self.lastUseStep }) ?? true {
            // Written at best: a store that keeps no last use, or cannot write it now (busy,
            // read-only, the token revoked meanwhile), still answers who the token is.
            do {
                try await tokens.markUsed(id: token.id, at: now)
                used.lastUsedAt = now
            } catch {}
        }
        return (user, used)
    }

    /// A token's last use is written at most this often (seconds): a program's burst of
    /// requests costs one write a minute, not one a request.
    public static let lastUseStep: TimeInterval = 60

    /// Why a presented secret signs nobody in; nil when it does. A token whose user is gone
    /// is unknown, as a name nobody has would be.
    public func refusal(of secret: String) async throws -> CredentialRefusal? {
        guard secret.hasPrefix(Self.prefix), secret.utf8.count <= 128,
            let token = try await tokens.token(secretHash: Self.hash(secret)),
            let user = try await users.user(named: token.user)
        else { return .unknown }
        if token.revoked { return .revoked }
        if user.disabled { return .revoked }
        if !token.isUsable(at: clock()) { return .expired }
        return nil
    }

    public func list(user: String? = nil) async throws -> [APIToken] {
        try await tokens.tokens(user: user)
    }

    public func revoke(id: String) async throws {
        try await tokens.revoke(id: id)
    }

    /// The SHA-256 of a secret, in hex: what the store keeps and looks up.
    public static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A new secret: 32 random bytes in base64url (43 characters), as a session's cookie and a
    /// reset link carry one.
    static func randomSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64url((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Unpadded base64url (RFC 4648, section 5): how tokens' and sessions' secrets are written.
    static func base64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
