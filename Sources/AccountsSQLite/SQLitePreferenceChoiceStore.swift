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
        let row = try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT choice, username FROM preference WHERE userId = ?",
                arguments: [userId])
        }
        guard let row else { return nil }
        let text: String = row["choice"]
        guard let choice = PreferenceChoice.Choice(rawValue: text) else {
            throw DamagedRowError(
                store: "preferences", key: userId, problem: "unknown choice '\(text)'")
        }
        return PreferenceChoice(choice: choice, username: row["username"])
    }
}
