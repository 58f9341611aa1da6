import GRDB

/// One step of a store's schema, applied once, in order, when the store opens: SQL, or code for
/// what SQL alone cannot do (such as computing digests of existing rows).
public struct StoreMigration: Sendable {
    public let name: String
    let apply: @Sendable (Database) throws -> Void

    public init(_ name: String, sql: String) {
        self.name = name
        apply = { db in try db.execute(sql: sql) }
    }

    public init(_ name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.name = name
        self.apply = apply
    }

    /// The migrations as GRDB runs them.
    static func migrator(_ migrations: [StoreMigration]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.name, migrate: migration.apply)
        }
        return migrator
    }
}
