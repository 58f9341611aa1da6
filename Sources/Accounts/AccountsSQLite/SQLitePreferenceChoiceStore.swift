import AccountsCore
import CasebookSQLite
import Foundation
import GRDB
import StoreFailures

/// Users' preference choices in a SQLite file (WAL mode, migrated when opened). There is no
/// column for a password: the backend cannot store one.
public final class SQLitePreferenceChoiceStore: PreferenceChoiceStore {
    private let database: StoreDatabase

    public init(path: String) throws {
        database = try StoreDatabase(store: "preferences", path: path, migrations: Self.migrations)
    }

    private static let migrations: [StoreMigration] = [
        StoreMigration(
            "create preference",
            sql: """
                    CREATE TABLE preference (
                        userId TEXT PRIMARY KEY NOT NULL,
                        choice TEXT NOT NULL,
                        username TEXT,
                        updatedAt TEXT NOT NULL
                    )
                """)
    ]

    public func save(_ choice: PreferenceChoice, forUser userId: String) async throws {
        let now = Date().formatted(.iso8601)
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO preference (userId, choice, username, updatedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(userId) DO UPDATE SET
                        choice = excluded.choice, username = excluded.username,
                        updatedAt = excluded.updatedAt
                    """,
                arguments: [userId, choice.choice.rawValue, choice.username, now])
        }
    }

    public func choice(forUser userId: String) async throws -> PreferenceChoice? {
        // Plain values out of the read, so that it runs as GRDB's asynchronous read.
        let row: (choice: String, username: String?)? = try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT choice, username FROM preference WHERE userId = ?",
                arguments: [userId]
            ).map { ($0["choice"], $0["username"]) }
        }
        guard let row else { return nil }
        guard let choice = PreferenceChoice.Choice(rawValue: row.choice) else {
            throw DamagedRowError(
                store: "preferences", key: userId, problem: "unknown choice '\(row.choice)'")
        }
        return PreferenceChoice(choice: choice, username: row.username)
    }
}
