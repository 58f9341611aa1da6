import Logging
import PostgresNIO

/// A store's tables in PostgreSQL: its migrations, and which of them the database has had
/// (recorded in `casebook_schema`, one row per store and version).
public struct PostgresSchema: Sendable {
    /// The advisory lock every instance takes while it migrates: "casebook" in ASCII.
    static let lockKey: Int64 = 0x63_61_73_65_62_6F_6F_6B

    public let store: String
    public let migrations: [PostgresMigration]

    public init(store: String, migrations: [PostgresMigration]) {
        precondition(
            migrations.map(\.version) == migrations.indices.map { $0 + 1 },
            "migrations are numbered 1, 2, 3… in order")
        self.store = store
        self.migrations = migrations
    }

    /// Applies what the database has not had yet, each migration in its own transaction with
    /// the row that records it: a failure leaves the database at the last whole migration.
    func migrate(on connection: PostgresConnection, logger: Logger) async throws {
        _ = try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS casebook_schema (
                store text NOT NULL,
                version integer NOT NULL,
                name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (store, version)
            )
            """, logger: logger)
        let current = try await PostgresDatabase.single(
            Int.self,
            "SELECT COALESCE(MAX(version), 0)::int FROM casebook_schema WHERE store = \(store)",
            on: connection)
        guard current <= migrations.count else {
            throw PostgresStartError.Problem(
                "the \(store) tables are at version \(current), newer than this Casebook knows (\(migrations.count)): it was migrated by a newer Casebook"
            )
        }
        for migration in migrations.dropFirst(current) {
            do {
                try await connection.withTransaction(logger: logger) { connection in
                    for statement in migration.sql {
                        _ = try await connection.query(
                            PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    _ = try await connection.query(
                        """
                        INSERT INTO casebook_schema (store, version, name)
                        VALUES (\(store), \(migration.version), \(migration.name))
                        """, logger: logger)
                }
            } catch {
                throw PostgresStartError.Problem(
                    "migration \(migration.version) of the \(store) tables (\(migration.name)) failed, nothing of it applied: \(PostgresFailure.reason(error))"
                )
            }
        }
    }
}
