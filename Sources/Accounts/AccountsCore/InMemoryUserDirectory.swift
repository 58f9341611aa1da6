import Foundation

/// Users and their tokens in memory, safe from several threads: for tests and trials.
public final class InMemoryUserDirectory: UserStore, FirstUserStore, AdminKeepingUserStore,
    TokenStore, SessionStore,
    AuditStore, PasswordResetStore, SecondFactorStore,
    @unchecked Sendable
{
    private var audit: [AuditEntry] = []

    private let lock = NSLock()
    private var byName: [String: User] = [:]
    private var tokensByHash: [String: APIToken] = [:]
    private var sessionsByHash: [String: SignInSession] = [:]
    private var resetsByHash: [String: PasswordReset] = [:]
    private var factorsByUser: [String: SecondFactor] = [:]

    public init() {}

    public func add(_ user: User) async throws {
        try lock.withLock {
            guard byName[user.name] == nil else { throw UserError.exists(user.name) }
            byName[user.name] = user
        }
    }

    public func addFirst(_ user: User) async throws -> Bool {
        lock.withLock {
            guard byName.isEmpty else { return false }
            byName[user.name] = user
            return true
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
            try requireUser(name)
            byName[name]?.passwordHash = hash
            sessionsByHash = sessionsByHash.filter { $0.value.user != name }
        }
    }

    public func setRole(_ role: UserRole, forUser name: String) async throws {
        try lock.withLock { try change(.role(role), to: name, keepingAnAdmin: false) }
    }

    public func setDisabled(_ disabled: Bool, forUser name: String) async throws {
        try lock.withLock { try change(.disabled(disabled), to: name, keepingAnAdmin: false) }
    }

    public func apply(_ change: UserChange, to name: String) async throws {
        try lock.withLock { try self.change(change, to: name, keepingAnAdmin: true) }
    }

    public func remove(named name: String) async throws {
        try lock.withLock { try change(.removal, to: name, keepingAnAdmin: false) }
    }

    /// `change` to `name` under the lock, and the end of every session of theirs (and, for a
    /// removal, of their tokens, reset link and second factor); refused, changing nothing,
    /// when `keepingAnAdmin` and no enabled admin would remain.
    /// Throws `UserError.unknown` unless the user is there; called holding the lock.
    private func requireUser(_ name: String) throws {
        guard byName[name] != nil else { throw UserError.unknown(name) }
    }

    private func change(_ change: UserChange, to name: String, keepingAnAdmin: Bool) throws {
        guard var user = byName[name] else { throw UserError.unknown(name) }
        var after = byName
        switch change {
        case .role(let role): user.role = role
        case .disabled(let disabled): user.disabled = disabled
        case .removal: break
        }
        after[name] = change == .removal ? nil : user
        if keepingAnAdmin, !after.values.contains(where: { $0.role == .admin && !$0.disabled }) {
            throw LastAdminError(name: name)
        }
        byName = after
        sessionsByHash = sessionsByHash.filter { $0.value.user != name }
        if change == .removal {
            tokensByHash = tokensByHash.filter { $0.value.user != name }
            resetsByHash = resetsByHash.filter { $0.value.user != name }
            factorsByUser[name] = nil
        }
    }

    public func count() async throws -> Int {
        lock.withLock { byName.count }
    }

    public func add(_ token: APIToken, secretHash: String) async throws {
        try lock.withLock {
            try requireUser(token.user)
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

    public func markUsed(id: String, at date: Date) async throws {
        try lock.withLock {
            guard let (hash, _) = tokensByHash.first(where: { $0.value.id == id }) else {
                throw UserError.unknownToken(id)
            }
            tokensByHash[hash]?.lastUsedAt = date
        }
    }

    public func add(_ session: SignInSession, secretHash: String) async throws {
        try lock.withLock {
            try requireUser(session.user)
            sessionsByHash[secretHash] = session
        }
    }

    public func session(secretHash: String) async throws -> SignInSession? {
        lock.withLock { sessionsByHash[secretHash] }
    }

    public func removeSession(secretHash: String) async throws {
        _ = lock.withLock { sessionsByHash.removeValue(forKey: secretHash) }
    }

    public func removeSessions(expiredBefore date: Date) async throws {
        lock.withLock { sessionsByHash = sessionsByHash.filter { $0.value.expiresAt >= date } }
    }

    public func sessions(user: String) async throws -> [StoredSession] {
        lock.withLock {
            sessionsByHash.filter { $0.value.user == user }
                .map { StoredSession(secretHash: $0.key, session: $0.value) }
                .sorted {
                    ($1.session.createdAt, $1.secretHash) < ($0.session.createdAt, $0.secretHash)
                }
        }
    }

    public func addReset(_ reset: PasswordReset, secretHash: String) async throws {
        try lock.withLock {
            try requireUser(reset.user)
            resetsByHash = resetsByHash.filter { $0.value.user != reset.user }
            resetsByHash[secretHash] = reset
        }
    }

    public func reset(secretHash: String) async throws -> PasswordReset? {
        lock.withLock { resetsByHash[secretHash] }
    }

    public func takeReset(secretHash: String) async throws -> PasswordReset? {
        lock.withLock { resetsByHash.removeValue(forKey: secretHash) }
    }

    public func secondFactor(user: String) async throws -> SecondFactor? {
        lock.withLock { factorsByUser[user] }
    }

    public func setSecondFactor(_ factor: SecondFactor?, user: String) async throws {
        try lock.withLock {
            try requireUser(user)
            factorsByUser[user] = factor
        }
    }

    public func useStep(_ step: Int64, user: String) async throws -> Bool {
        lock.withLock {
            guard let factor = factorsByUser[user], (factor.lastStep ?? .min) < step else {
                return false
            }
            factorsByUser[user]?.lastStep = step
            return true
        }
    }

    public func useRecoveryCode(hash: String, user: String) async throws -> Bool {
        lock.withLock {
            guard let index = factorsByUser[user]?.recoveryCodeHashes.firstIndex(of: hash) else {
                return false
            }
            factorsByUser[user]?.recoveryCodeHashes.remove(at: index)
            return true
        }
    }

    public func append(_ event: AuditEvent) async throws {
        lock.withLock {
            audit.append(AuditEntry(number: Int64(audit.count + 1), event: event.bounded))
        }
    }

    public func entries(limit: Int, before: Int64?) async throws -> [AuditEntry] {
        try await entries(limit: limit, before: before, matching: AuditFilter())
    }

    public func entries(limit: Int, before: Int64?, matching filter: AuditFilter) async throws
        -> [AuditEntry]
    {
        lock.withLock {
            Array(
                audit.reversed().filter { $0.number < (before ?? .max) && filter.matches($0.event) }
                    .prefix(max(0, limit)))
        }
    }
}
