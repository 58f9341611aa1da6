import CasebookSQLite
import Foundation
import GRDB
import StoreFailures

/// Respondents in a SQLite file (WAL mode), created and migrated when opened.
public final class SQLiteRespondentStore: RespondentStore {
    private let database: StoreDatabase

    /// Opens (creating if needed) the database at `path`.
    public init(path: String) throws {
        database = try StoreDatabase(store: "respondents", path: path, migrator: Self.migrator)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("create respondent") { db in
            try db.execute(
                sql: """
                    CREATE TABLE respondent (
                        id TEXT PRIMARY KEY NOT NULL,
                        body TEXT NOT NULL,
                        revision INTEGER NOT NULL,
                        receivedAt TEXT NOT NULL
                    );
                    CREATE INDEX respondent_revision ON respondent(revision);
                    """)
        }
        return migrator
    }

    public func upsert(_ respondents: [Respondent]) async throws -> UpsertCounts {
        let rows = respondents.map { ($0.id, JSONWriter.string(.object($0.fields))) }
        return try await database.write { db in
            var counts = UpsertCounts(received: rows.count)
            var revision =
                try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(revision), 0) FROM respondent") ?? 0
            let now = Date().formatted(.iso8601)
            // Prepared once per transaction, not once per respondent.
            let select = try db.cachedStatement(sql: "SELECT body FROM respondent WHERE id = ?")
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO respondent (id, body, revision, receivedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET
                        body = excluded.body, revision = excluded.revision,
                        receivedAt = excluded.receivedAt
                    """)
            for (id, body) in rows {
                let existing = try String.fetchOne(select, arguments: [id])
                if existing == body {
                    counts.unchanged += 1
                    continue
                }
                revision += 1
                try upsert.execute(arguments: [id, body, revision, now])
                if existing == nil { counts.created += 1 } else { counts.updated += 1 }
            }
            return counts
        }
    }

    public func respondents(limit: Int, after id: String?) async throws -> [Respondent] {
        let bodies = try await database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT body FROM respondent WHERE id > ? ORDER BY id LIMIT ?",
                arguments: [id ?? "", limit])
        }
        return try bodies.map(Self.decode)
    }

    public func newestRespondents(limit: Int, offset: Int) async throws -> [Respondent] {
        let bodies = try await database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT body FROM respondent ORDER BY revision DESC LIMIT ? OFFSET ?",
                arguments: [limit, offset])
        }
        return try bodies.map(Self.decode)
    }

    public func respondent(id: String) async throws -> Respondent? {
        let body = try await database.read { db in
            try String.fetchOne(
                db, sql: "SELECT body FROM respondent WHERE id = ?", arguments: [id])
        }
        return try body.map(Self.decode)
    }

    public func count() async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM respondent") ?? 0
        }
    }

    /// A stored body back as a respondent; a body that is not one means the file was tampered
    /// with, which is an error, never a wrong answer.
    private static func decode(_ body: String) throws -> Respondent {
        let json: JSONValue
        do {
            json = try JSONParser.parse(Array(body.utf8))
        } catch {
            throw DamagedRowError(store: "respondents", key: nil, problem: "\(error)")
        }
        guard let respondent = Respondent(json: json) else {
            throw DamagedRowError(store: "respondents", key: nil, problem: "it has no id")
        }
        return respondent
    }
}
