import CasebookPostgres
import CasebookTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// Migrations as an operator meets them: applied once, in order, by one instance at a time;
/// never half-applied; refused when the database is newer than the program.
@Suite("PostgreSQL schema migrations")
struct PostgresSchemaTests {
    static let notes = PostgresSchema(
        store: "notes",
        migrations: [
            PostgresMigration(
                1, "create note", sql: ["CREATE TABLE note (id integer PRIMARY KEY)"]),
            PostgresMigration(2, "add text", sql: ["ALTER TABLE note ADD COLUMN text text"]),
        ])

    @Test func appliesEachMigrationOnceAndKeepsTheData() async throws {
        let url = try await PostgresTesting.newDatabaseURL()
        try await Self.withRunning(url) { database in
            try await database.prepare([
                PostgresSchema(store: "notes", migrations: [Self.notes.migrations[0]])
            ])
            try await database.client.query("INSERT INTO note (id) VALUES (1)")
            try await database.prepare([Self.notes])
            try await database.prepare([Self.notes])
            try await database.client.query("UPDATE note SET text = 'kept' WHERE id = 1")
            var rows: [String] = []
            for try await text in try await database.client.query(
                "SELECT text FROM note"
            ).decode(String.self) { rows.append(text) }
            #expect(rows == ["kept"])
        }
    }

    @Test func instancesStartingTogetherMigrateOneAtATime() async throws {
        let url = try await PostgresTesting.newDatabaseURL()
        // Eight instances at once: without the advisory lock, two would create the same table.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await Self.withRunning(url) { database in
                        try await database.prepare([Self.notes])
                    }
                }
            }
            try await group.waitForAll()
        }
        try await Self.withRunning(url) { database in
            var versions: [Int] = []
            for try await version in try await database.client.query(
                "SELECT version FROM casebook_schema WHERE store = 'notes' ORDER BY version"
            ).decode(Int.self) { versions.append(version) }
            #expect(versions == [1, 2])
        }
    }

    @Test func aFailingMigrationLeavesNothingOfItself() async throws {
        let url = try await PostgresTesting.newDatabaseURL()
        let broken = PostgresSchema(
            store: "notes",
            migrations: Self.notes.migrations + [
                PostgresMigration(
                    3, "half", sql: ["CREATE TABLE half (id integer)", "SELECT * FROM missing"])
            ])
        try await Self.withRunning(url) { database in
            await #expect {
                try await database.prepare([broken])
            } throws: { error in
                let text = "\(error)"
                return text.contains("migration 3 of the notes tables (half) failed")
                    && text.contains("\"missing\" does not exist") && text.contains("127.0.0.1")
            }
            var tables = 0
            for try await count in try await database.client.query(
                "SELECT COUNT(*)::int FROM pg_tables WHERE tablename = 'half'"
            ).decode(Int.self) { tables = count }
            #expect(tables == 0)
            try await database.prepare([Self.notes])
        }
    }

    @Test func aDatabaseMigratedByANewerCasebookIsRefused() async throws {
        let url = try await PostgresTesting.newDatabaseURL()
        try await Self.withRunning(url) { database in
            try await database.prepare([Self.notes])
            let older = PostgresSchema(store: "notes", migrations: [Self.notes.migrations[0]])
            await #expect {
                try await database.prepare([older])
            } throws: { error in
                "\(error)".contains("newer than this Casebook knows (1)")
            }
        }
    }

    @Test func aDatabaseOutOfReachIsOneLineNamingHostAndPort() async throws {
        let port = try FreePort.find()
        let url = "postgres://casebook@127.0.0.1:\(port)/none?sslmode=disable"
        try await Self.withRunning(url) { database in
            await #expect {
                try await database.prepare([Self.notes])
            } throws: { error in
                let text = "\(error)"
                return text.hasPrefix(
                    "cannot use the PostgreSQL database none at 127.0.0.1:\(port): ")
                    && !text.contains("\n")
            }
        }
    }

    @Test func aMissingDatabaseIsNamed() async throws {
        let url = try await PostgresTesting.newDatabaseURL()
        let missing = url.replacingOccurrences(
            of: #"/test_[0-9_]+\?"#, with: "/nosuchdb?", options: .regularExpression)
        try await Self.withRunning(missing) { database in
            await #expect {
                try await database.prepare([Self.notes])
            } throws: { error in
                "\(error)".contains("database \"nosuchdb\" does not exist")
            }
        }
    }

    /// A database that offers no TLS where the URL requires it is said in words, not by the
    /// driver's name for the case.
    @Test func aServerWithoutTLSWhereTheURLRequiresItIsSaidInWords() async throws {
        let url = try await PostgresTesting.newDatabaseURL()
        let required = url.replacingOccurrences(of: "sslmode=disable", with: "sslmode=require")
        #expect(required != url)
        try await Self.withRunning(required) { database in
            await #expect {
                try await database.prepare([Self.notes])
            } throws: { error in
                "\(error)".hasSuffix(
                    ": the server does not offer TLS, which the URL's sslmode (require or verify-full) asks for"
                )
            }
        }
    }

    /// `body` with a database whose pool runs, ended after.
    static func withRunning(
        _ url: String, _ body: @Sendable (PostgresDatabase) async throws -> Void
    ) async throws {
        let database = try PostgresDatabase(url: DatabaseURL(url))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await database.run() }
            defer { group.cancelAll() }
            try await body(database)
        }
    }
}

@Suite("PostgreSQL failures, said plainly")
struct PostgresFailureTests {
    /// A statement that fails inside a transaction is reported by the server's message, not by
    /// the transaction's wrapper with the query's text.
    @Test func aFailureInATransactionIsTheServersMessage() async throws {
        let url = try await PostgresTesting.newDatabaseURL()
        try await PostgresSchemaTests.withRunning(url) { database in
            do {
                try await database.client.withTransaction(logger: PostgresDatabase.quietLogger) {
                    connection in
                    _ = try await connection.query(
                        "SELECT * FROM missing", logger: PostgresDatabase.quietLogger)
                }
                Issue.record("the query should have failed")
            } catch {
                #expect(
                    PostgresFailure.reason(error)
                        == "relation \"missing\" does not exist (SQLSTATE 42P01)")
                #expect(PostgresFailure.sqlState(error) == "42P01")
                #expect(!PostgresFailure.isUnreachable(error))
            }
        }
    }
}
