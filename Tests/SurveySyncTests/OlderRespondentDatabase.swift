import GRDB

/// A respondents database as the first version of the store made it, before identities and
/// digests, to show that opening it migrates it without losing anything.
enum OlderRespondentDatabase {
    static func create(at path: String, respondents: [String: String]) throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('create respondent');
                    CREATE TABLE respondent (
                        id TEXT PRIMARY KEY NOT NULL, body TEXT NOT NULL,
                        revision INTEGER NOT NULL, receivedAt TEXT NOT NULL);
                    CREATE INDEX respondent_revision ON respondent(revision);
                    """)
            for (revision, (id, body)) in respondents.sorted(by: { $0.key < $1.key }).enumerated() {
                try db.execute(
                    sql: "INSERT INTO respondent VALUES (?, ?, ?, '2026-01-01T00:00:00Z')",
                    arguments: [id, body, revision + 1])
            }
        }
    }
}
