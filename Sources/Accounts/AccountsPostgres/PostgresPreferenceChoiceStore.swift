import AccountsCore
import CasebookPostgres
import PostgresNIO
import StoreFailures

/// Users' preference choices in PostgreSQL, shared by every server on the database. As in
/// SQLite, there is no column for a password.
public final class PostgresPreferenceChoiceStore: PreferenceChoiceStore {
    private let client: PostgresClient
    private let operations: PostgresOperations

    /// The tables, for `PostgresDatabase.prepare`.
    public static let schema = PostgresSchema(
        store: "preferences",
        migrations: [
            PostgresMigration(
                1, "create preference",
                sql: [
                    """
                    CREATE TABLE preference (
                        user_id text PRIMARY KEY,
                        choice text NOT NULL,
                        username text,
                        updated_at timestamptz NOT NULL DEFAULT now()
                    )
                    """
                ])
        ])

    /// The store on `client`, whose database `PostgresDatabase.prepare` has migrated; every
    /// operation goes through `operations` (an operation that waits longer than its deadline
    /// fails as unavailable).
    public init(client: PostgresClient, operations: PostgresOperations = PostgresOperations()) {
        self.client = client
        self.operations = operations
    }

    public func save(_ choice: PreferenceChoice, forUser userId: String) async throws {
        let value = choice.choice.rawValue
        let username = choice.username
        try await answering { client in
            try await client.query(
                """
                INSERT INTO preference (user_id, choice, username) VALUES (\(userId), \(value), \(username))
                ON CONFLICT (user_id) DO UPDATE SET
                    choice = excluded.choice, username = excluded.username, updated_at = now()
                """)
        }
    }

    public func choice(forUser userId: String) async throws -> PreferenceChoice? {
        let row = try await answering { client -> (String, String?)? in
            let rows = try await client.query(
                "SELECT choice, username FROM preference WHERE user_id = \(userId)")
            for try await row in rows.decode((String, String?).self) { return row }
            return nil
        }
        guard let (text, username) = row else { return nil }
        guard let choice = PreferenceChoice.Choice(rawValue: text) else {
            throw DamagedRowError(
                store: "preferences", key: userId, problem: "unknown choice '\(text)'")
        }
        return PreferenceChoice(choice: choice, username: username)
    }

    @discardableResult
    private func answering<T: Sendable>(
        _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        try await operations.run(store: "preferences", on: client, operation)
    }
}
