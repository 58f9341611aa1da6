import AccountsBcrypt
import AccountsCore
import AccountsFiles
import AccountsPostgres
import AccountsSQLite
import CasebookDataDirectory
import CasebookPostgres
import Diary
import DiaryHTTPClient
import DiaryPostgres
import Foundation
import Menu
import MenuPostgres
import MenuSQLite
import SurveySyncCore
import SurveySyncPostgres
import SurveySyncSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the commands work with, built from the data directory: the CLI's composition root.
/// Commands ask it for a use case or a store and never name a file themselves.
struct CommandServices {
    /// Runs `body` with the PostgreSQL database at `url`, migrated with `schemas`, its pool
    /// running for as long as `body` runs. A command reports the database's failures itself,
    /// as the errors they throw: PostgresNIO's own log (a connection still being made as the
    /// command ends) would only be noise on standard error.
    private static func withDatabase<T>(
        _ url: DatabaseURL, schemas: [PostgresSchema],
        _ body: (PostgresDatabase) async throws -> T
    ) async throws -> T {
        let database = try await PostgresDatabase.connecting(
            to: url, logger: PostgresDatabase.quietLogger)
        return try await withThrowingTaskGroup(of: Void.self) { pool in
            pool.addTask { await database.run() }
            defer { pool.cancelAll() }
            try await database.prepare(schemas)
            return try await body(database)
        }
    }

    let layout: DataDirectoryLayout

    /// The SQLite file of the shared diary, or of `user`'s own.
    func diaryPath(of user: String?) -> String {
        (user.map { layout.diaryDatabase(of: $0) } ?? layout.diaryDatabase).path
    }

    /// Runs `body` with the diary whose plain SQLite file is (or was, before it was encrypted)
    /// `path`: an encrypted one opened with its passphrase (`DiaryPassphrase`) into memory,
    /// then sealed back if `body` changed it, even when `body` fails after a change.
    static func withSQLiteDiary(at path: String, _ body: (DiaryEntries) throws -> Void) throws {
        guard isSealed(path) else {
            try body(DiaryEntries(store: try SQLiteDiaryStore(path: path, connections: .one)))
            return
        }
        let sealedPath = SealedSQLiteDiary.sealedPath(besides: path)
        guard !FileManager.default.fileExists(atPath: path) else {
            throw SealedDiaryError.both(plain: path, sealed: sealedPath)
        }
        let passphrase = try DiaryPassphrase.current(of: sealedPath)
        let diary = try SealedSQLiteDiary(
            path: sealedPath, passphrase: passphrase, cost: try DiaryPassphrase.cost())
        do {
            try body(DiaryEntries(store: diary.store))
        } catch {
            try diary.save()
            throw error
        }
        try diary.save()
    }

    /// Whether the diary whose plain file is `path` is encrypted.
    static func isSealed(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: SealedSQLiteDiary.sealedPath(besides: path))
    }

    /// The diary's use cases over its SQLite store.
    func diary() throws -> DiaryEntries {
        DiaryEntries(
            store: try SQLiteDiaryStore(path: layout.diaryDatabase.path, connections: .one))
    }

    /// The diary's use cases over `user`'s own diary: the one the server shows them.
    func diary(of user: String) throws -> DiaryEntries {
        DiaryEntries(
            store: try SQLiteDiaryStore(
                path: layout.diaryDatabase(of: user).path, connections: .one))
    }

    /// Runs `body` with the diary in the PostgreSQL database at `url` that servers on it show:
    /// `user`'s own, or the shared one (with a note when the database has users). The store
    /// waits on its thread for each query, so `body` runs on a thread of its own, off the
    /// concurrency pool.
    static func withPostgresDiary(
        url: DatabaseURL, user: String?, _ body: @escaping (DiaryEntries) throws -> Void
    ) async throws {
        try await withDatabase(
            url, schemas: [PostgresUserDirectory.schema, PostgresDiaryStore.schema]
        ) { database in
            let directory = PostgresUserDirectory(
                client: database.client, operations: database.operations)
            if let user {
                guard try await directory.user(named: user) != nil else {
                    throw FailureReport.Message("there is no user named '\(user)'")
                }
            } else if try await directory.count() > 0 {
                StandardStreams.error(
                    "casebook diary: note: this database has users, and this is the diary none of them sees; --user NAME works on a user's own"
                )
            }
            let store = PostgresDiaryStore(
                client: database.client, operations: database.operations, owner: user ?? "")
            try await onOwnThread { try body(DiaryEntries(store: store)) }
        }
    }

    /// Runs `body` with the diary that the Casebook server at `server` shows the holder of
    /// `token`, through its API, in this machine's time zone. The store waits on its thread
    /// for each request, so `body` runs on a thread of its own.
    static func withServerDiary(
        server: URL, token: String?, _ body: @escaping (DiaryEntries) throws -> Void
    ) async throws {
        let store = ServerDiaryStore(server: server, token: token, zone: .current)
        try await onOwnThread { try body(DiaryEntries(store: store)) }
    }

    /// Runs `body` on a thread of its own, off the concurrency pool, and waits for it.
    private static func onOwnThread(_ body: @escaping () throws -> Void) async throws {
        let work = UncheckedWork(body)
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, Error>) in
            Thread { done.resume(with: Result { try work.run() }) }.start()
        }
    }

    /// Runs `body` with the respondents' store the server keeps: in the PostgreSQL database at
    /// `database` (its pool running for as long as `body` runs), else in the data directory,
    /// which must exist.
    static func withRespondents(
        data: DataDirectoryOption, database url: DatabaseURL?,
        _ body: (any ReviewedRespondentStore) async throws -> Void
    ) async throws {
        guard let url else {
            let services = try data.existingServices()
            try await body(
                try SQLiteRespondentStore(path: services.layout.respondentsDatabase.path))
            return
        }
        try await withDatabase(url, schemas: [PostgresRespondentStore.schema]) { database in
            try await body(
                PostgresRespondentStore(client: database.client, operations: database.operations))
        }
    }

    /// Runs `body` with the menu's store: in PostgreSQL when `database` is given (its pool
    /// running for as long as `body` runs), else in the data directory (made if missing when
    /// `creating`, else one that does not exist is an error).
    static func withMenu(
        data: DataDirectoryOption, database url: DatabaseURL?, creating: Bool,
        _ body: (any MenuStore) async throws -> Void
    ) async throws {
        guard let url else {
            let services = try creating ? data.services() : data.existingServices()
            try await body(try SQLiteMenuStore(path: services.layout.menuDatabase.path))
            return
        }
        try await withDatabase(url, schemas: [PostgresMenuStore.schema]) { database in
            try await body(
                PostgresMenuStore(client: database.client, operations: database.operations))
        }
    }

    /// Whether the data directory's server has any user (a look at the users' database, when
    /// there is one: a data directory without it has none, and none is made).
    func hasUsers() async throws -> Bool {
        guard hasUsersDatabase else { return false }
        return try await withUsers(database: nil) { users, _ in try await !users.all().isEmpty }
    }

    /// Whether the data directory's server has a user named `name`.
    func hasUser(named name: String) async throws -> Bool {
        guard hasUsersDatabase else { return false }
        return try await withUsers(database: nil) { users, _ in
            try await users.all().contains { $0.name == name }
        }
    }

    /// Whether the users' database is there: one `access` call, as `diary add` in a shell loop
    /// makes it on every entry.
    var hasUsersDatabase: Bool {
        access(layout.usersDatabase.path, F_OK) == 0
    }

    /// The "save password?" controller over the sealed preference vault.
    func preferences() throws -> StorageController {
        StorageController(persistenceStore: try PreferenceVault.open(in: layout.preferenceVault))
    }

    /// Runs `body` with the server's users and tokens: in `database` when one is given (its
    /// pool running, its tables migrated, for as long as `body` runs), else in the data
    /// directory.
    func withUsers<T: Sendable>(
        database: DatabaseURL?,
        _ body: @Sendable (Users, APITokens) async throws -> T
    ) async throws -> T {
        let hasher = BcryptPasswordHasher(cost: PasswordCost.current)
        guard let url = database else {
            let directory = try SQLiteUserDirectory(path: layout.usersDatabase.path)
            return try await body(
                Users(store: directory, hasher: hasher),
                APITokens(tokens: directory, users: directory))
        }
        return try await Self.withDatabase(url, schemas: [PostgresUserDirectory.schema]) {
            database in
            let directory = PostgresUserDirectory(
                client: database.client, operations: database.operations)
            return try await body(
                Users(store: directory, hasher: hasher),
                APITokens(tokens: directory, users: directory))
        }
    }

    /// Runs `body` with the users' audit log: in `database` when one is given, else in the data
    /// directory.
    func withAudit<T: Sendable>(
        database: DatabaseURL?, _ body: @Sendable (any AuditStore) async throws -> T
    ) async throws -> T {
        guard let url = database else {
            return try await body(try SQLiteUserDirectory(path: layout.usersDatabase.path))
        }
        return try await Self.withDatabase(url, schemas: [PostgresUserDirectory.schema]) {
            database in
            try await body(
                PostgresUserDirectory(client: database.client, operations: database.operations))
        }
    }

    /// Appends `action` to the audit log, as done from the command line by the system's user
    /// (`$USER`); a log that cannot be written is said on standard error, and the change stays.
    func audit(
        _ action: AuditEvent.Action, subject: String?, detail: String? = nil,
        database: DatabaseURL?
    ) async {
        let who = ProcessInfo.processInfo.environment["USER"].map { "\($0) (command line)" }
        let event = AuditEvent(
            at: Date(), action: action, actor: who ?? "command line", subject: subject,
            detail: detail)
        do {
            try await withAudit(database: database) { try await $0.append(event) }
        } catch {
            StandardStreams.error("casebook: the audit log could not be written: \(error)")
        }
    }

    /// Where the last username is remembered.
    func login() throws -> KeyValueFile {
        try KeyValueFile(url: layout.loginFile)
    }
}
