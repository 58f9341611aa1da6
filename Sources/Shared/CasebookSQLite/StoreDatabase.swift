import GRDB
import StoreFailures

/// A store's database (a pool, or one connection), through which every read and write goes, so
/// that every store reports a database that fails (damaged, full, read-only, busy for too long)
/// the same way: as `StoreUnavailableError` naming the store.
public struct StoreDatabase: Sendable {
    /// The store, as a person would name it.
    public let store: String
    private let writer: any DatabaseWriter

    /// Opens (creating and migrating) the database at `path` with a pool of connections, or one
    /// connection; see `SQLiteDatabase.open`.
    public init(
        store: String, path: String, migrations: [StoreMigration],
        connections: StoreConnections = .pool
    ) throws {
        try self.init(
            store: store, path: path, migrations: migrations, connections: connections,
            functions: [])
    }

    /// The same, with SQL functions written in Swift (`functions`) on every connection.
    public init(
        store: String, path: String, migrations: [StoreMigration], connections: StoreConnections,
        functions: [DatabaseFunction]
    ) throws {
        self.store = store
        let migrator = StoreMigration.migrator(migrations)
        do {
            switch connections {
            case .pool:
                writer = try SQLiteDatabase.open(
                    path: path, migrator: migrator, functions: functions)
            case .one:
                writer = try SQLiteDatabase.openOneConnection(
                    path: path, migrator: migrator, functions: functions)
            }
        } catch let error as DatabaseError {
            throw OpenError(
                file: String(path.split(separator: "/").last ?? Substring(path)),
                reason:
                    "\(error.message ?? "\(error.resultCode)") (SQLite error \(error.resultCode.rawValue))"
            )
        }
    }

    /// A store's database that this process already holds (one in memory), migrated.
    public init(store: String, writer: any DatabaseWriter, migrations: [StoreMigration]) throws {
        self.store = store
        try StoreMigration.migrator(migrations).migrate(writer)
        self.writer = writer
    }

    /// A store's file SQLite would not open or migrate, named by its file (in the data
    /// directory), with SQLite's reason: `users.sqlite: file is not a database (SQLite error 26)`.
    public struct OpenError: Error, CustomStringConvertible {
        public let file: String
        public let reason: String

        public var description: String { "\(file): \(reason)" }
    }

    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try translating { try writer.read(body) }
    }

    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try translating { try writer.write(body) }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws
        -> T
    {
        do {
            return try await writer.read(body)
        } catch let error as DatabaseError {
            throw Self.unavailable(store, error)
        }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T)
        async throws -> T
    {
        do {
            return try await writer.write(body)
        } catch let error as DatabaseError {
            throw Self.unavailable(store, error)
        }
    }

    /// A read outside a transaction: for one statement that is atomic on its own.
    public func unsafeRead<T>(_ body: (Database) throws -> T) throws -> T {
        try translating { try writer.unsafeRead(body) }
    }

    private func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw Self.unavailable(store, error)
        }
    }

    /// `error` as the store's unavailability: temporary when another connection held the
    /// database for longer than the wait (busy or locked).
    private static func unavailable(_ store: String, _ error: DatabaseError)
        -> StoreUnavailableError
    {
        StoreUnavailableError(
            store: store, reason: reason(error),
            isTemporary: error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED)
    }

    /// SQLite's own explanation, without the statement or its arguments.
    private static func reason(_ error: DatabaseError) -> String {
        error.message ?? "\(error.resultCode)"
    }
}
