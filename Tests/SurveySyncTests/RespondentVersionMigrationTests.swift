import CasebookPostgres
import CasebookTestSupport
import Foundation
import GRDB
import PostgresTestSupport
import SurveySync
import SurveySyncPostgres
import Testing

/// A store written before versions were kept numbers the arrivals its histories hold and keeps
/// each respondent's current version; the versions those replaced were never kept, and say so.
@Suite("Versions in a store written before they were kept")
struct RespondentVersionMigrationTests {
    private static let first = Respondent(id: "a", fields: ["id": "a", "n": 1])
    private static let second = {
        var second = Respondent(id: "a", fields: ["id": "a", "n": 2])
        second.originalYAML = "id: a\nn: 2  # the tablet's\n"
        return second
    }()
    private static let tablet = RespondentSender(user: "sam", device: "tablet 1")

    /// Writes two versions of "a" and one of "b", reviewed between.
    private static func write(_ store: any ReviewedRespondentStore) async throws {
        _ = try await store.upsert([first, Respondent(id: "b", fields: ["id": "b"])])
        try await store.setReview(.approved, of: ["a"], by: "ines", comment: nil)
        _ = try await store.upsert([second], from: tablet)
        try await store.setReview(.approved, of: ["b"], by: "ines", comment: nil)
    }

    private static func expectNumberedWithTheCurrentKept(_ store: any ReviewedRespondentStore)
        async throws
    {
        #expect(try await store.history(of: "a").map(\.version) == [1, nil, 2])
        #expect(try await store.history(of: "b").map(\.version) == [1, nil])
        let replaced = try #require(try await store.version(1, of: "a"))
        #expect(replaced.respondent == nil)
        #expect(replaced.sender == .unknown)
        let current = try #require(try await store.version(2, of: "a"))
        #expect(current.respondent == second)
        #expect(current.respondent?.originalYAML == second.originalYAML)
        #expect(current.sender == tablet)
        #expect(try await store.version(1, of: "b")?.respondent?.id == "b")
        #expect(try await store.version(3, of: "a") == nil)
        // A change after the migration keeps the version it replaces, file and all.
        let third = Respondent(id: "a", fields: ["id": "a", "n": 3])
        _ = try await store.upsert([third], from: tablet)
        #expect(try await store.version(1, of: "a")?.respondent == nil)
        let kept = try #require(try await store.version(2, of: "a"))
        #expect(kept.respondent == second)
        #expect(kept.respondent?.originalYAML == second.originalYAML)
        #expect(try await store.version(3, of: "a")?.respondent == third)
    }

    @Test func sqlite() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("respondents.sqlite").path
        try await Self.write(SQLiteRespondentStore(path: path))
        // The store as it was before the migration: no versions, no bodies.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(
                sql: """
                    DROP INDEX respondent_event_version;
                    ALTER TABLE respondent_event DROP COLUMN version;
                    ALTER TABLE respondent_event DROP COLUMN body;
                    ALTER TABLE respondent_event DROP COLUMN original;
                    DELETE FROM grdb_migrations WHERE identifier = 'respondent versions';
                    """)
        }
        try await queue.close()
        try await Self.expectNumberedWithTheCurrentKept(SQLiteRespondentStore(path: path))
    }

    @Test func postgres() async throws {
        try await PostgresTesting.withDatabases(1, schemas: [PostgresRespondentStore.schema]) {
            databases in
            let database = databases[0]
            try await Self.write(PostgresRespondentStore(client: database.client))
            try await database.client.query(
                """
                ALTER TABLE respondent_event DROP COLUMN version, DROP COLUMN body,
                    DROP COLUMN original
                """)
            try await database.client.query(
                "DELETE FROM casebook_schema WHERE store = 'respondents' AND version = 9")
            try await database.prepare([PostgresRespondentStore.schema])
            try await Self.expectNumberedWithTheCurrentKept(
                PostgresRespondentStore(client: database.client))
        }
    }
}
