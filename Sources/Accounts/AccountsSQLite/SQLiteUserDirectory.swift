import AccountsCore
import CasebookSQLite
import Foundation
import GRDB
import StoreFailures

/// Users and their API tokens in a SQLite file (WAL mode, migrated when opened). Passwords are
/// kept only as hashes, tokens only as the SHA-256 of their secret; removing a user removes
/// their tokens in the same transaction.
public final class SQLiteUserDirectory: UserStore, FirstUserStore, AdminKeepingUserStore,
    TokenStore, SessionStore,
    AuditStore, PasswordResetStore, SecondFactorStore
{
    private let database: StoreDatabase

    public init(path: String) throws {
        database = try StoreDatabase(store: "users", path: path, migrations: Self.migrations)
    }

    private static let migrations: [StoreMigration] = [
        StoreMigration(
            "create user and token",
            sql: """
                    CREATE TABLE user (
                        name TEXT PRIMARY KEY NOT NULL,
                        role TEXT NOT NULL,
                        passwordHash TEXT NOT NULL,
                        createdAt REAL NOT NULL
                    );
                    CREATE TABLE token (
                        secretHash TEXT PRIMARY KEY NOT NULL,
                        id TEXT NOT NULL UNIQUE,
                        user TEXT NOT NULL REFERENCES user(name) ON DELETE CASCADE,
                        label TEXT,
                        createdAt REAL NOT NULL,
                        expiresAt REAL,
                        revoked INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX token_user ON token(user, createdAt);
                """),
        StoreMigration(
            "create session",
            sql: """
                    CREATE TABLE session (
                        secretHash TEXT PRIMARY KEY NOT NULL,
                        user TEXT NOT NULL REFERENCES user(name) ON DELETE CASCADE,
                        createdAt REAL NOT NULL,
                        expiresAt REAL NOT NULL
                    );
                    CREATE INDEX session_expiry ON session(expiresAt);
                """),
        // The audit log: appended to, never changed.
        StoreMigration(
            "create audit",
            sql: """
                    CREATE TABLE audit (
                        number INTEGER PRIMARY KEY AUTOINCREMENT,
                        at REAL NOT NULL,
                        action TEXT NOT NULL,
                        actor TEXT,
                        subject TEXT,
                        address TEXT,
                        detail TEXT
                    );
                """),
        StoreMigration(
            "token last use, session browser",
            sql: """
                    ALTER TABLE token ADD COLUMN lastUsedAt REAL;
                    ALTER TABLE session ADD COLUMN userAgent TEXT;
                    CREATE INDEX session_user ON session(user, createdAt);
                """),
        StoreMigration(
            "user disabled",
            sql: "ALTER TABLE user ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0"),
        StoreMigration(
            "create password reset",
            sql: """
                    CREATE TABLE password_reset (
                        secretHash TEXT PRIMARY KEY NOT NULL,
                        user TEXT NOT NULL UNIQUE REFERENCES user(name) ON DELETE CASCADE,
                        createdAt REAL NOT NULL,
                        expiresAt REAL NOT NULL
                    );
                """),
        // The recovery codes' hashes, one a line.
        StoreMigration(
            "create second factor",
            sql: """
                    CREATE TABLE second_factor (
                        user TEXT PRIMARY KEY NOT NULL REFERENCES user(name) ON DELETE CASCADE,
                        secret TEXT NOT NULL,
                        enabledAt REAL NOT NULL,
                        lastStep INTEGER,
                        recovery TEXT NOT NULL
                    );
                """),
    ]

    public func add(_ user: User) async throws {
        try await database.write { db in
            guard try !Self.hasUser(user.name, in: db) else { throw UserError.exists(user.name) }
            try db.execute(
                sql: "INSERT INTO user (\(Self.userColumns)) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    user.name, user.role.rawValue, user.passwordHash,
                    user.createdAt.timeIntervalSinceReferenceDate, user.disabled,
                ])
        }
    }

    /// In one write transaction, which SQLite runs one at a time: the count and the insert
    /// see the same table.
    public func addFirst(_ user: User) async throws -> Bool {
        try await database.write { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") == 0 else { return false }
            try db.execute(
                sql: "INSERT INTO user (\(Self.userColumns)) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    user.name, user.role.rawValue, user.passwordHash,
                    user.createdAt.timeIntervalSinceReferenceDate, user.disabled,
                ])
            return true
        }
    }

    public func user(named name: String) async throws -> User? {
        try await database.read { db in
            try Self.one(db, Self.userColumns, from: "user", where: "name", is: name, Self.user)
        }
    }

    public func users() async throws -> [User] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Self.userColumns) FROM user ORDER BY name"
            ).map(Self.user)
        }
    }

    public func setPasswordHash(_ hash: String, forUser name: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE user SET passwordHash = ? WHERE name = ?", arguments: [hash, name])
            guard db.changesCount == 1 else { throw UserError.unknown(name) }
            try db.execute(sql: "DELETE FROM session WHERE user = ?", arguments: [name])
        }
    }

    public func setRole(_ role: UserRole, forUser name: String) async throws {
        try await database.write { db in try Self.apply(.role(role), to: name, in: db) }
    }

    public func setDisabled(_ disabled: Bool, forUser name: String) async throws {
        try await database.write { db in try Self.apply(.disabled(disabled), to: name, in: db) }
    }

    public func remove(named name: String) async throws {
        try await database.write { db in try Self.apply(.removal, to: name, in: db) }
    }

    /// In one write transaction, which SQLite runs one at a time: the change and the count of
    /// admins after it see the same table, and a refused change is rolled back.
    public func apply(_ change: UserChange, to name: String) async throws {
        try await database.write { db in
            try Self.apply(change, to: name, in: db)
            let admins = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM user WHERE role = 'admin' AND disabled = 0")
            guard admins ?? 0 > 0 else { throw LastAdminError(name: name) }
        }
    }

    /// `change` to `name`, and the end of every session of theirs (and, for a removal, of
    /// their tokens, reset link and second factor).
    private static func apply(_ change: UserChange, to name: String, in db: Database) throws {
        switch change {
        case .role(let role):
            try db.execute(
                sql: "UPDATE user SET role = ? WHERE name = ?", arguments: [role.rawValue, name])
        case .disabled(let disabled):
            try db.execute(
                sql: "UPDATE user SET disabled = ? WHERE name = ?", arguments: [disabled, name])
        case .removal:
            for table in ["token", "session", "password_reset", "second_factor"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE user = ?", arguments: [name])
            }
            try db.execute(sql: "DELETE FROM user WHERE name = ?", arguments: [name])
        }
        guard db.changesCount == 1 else { throw UserError.unknown(name) }
        try db.execute(sql: "DELETE FROM session WHERE user = ?", arguments: [name])
    }

    public func count() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
        }
    }

    public func add(_ token: APIToken, secretHash: String) async throws {
        try await database.write { db in
            try Self.requireUser(token.user, in: db)
            try db.execute(
                sql: """
                    INSERT INTO token (secretHash, \(Self.tokenColumns))
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    secretHash, token.id, token.user, token.label,
                    token.createdAt.timeIntervalSinceReferenceDate,
                    token.expiresAt?.timeIntervalSinceReferenceDate, token.revoked,
                    token.lastUsedAt?.timeIntervalSinceReferenceDate,
                ])
        }
    }

    public func token(secretHash: String) async throws -> APIToken? {
        try await database.read { db in
            try Self.one(
                db, Self.tokenColumns, from: "token", where: "secretHash", is: secretHash,
                Self.token)
        }
    }

    public func tokens(user: String?) async throws -> [APIToken] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.tokenColumns) FROM token
                    WHERE ?1 IS NULL OR user = ?1 ORDER BY createdAt, id
                    """,
                arguments: [user]
            ).map(Self.token)
        }
    }

    public func revoke(id: String) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE token SET revoked = 1 WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw UserError.unknownToken(id) }
        }
    }

    public func markUsed(id: String, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE token SET lastUsedAt = ? WHERE id = ?",
                arguments: [date.timeIntervalSinceReferenceDate, id])
            guard db.changesCount == 1 else { throw UserError.unknownToken(id) }
        }
    }

    public func add(_ session: SignInSession, secretHash: String) async throws {
        try await database.write { db in
            try Self.requireUser(session.user, in: db)
            try db.execute(
                sql:
                    "INSERT INTO session (secretHash, \(Self.sessionColumns)) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    secretHash, session.user, session.createdAt.timeIntervalSinceReferenceDate,
                    session.expiresAt.timeIntervalSinceReferenceDate, session.userAgent,
                ])
        }
    }

    public func session(secretHash: String) async throws -> SignInSession? {
        try await database.read { db in
            try Self.one(
                db, Self.sessionColumns, from: "session", where: "secretHash", is: secretHash,
                Self.session)
        }
    }

    public func sessions(user: String) async throws -> [StoredSession] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT secretHash, \(Self.sessionColumns) FROM session
                    WHERE user = ? ORDER BY createdAt DESC, secretHash DESC
                    """,
                arguments: [user]
            ).map { StoredSession(secretHash: $0["secretHash"], session: Self.session($0)) }
        }
    }

    public func removeSession(secretHash: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE secretHash = ?", arguments: [secretHash])
        }
    }

    public func removeSessions(expiredBefore date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM session WHERE expiresAt < ?",
                arguments: [date.timeIntervalSinceReferenceDate])
        }
    }

    /// What every query of a user selects, read by name in `user(_:)`.
    private static let userColumns = "name, role, passwordHash, createdAt, disabled"
    /// What every query of a token selects, read by name in `token(_:)`.
    private static let tokenColumns = "id, user, label, createdAt, expiresAt, revoked, lastUsedAt"
    /// What every query of a session selects, read by name in `session(_:)`.
    private static let sessionColumns = "user, createdAt, expiresAt, userAgent"

    /// The row of `table` whose `key` is `value`, if any, in `columns`, made a value by `make`.
    private static func one<Value>(
        _ db: Database, _ columns: String, from table: String, where key: String,
        is value: String, _ make: (Row) throws -> Value
    ) throws -> Value? {
        try Row.fetchOne(
            db, sql: "SELECT \(columns) FROM \(table) WHERE \(key) = ?", arguments: [value]
        ).map(make)
    }

    private static func user(_ row: Row) throws -> User {
        let name: String = row["name"]
        let text: String = row["role"]
        guard let role = UserRole(rawValue: text) else {
            throw DamagedRowError(store: "users", key: name, problem: "unknown role '\(text)'")
        }
        return User(
            name: name, role: role, passwordHash: row["passwordHash"],
            createdAt: Date(timeIntervalSinceReferenceDate: row["createdAt"]),
            disabled: row["disabled"])
    }

    private static func token(_ row: Row) -> APIToken {
        APIToken(
            id: row["id"], user: row["user"], label: row["label"],
            createdAt: Date(timeIntervalSinceReferenceDate: row["createdAt"]),
            expiresAt: (row["expiresAt"] as Double?).map(
                Date.init(timeIntervalSinceReferenceDate:)),
            revoked: row["revoked"],
            lastUsedAt: (row["lastUsedAt"] as Double?).map(
                Date.init(timeIntervalSinceReferenceDate:)))
    }

    private static func session(_ row: Row) -> SignInSession {
        SignInSession(
            user: row["user"], createdAt: Date(timeIntervalSinceReferenceDate: row["createdAt"]),
            expiresAt: Date(timeIntervalSinceReferenceDate: row["expiresAt"]),
            userAgent: row["userAgent"])
    }

    // MARK: Password resets

    public func addReset(_ reset: PasswordReset, secretHash: String) async throws {
        try await database.write { db in
            try Self.requireUser(reset.user, in: db)
            try db.execute(
                sql: "DELETE FROM password_reset WHERE user = ?", arguments: [reset.user])
            try db.execute(
                sql:
                    "INSERT INTO password_reset (secretHash, \(Self.resetColumns)) VALUES (?, ?, ?, ?)",
                arguments: [
                    secretHash, reset.user, reset.createdAt.timeIntervalSinceReferenceDate,
                    reset.expiresAt.timeIntervalSinceReferenceDate,
                ])
        }
    }

    public func reset(secretHash: String) async throws -> PasswordReset? {
        try await database.read { db in
            try Self.one(
                db, Self.resetColumns, from: "password_reset", where: "secretHash", is: secretHash,
                Self.reset)
        }
    }

    public func takeReset(secretHash: String) async throws -> PasswordReset? {
        try await database.write { db in
            let reset = try Self.one(
                db, Self.resetColumns, from: "password_reset", where: "secretHash", is: secretHash,
                Self.reset)
            try db.execute(
                sql: "DELETE FROM password_reset WHERE secretHash = ?", arguments: [secretHash])
            return reset
        }
    }

    /// What every query of a reset selects, read by name in `reset(_:)`.
    private static let resetColumns = "user, createdAt, expiresAt"

    private static func reset(_ row: Row) -> PasswordReset {
        PasswordReset(
            user: row["user"], createdAt: Date(timeIntervalSinceReferenceDate: row["createdAt"]),
            expiresAt: Date(timeIntervalSinceReferenceDate: row["expiresAt"]))
    }

    // MARK: Second factors

    public func secondFactor(user: String) async throws -> SecondFactor? {
        try await database.read { db in
            try Self.one(
                db, Self.factorColumns, from: "second_factor", where: "user", is: user, Self.factor)
        }
    }

    public func setSecondFactor(_ factor: SecondFactor?, user: String) async throws {
        try await database.write { db in
            try Self.requireUser(user, in: db)
            try db.execute(sql: "DELETE FROM second_factor WHERE user = ?", arguments: [user])
            guard let factor else { return }
            try db.execute(
                sql:
                    "INSERT INTO second_factor (user, \(Self.factorColumns)) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    user, factor.secret, factor.enabledAt.timeIntervalSinceReferenceDate,
                    factor.lastStep, factor.recoveryCodeHashes.joined(separator: "\n"),
                ])
        }
    }

    public func useStep(_ step: Int64, user: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE second_factor SET lastStep = ?1
                    WHERE user = ?2 AND (lastStep IS NULL OR lastStep < ?1)
                    """, arguments: [step, user])
            return db.changesCount == 1
        }
    }

    /// In one write transaction: of two that use one code at once, one does.
    public func useRecoveryCode(hash: String, user: String) async throws -> Bool {
        try await database.write { db in
            guard
                let factor = try Self.one(
                    db, Self.factorColumns, from: "second_factor", where: "user", is: user,
                    Self.factor),
                let index = factor.recoveryCodeHashes.firstIndex(of: hash)
            else { return false }
            var left = factor.recoveryCodeHashes
            left.remove(at: index)
            try db.execute(
                sql: "UPDATE second_factor SET recovery = ? WHERE user = ?",
                arguments: [left.joined(separator: "\n"), user])
            return true
        }
    }

    /// What every query of a second factor selects, read by name in `factor(_:)`.
    private static let factorColumns = "secret, enabledAt, lastStep, recovery"

    private static func factor(_ row: Row) -> SecondFactor {
        let recovery: String = row["recovery"]
        return SecondFactor(
            secret: row["secret"],
            enabledAt: Date(timeIntervalSinceReferenceDate: row["enabledAt"]),
            lastStep: row["lastStep"],
            recoveryCodeHashes: recovery.split(separator: "\n").map(String.init))
    }

    // MARK: The audit log

    public func append(_ event: AuditEvent) async throws {
        let event = event.bounded
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO audit (at, action, actor, subject, address, detail)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    event.at.timeIntervalSinceReferenceDate, event.action.rawValue, event.actor,
                    event.subject, event.address, event.detail,
                ])
        }
    }

    public func entries(limit: Int, before: Int64?) async throws -> [AuditEntry] {
        try await entries(limit: limit, before: before, matching: AuditFilter())
    }

    public func entries(limit: Int, before: Int64?, matching filter: AuditFilter) async throws
        -> [AuditEntry]
    {
        let person = filter.person
        return try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT number, at, action, actor, subject, address, detail FROM audit
                    WHERE number < ?1 AND (?2 IS NULL OR action = ?2)
                        AND (?3 IS NULL OR actor = ?3 OR actor = ?4 OR subject = ?3)
                    ORDER BY number DESC LIMIT ?5
                    """,
                arguments: [
                    before ?? Int64.max, filter.action?.rawValue, person,
                    person.map(AuditFilter.commandLineActor), max(0, limit),
                ]
            ).map { row in
                let action: String = row["action"]
                guard let known = AuditEvent.Action(rawValue: action) else {
                    throw DamagedRowError(
                        store: "users", key: "audit \(row["number"] as Int64)",
                        problem: "'\(action)' is no action the log knows")
                }
                return AuditEntry(
                    number: row["number"],
                    event: AuditEvent(
                        at: Date(timeIntervalSinceReferenceDate: row["at"]), action: known,
                        actor: row["actor"], subject: row["subject"], address: row["address"],
                        detail: row["detail"]))
            }
        }
    }

    private static func hasUser(_ name: String, in db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM user WHERE name = ?", arguments: [name]) != nil
    }

    /// Throws `UserError.unknown` unless the user is there.
    private static func requireUser(_ name: String, in db: Database) throws {
        guard try hasUser(name, in: db) else { throw UserError.unknown(name) }
    }
}
