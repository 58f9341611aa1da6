import AccountsCore
import CasebookPostgres
import Foundation
import PostgresNIO
import StoreFailures

/// Users and their API tokens in PostgreSQL, shared by every server on the database.
public final class PostgresUserDirectory: UserStore, FirstUserStore, AdminKeepingUserStore,
    TokenStore, SessionStore,
    AuditStore, PasswordResetStore, SecondFactorStore
{
    private let client: PostgresClient
    private let operations: PostgresOperations

    /// The tables, for `PostgresDatabase.prepare`.
    public static let schema = PostgresSchema(
        store: "users",
        migrations: [
            PostgresMigration(
                1, "create user and token",
                sql: [
                    """
                    CREATE TABLE casebook_user (
                        name text COLLATE "C" PRIMARY KEY,
                        role text NOT NULL,
                        password_hash text NOT NULL,
                        created_at double precision NOT NULL
                    )
                    """,
                    """
                    CREATE TABLE api_token (
                        secret_hash text PRIMARY KEY,
                        id text NOT NULL UNIQUE,
                        user_name text NOT NULL REFERENCES casebook_user(name) ON DELETE CASCADE,
                        label text,
                        created_at double precision NOT NULL,
                        expires_at double precision,
                        revoked boolean NOT NULL DEFAULT false
                    )
                    """,
                    "CREATE INDEX api_token_user ON api_token (user_name, created_at)",
                ]),
            PostgresMigration(
                2, "create session",
                sql: [
                    """
                    CREATE TABLE sign_in_session (
                        secret_hash text PRIMARY KEY,
                        user_name text NOT NULL REFERENCES casebook_user(name) ON DELETE CASCADE,
                        created_at double precision NOT NULL,
                        expires_at double precision NOT NULL
                    )
                    """,
                    "CREATE INDEX sign_in_session_expiry ON sign_in_session (expires_at)",
                ]),
            PostgresMigration(
                3, "create audit",
                sql: [
                    """
                    CREATE TABLE audit_event (
                        number bigserial PRIMARY KEY,
                        at double precision NOT NULL,
                        action text NOT NULL,
                        actor text,
                        subject text,
                        address text,
                        detail text
                    )
                    """
                ]),
            PostgresMigration(
                4, "token last use, session browser",
                sql: [
                    "ALTER TABLE api_token ADD COLUMN last_used_at double precision",
                    "ALTER TABLE sign_in_session ADD COLUMN user_agent text",
                    "CREATE INDEX sign_in_session_user ON sign_in_session (user_name, created_at)",
                ]),
            PostgresMigration(
                5, "user disabled",
                sql: [
                    "ALTER TABLE casebook_user ADD COLUMN disabled boolean NOT NULL DEFAULT false"
                ]),
            PostgresMigration(
                6, "create password reset",
                sql: [
                    """
                    CREATE TABLE password_reset (
                        secret_hash text PRIMARY KEY,
                        user_name text NOT NULL UNIQUE
                            REFERENCES casebook_user(name) ON DELETE CASCADE,
                        created_at double precision NOT NULL,
                        expires_at double precision NOT NULL
                    )
                    """
                ]),
            PostgresMigration(
                7, "create second factor",
                sql: [
                    """
                    CREATE TABLE second_factor (
                        user_name text PRIMARY KEY
                            REFERENCES casebook_user(name) ON DELETE CASCADE,
                        secret text NOT NULL,
                        enabled_at double precision NOT NULL,
                        last_step bigint,
                        recovery text[] NOT NULL
                    )
                    """
                ]),
        ])

    public init(client: PostgresClient, operations: PostgresOperations = PostgresOperations()) {
        self.client = client
        self.operations = operations
    }

    public func add(_ user: User) async throws {
        let (name, role, hash) = (user.name, user.role.rawValue, user.passwordHash)
        let created = user.createdAt.timeIntervalSinceReferenceDate
        let disabled = user.disabled
        let inserted = try await answering { client -> Bool in
            let rows = try await client.query(
                """
                INSERT INTO casebook_user (\(unescaped: Self.userColumns))
                VALUES (\(name), \(role), \(hash), \(created), \(disabled))
                ON CONFLICT (name) DO NOTHING RETURNING name
                """)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
        guard inserted else { throw UserError.exists(name) }
    }

    /// Under a lock on the users' table that only one transaction holds at a time, on every
    /// instance: the check that it is empty and the insert see the same table.
    public func addFirst(_ user: User) async throws -> Bool {
        let (name, role, hash) = (user.name, user.role.rawValue, user.passwordHash)
        let created = user.createdAt.timeIntervalSinceReferenceDate
        let disabled = user.disabled
        return try await answering { client -> Bool in
            try await client.withTransaction(logger: CasebookPostgres.PostgresDatabase.quietLogger)
            {
                connection in
                try await connection.query(
                    "LOCK TABLE casebook_user IN SHARE ROW EXCLUSIVE MODE",
                    logger: CasebookPostgres.PostgresDatabase.quietLogger)
                let rows = try await connection.query(
                    """
                    INSERT INTO casebook_user (\(unescaped: Self.userColumns))
                    SELECT \(name), \(role), \(hash), \(created), \(disabled)
                    WHERE NOT EXISTS (SELECT 1 FROM casebook_user)
                    RETURNING name
                    """, logger: CasebookPostgres.PostgresDatabase.quietLogger)
                for try await _ in rows.decode(String.self) { return true }
                return false
            }
        }
    }

    public func user(named name: String) async throws -> User? {
        try await users(
            "SELECT \(unescaped: Self.userColumns) FROM casebook_user WHERE name = \(name)"
        ).first
    }

    public func users() async throws -> [User] {
        try await users(
            "SELECT \(unescaped: Self.userColumns) FROM casebook_user ORDER BY name")
    }

    public func setPasswordHash(_ hash: String, forUser name: String) async throws {
        try await update(name, column: "password_hash", to: hash)
    }

    public func setRole(_ role: UserRole, forUser name: String) async throws {
        try await update(name, column: "role", to: role.rawValue)
    }

    public func setDisabled(_ disabled: Bool, forUser name: String) async throws {
        try await update(name, column: "disabled", to: disabled)
    }

    /// Sets one column of the user `name` and ends every session of theirs, in one statement:
    /// a session started under the old value is worth nothing after it.
    /// - Throws: `UserError.unknown` when there is no such user.
    private func update(
        _ name: String, column: String, to value: some PostgresEncodable & Sendable
    ) async throws {
        let changed = try await answering { client -> Bool in
            let rows = try await client.query(
                """
                WITH changed AS (
                    UPDATE casebook_user SET \(unescaped: column) = \(value) WHERE name = \(name)
                    RETURNING name
                ), ended AS (
                    DELETE FROM sign_in_session WHERE user_name IN (SELECT name FROM changed)
                )
                SELECT name FROM changed
                """)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
        guard changed else { throw UserError.unknown(name) }
    }

    /// Under the lock `addFirst` takes, on every instance: the change and the count of admins
    /// after it see the same table; a refused change is rolled back.
    public func apply(_ change: UserChange, to name: String) async throws {
        try await answering { client in
            do {
                try await Self.apply(change, to: name, on: client)
            } catch let error as PostgresTransactionError {
                // Rolled back: what refused the change is the answer.
                if let refusal = error.closureError as? LastAdminError { throw refusal }
                if let refusal = error.closureError as? UserError { throw refusal }
                throw error
            }
        }
    }

    private static func apply(_ change: UserChange, to name: String, on client: PostgresClient)
        async throws
    {
        try await client.withTransaction(logger: CasebookPostgres.PostgresDatabase.quietLogger) {
            connection in
            let logger = CasebookPostgres.PostgresDatabase.quietLogger
            try await connection.query(
                "LOCK TABLE casebook_user IN SHARE ROW EXCLUSIVE MODE", logger: logger)
            let query: PostgresQuery
            switch change {
            case .role(let role):
                let text = role.rawValue
                query =
                    "UPDATE casebook_user SET role = \(text) WHERE name = \(name) RETURNING name"
            case .disabled(let disabled):
                query =
                    "UPDATE casebook_user SET disabled = \(disabled) WHERE name = \(name) RETURNING name"
            case .removal:
                query = "DELETE FROM casebook_user WHERE name = \(name) RETURNING name"
            }
            var changed = false
            for try await _ in try await connection.query(query, logger: logger).decode(
                String.self)
            {
                changed = true
            }
            guard changed else { throw UserError.unknown(name) }
            try await connection.query(
                "DELETE FROM sign_in_session WHERE user_name = \(name)", logger: logger)
            var admins = 0
            for try await count in try await connection.query(
                "SELECT COUNT(*)::bigint FROM casebook_user WHERE role = 'admin' AND NOT disabled",
                logger: logger
            ).decode(Int.self) {
                admins = count
            }
            guard admins > 0 else { throw LastAdminError(name: name) }
        }
    }

    public func remove(named name: String) async throws {
        let removed = try await answering { client -> Bool in
            let rows = try await client.query(
                "DELETE FROM casebook_user WHERE name = \(name) RETURNING name")
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
        guard removed else { throw UserError.unknown(name) }
    }

    public func count() async throws -> Int {
        try await answering { client in
            for try await count in try await client.query(
                "SELECT COUNT(*)::bigint FROM casebook_user"
            ).decode(Int.self) {
                return count
            }
            return 0
        }
    }

    public func add(_ token: APIToken, secretHash: String) async throws {
        let (id, user, label) = (token.id, token.user, token.label)
        let created = token.createdAt.timeIntervalSinceReferenceDate
        let expires = token.expiresAt?.timeIntervalSinceReferenceDate
        let revoked = token.revoked
        let used = token.lastUsedAt?.timeIntervalSinceReferenceDate
        do {
            try await answering { client in
                try await client.query(
                    """
                    INSERT INTO api_token (secret_hash, \(unescaped: Self.tokenColumns))
                    VALUES (\(secretHash), \(id), \(user), \(label), \(created), \(expires), \(revoked),
                        \(used))
                    """)
            }
        } catch let error as StoreUnavailableError where error.reason.contains("23503") {
            throw UserError.unknown(user)
        }
    }

    public func token(secretHash: String) async throws -> APIToken? {
        try await tokens(
            """
            SELECT \(unescaped: Self.tokenColumns) FROM api_token
            WHERE secret_hash = \(secretHash)
            """
        ).first
    }

    public func tokens(user: String?) async throws -> [APIToken] {
        try await tokens(
            """
            SELECT \(unescaped: Self.tokenColumns) FROM api_token
            WHERE \(user)::text IS NULL OR user_name = \(user) ORDER BY created_at, id
            """)
    }

    public func revoke(id: String) async throws {
        let changed = try await answering { client -> Bool in
            let rows = try await client.query(
                "UPDATE api_token SET revoked = true WHERE id = \(id) RETURNING id")
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
        guard changed else { throw UserError.unknownToken(id) }
    }

    public func markUsed(id: String, at date: Date) async throws {
        let at = date.timeIntervalSinceReferenceDate
        let changed = try await answering { client -> Bool in
            let rows = try await client.query(
                "UPDATE api_token SET last_used_at = \(at) WHERE id = \(id) RETURNING id")
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
        guard changed else { throw UserError.unknownToken(id) }
    }

    public func add(_ session: SignInSession, secretHash: String) async throws {
        let user = session.user
        let created = session.createdAt.timeIntervalSinceReferenceDate
        let expires = session.expiresAt.timeIntervalSinceReferenceDate
        let agent = session.userAgent
        do {
            try await answering { client in
                try await client.query(
                    """
                    INSERT INTO sign_in_session (secret_hash, \(unescaped: Self.sessionColumns))
                    VALUES (\(secretHash), \(user), \(created), \(expires), \(agent))
                    """)
            }
        } catch let error as StoreUnavailableError where error.reason.contains("23503") {
            throw UserError.unknown(user)
        }
    }

    public func session(secretHash: String) async throws -> SignInSession? {
        try await sessions(
            """
            SELECT secret_hash, \(unescaped: Self.sessionColumns) FROM sign_in_session
            WHERE secret_hash = \(secretHash)
            """
        ).first?.session
    }

    public func sessions(user: String) async throws -> [StoredSession] {
        try await sessions(
            """
            SELECT secret_hash, \(unescaped: Self.sessionColumns) FROM sign_in_session
            WHERE user_name = \(user) ORDER BY created_at DESC, secret_hash DESC
            """)
    }

    /// The sessions `query` selects (`secret_hash` and `sessionColumns`, in that order).
    private func sessions(_ query: PostgresQuery) async throws -> [StoredSession] {
        try await answering { client in
            var sessions: [StoredSession] = []
            for try await (hash, user, created, expires, agent) in try await client.query(query)
                .decode((String, String, Double, Double, String?).self)
            {
                sessions.append(
                    StoredSession(
                        secretHash: hash,
                        session: SignInSession(
                            user: user, createdAt: Date(timeIntervalSinceReferenceDate: created),
                            expiresAt: Date(timeIntervalSinceReferenceDate: expires),
                            userAgent: agent)))
            }
            return sessions
        }
    }

    public func removeSession(secretHash: String) async throws {
        try await answering { client in
            try await client.query(
                "DELETE FROM sign_in_session WHERE secret_hash = \(secretHash)")
        }
    }

    public func removeSessions(expiredBefore date: Date) async throws {
        let limit = date.timeIntervalSinceReferenceDate
        try await answering { client in
            try await client.query("DELETE FROM sign_in_session WHERE expires_at < \(limit)")
        }
    }

    /// What every query of a user selects, in the order `users(_:)` decodes it.
    private static let userColumns = "name, role, password_hash, created_at, disabled"
    /// What every query of a token selects, in the order `tokens(_:)` decodes it.
    private static let tokenColumns =
        "id, user_name, label, created_at, expires_at, revoked, last_used_at"
    /// What every query of a session selects after its hash, in the order `sessions(_:)`
    /// decodes it.
    private static let sessionColumns = "user_name, created_at, expires_at, user_agent"

    private func users(_ query: PostgresQuery) async throws -> [User] {
        let rows = try await answering { client in
            var rows: [(String, String, String, Double, Bool)] = []
            for try await row in try await client.query(query).decode(
                (String, String, String, Double, Bool).self)
            {
                rows.append(row)
            }
            return rows
        }
        return try rows.map { name, text, hash, created, disabled in
            guard let role = UserRole(rawValue: text) else {
                throw DamagedRowError(store: "users", key: name, problem: "unknown role '\(text)'")
            }
            return User(
                name: name, role: role, passwordHash: hash,
                createdAt: Date(timeIntervalSinceReferenceDate: created), disabled: disabled)
        }
    }

    private func tokens(_ query: PostgresQuery) async throws -> [APIToken] {
        try await answering { client in
            var tokens: [APIToken] = []
            for try await (id, user, label, created, expires, revoked, used)
                in try await client
                .query(query).decode((String, String, String?, Double, Double?, Bool, Double?).self)
            {
                tokens.append(
                    APIToken(
                        id: id, user: user, label: label,
                        createdAt: Date(timeIntervalSinceReferenceDate: created),
                        expiresAt: expires.map(Date.init(timeIntervalSinceReferenceDate:)),
                        revoked: revoked,
                        lastUsedAt: used.map(Date.init(timeIntervalSinceReferenceDate:))))
            }
            return tokens
        }
    }

    // MARK: Password resets

    /// In one statement: the user's earlier reset is replaced, never kept beside the new one.
    public func addReset(_ reset: PasswordReset, secretHash: String) async throws {
        let user = reset.user
        let created = reset.createdAt.timeIntervalSinceReferenceDate
        let expires = reset.expiresAt.timeIntervalSinceReferenceDate
        do {
            try await answering { client in
                try await client.query(
                    """
                    INSERT INTO password_reset (secret_hash, \(unescaped: Self.resetColumns))
                    VALUES (\(secretHash), \(user), \(created), \(expires))
                    ON CONFLICT (user_name) DO UPDATE SET secret_hash = excluded.secret_hash,
                        created_at = excluded.created_at, expires_at = excluded.expires_at
                    """)
            }
        } catch let error as StoreUnavailableError where error.reason.contains("23503") {
            throw UserError.unknown(user)
        }
    }

    public func reset(secretHash: String) async throws -> PasswordReset? {
        try await resets(
            """
            SELECT \(unescaped: Self.resetColumns) FROM password_reset
            WHERE secret_hash = \(secretHash)
            """
        ).first
    }

    public func takeReset(secretHash: String) async throws -> PasswordReset? {
        try await resets(
            """
            DELETE FROM password_reset WHERE secret_hash = \(secretHash)
            RETURNING \(unescaped: Self.resetColumns)
            """
        ).first
    }

    /// What every query of a reset selects, in the order `resets(_:)` decodes it.
    private static let resetColumns = "user_name, created_at, expires_at"

    private func resets(_ query: PostgresQuery) async throws -> [PasswordReset] {
        try await answering { client in
            var resets: [PasswordReset] = []
            for try await (user, created, expires) in try await client.query(query).decode(
                (String, Double, Double).self)
            {
                resets.append(
                    PasswordReset(
                        user: user, createdAt: Date(timeIntervalSinceReferenceDate: created),
                        expiresAt: Date(timeIntervalSinceReferenceDate: expires)))
            }
            return resets
        }
    }

    // MARK: Second factors

    public func secondFactor(user: String) async throws -> SecondFactor? {
        try await answering { client -> SecondFactor? in
            for try await (secret, enabled, step, recovery) in try await client.query(
                """
                SELECT \(unescaped: Self.factorColumns) FROM second_factor
                WHERE user_name = \(user)
                """
            ).decode((String, Double, Int64?, [String]).self) {
                return SecondFactor(
                    secret: secret, enabledAt: Date(timeIntervalSinceReferenceDate: enabled),
                    lastStep: step, recoveryCodeHashes: recovery)
            }
            return nil
        }
    }

    /// The user's earlier factor is replaced by one upsert, never kept beside it (a user
    /// removed between the check and it is refused by the foreign key).
    public func setSecondFactor(_ factor: SecondFactor?, user: String) async throws {
        guard try await self.user(named: user) != nil else { throw UserError.unknown(user) }
        guard let factor else {
            try await answering { client in
                try await client.query("DELETE FROM second_factor WHERE user_name = \(user)")
            }
            return
        }
        let (secret, enabled) = (factor.secret, factor.enabledAt.timeIntervalSinceReferenceDate)
        let (step, recovery) = (factor.lastStep, factor.recoveryCodeHashes)
        do {
            try await answering { client in
                try await client.query(
                    """
                    INSERT INTO second_factor (user_name, \(unescaped: Self.factorColumns))
                    VALUES (\(user), \(secret), \(enabled), \(step), \(recovery))
                    ON CONFLICT (user_name) DO UPDATE SET secret = excluded.secret,
                        enabled_at = excluded.enabled_at, last_step = excluded.last_step,
                        recovery = excluded.recovery
                    """)
            }
        } catch let error as StoreUnavailableError where error.reason.contains("23503") {
            throw UserError.unknown(user)
        }
    }

    public func useStep(_ step: Int64, user: String) async throws -> Bool {
        try await answering { client -> Bool in
            let rows = try await client.query(
                """
                UPDATE second_factor SET last_step = \(step)
                WHERE user_name = \(user) AND (last_step IS NULL OR last_step < \(step))
                RETURNING user_name
                """)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
    }

    /// In one statement: of two that use one code at once, one does.
    public func useRecoveryCode(hash: String, user: String) async throws -> Bool {
        try await answering { client -> Bool in
            let rows = try await client.query(
                """
                UPDATE second_factor SET recovery = array_remove(recovery, \(hash))
                WHERE user_name = \(user) AND \(hash) = ANY(recovery)
                RETURNING user_name
                """)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
    }

    /// What every query of a second factor selects, in the order `secondFactor(user:)`
    /// decodes it.
    private static let factorColumns = "secret, enabled_at, last_step, recovery"

    // MARK: The audit log

    public func append(_ event: AuditEvent) async throws {
        let event = event.bounded
        let (at, action) = (event.at.timeIntervalSinceReferenceDate, event.action.rawValue)
        let (actor, subject, address, detail) = (
            event.actor, event.subject, event.address, event.detail
        )
        try await answering { client in
            try await client.query(
                """
                INSERT INTO audit_event (at, action, actor, subject, address, detail)
                VALUES (\(at), \(action), \(actor), \(subject), \(address), \(detail))
                """)
        }
    }

    public func entries(limit: Int, before: Int64?) async throws -> [AuditEntry] {
        try await entries(limit: limit, before: before, matching: AuditFilter())
    }

    public func entries(limit: Int, before: Int64?, matching filter: AuditFilter) async throws
        -> [AuditEntry]
    {
        let (limit, before) = (max(0, limit), before ?? Int64.max)
        let (action, person) = (filter.action?.rawValue, filter.person)
        let commandLine = person.map(AuditFilter.commandLineActor)
        return try await answering { client in
            let rows = try await client.query(
                """
                SELECT number, at, action, actor, subject, address, detail FROM audit_event
                WHERE number < \(before) AND (\(action)::text IS NULL OR action = \(action))
                    AND (\(person)::text IS NULL OR actor = \(person) OR actor = \(commandLine)
                        OR subject = \(person))
                ORDER BY number DESC LIMIT \(limit)
                """)
            var entries: [AuditEntry] = []
            for try await (number, at, action, actor, subject, address, detail) in rows.decode(
                (Int64, Double, String, String?, String?, String?, String?).self)
            {
                guard let known = AuditEvent.Action(rawValue: action) else {
                    throw DamagedRowError(
                        store: "users", key: "audit \(number)",
                        problem: "'\(action)' is no action the log knows")
                }
                entries.append(
                    AuditEntry(
                        number: number,
                        event: AuditEvent(
                            at: Date(timeIntervalSinceReferenceDate: at), action: known,
                            actor: actor, subject: subject, address: address, detail: detail)))
            }
            return entries
        }
    }

    @discardableResult
    private func answering<T: Sendable>(
        _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        try await operations.run(store: "users", on: client, operation)
    }
}
