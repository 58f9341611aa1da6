import Foundation

/// Users and their tokens in memory, safe from several threads: for tests and trials.
public final class InMemoryUserDirectory: UserStore, TokenStore, @unchecked Sendable {
    private let lock = NSLock()
    private var byName: [String: User] = [:]
    private var tokensByHash: [String: APIToken] = [:]

    public init() {}

    public func add(_ user: User) async throws {
        try lock.withLock {
            guard byName[user.name] == nil else { throw UserError.exists(user.name) }
            byName[user.name] = user
        }
    }

    public func user(named name: String) async throws -> User? {
        lock.withLock { byName[name] }
    }

    public func users() async throws -> [User] {
        lock.withLock { byName.values.sorted { $0.name < $1.name } }
    }

    public func setPasswordHash(_ hash: String, forUser name: String) async throws {
        try lock.withLock {
            guard byName[name] != nil else { throw UserError.unknown(name) }
            byName[name]?.passwordHash = hash
        }
    }

    public func remove(named name: String) async throws {
        try lock.withLock {
            guard byName.removeValue(forKey: name) != nil else { throw UserError.unknown(name) }
            tokensByHash = tokensByHash.filter { $0.value.user != name }
        }
    }

    public func count() async throws -> Int {
        lock.withLock { byName.count }
    }

    public func add(_ token: APIToken, secretHash: String) async throws {
        try lock.withLock {
            guard byName[token.user] != nil else { throw UserError.unknown(token.user) }
            tokensByHash[secretHash] = token
        }
    }

    public func token(secretHash: String) async throws -> APIToken? {
        lock.withLock { tokensByHash[secretHash] }
    }

    public func tokens(user: String?) async throws -> [APIToken] {
        lock.withLock {
            tokensByHash.values.filter { user == nil || $0.user == user }
                .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        }
    }

    public func revoke(id: String) async throws {
        try lock.withLock {
            guard let (hash, _) = tokensByHash.first(where: { $0.value.id == id }) else {
                throw UserError.unknownToken(id)
            }
            tokensByHash[hash]?.revoked = true
        }
    }
}
