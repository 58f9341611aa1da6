import CasebookPostgres
import DiaryCore
import Foundation
import PostgresNIO
import StoreFailures

/// The diary in PostgreSQL, shared by every server on the database. `DiaryStore` is synchronous
/// (as the case study's store is), so each call waits on its thread for PostgresNIO: call it
/// from threads of your own (`NIOThreadPool`), never from the concurrency pool's.
public final class PostgresDiaryStore: RevisedDiaryStore, Sendable {
    private let client: PostgresClient
    private let operations: PostgresOperations
    /// Whose entries this store holds: a user's name, or "" for the diary of a server with no
    /// users. Entries of other owners are not there for it.
    public let owner: String

    /// The tables, for `PostgresDatabase.prepare`.
    public static let schema = PostgresSchema(
        store: "diary",
        migrations: [
            PostgresMigration(
                1, "create entry",
                sql: [
                    """
                    CREATE TABLE diary_entry (
                        id text COLLATE "C" PRIMARY KEY,
                        date double precision NOT NULL,
                        text text NOT NULL
                    )
                    """,
                    "CREATE INDEX diary_entry_newest ON diary_entry (date DESC, id DESC)",
                ]),
            PostgresMigration(
                2, "count revisions",
                sql: [
                    """
                    CREATE TABLE diary_revision (
                        id integer PRIMARY KEY CHECK (id = 1), value bigint NOT NULL)
                    """,
                    "INSERT INTO diary_revision (id, value) VALUES (1, 0)",
                    """
                    CREATE FUNCTION diary_count_revision() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        UPDATE diary_revision SET value = value + 1;
                        RETURN NULL;
                    END $$
                    """,
                    """
                    CREATE TRIGGER diary_entry_changed
                        AFTER INSERT OR UPDATE OR DELETE ON diary_entry
                        FOR EACH STATEMENT EXECUTE FUNCTION diary_count_revision()
                    """,
                ]),
            PostgresMigration(
                3, "revise each entry",
                sql: ["ALTER TABLE diary_entry ADD COLUMN revision bigint NOT NULL DEFAULT 1"]),
            PostgresMigration(
                4, "an owner for each entry",
                sql: [
                    "ALTER TABLE diary_entry ADD COLUMN owner text COLLATE \"C\" NOT NULL DEFAULT ''",
                    "CREATE INDEX diary_entry_owner_newest ON diary_entry (owner, date DESC, id DESC)",
                ]),
        ])

    /// The store on `client`, whose database `PostgresDatabase.prepare` has migrated; every
    /// operation goes through `operations` (an operation that waits longer than its deadline
    /// fails as unavailable).
    public convenience init(
        client: PostgresClient, operations: PostgresOperations = PostgresOperations()
    ) {
        self.init(client: client, operations: operations, owner: "")
    }

    /// `owner`'s diary on the shared tables.
    public init(client: PostgresClient, operations: PostgresOperations, owner: String) {
        self.client = client
        self.operations = operations
        self.owner = owner
    }

    public func save(_ entry: Entry) throws {
        let id = Self.key(entry.id)
        let date = entry.date.timeIntervalSinceReferenceDate
        let text = entry.text
        let owner = owner
        let saved = try run { client -> Bool in
            // An id another owner holds is never overwritten (ids are UUIDs: only a forged one
            // can clash).
            let rows = try await client.query(
                """
                INSERT INTO diary_entry (id, date, text, owner) VALUES (\(id), \(date), \(text), \(owner))
                ON CONFLICT (id) DO UPDATE SET
                    text = excluded.text, revision = diary_entry.revision + 1
                    WHERE diary_entry.owner = excluded.owner
                RETURNING id
                """)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
        guard saved else { throw DiaryError.unknownEntry(entry.id) }
    }

    public func revisedEntry(id: Entry.ID) throws -> RevisedEntry? {
        let key = Self.key(id)
        return try revisedEntries(
            """
            SELECT \(unescaped: PostgresEntryRow.columns) FROM diary_entry
            WHERE id = \(key) AND owner = \(owner)
            """
        ).first
    }

    public func save(_ entry: Entry, ifRevision revision: Int) throws -> Int {
        let key = Self.key(entry.id)
        let owner = owner
        let text = entry.text
        let updated: Int? = try run { client -> Int? in
            let rows = try await client.query(
                """
                UPDATE diary_entry SET text = \(text), revision = revision + 1
                WHERE id = \(key) AND revision = \(revision) AND owner = \(owner)
                RETURNING revision
                """)
            for try await revision in rows.decode(Int.self) { return revision }
            return nil
        }
        if let updated { return updated }
        guard let current = try revisedEntry(id: entry.id) else {
            throw DiaryError.unknownEntry(entry.id)
        }
        throw DiaryConflictError(current: current)
    }

    public func remove(id: Entry.ID, ifRevision revision: Int) throws {
        let key = Self.key(id)
        let owner = owner
        let removed: Bool = try run { client -> Bool in
            let rows = try await client.query(
                """
                DELETE FROM diary_entry
                WHERE id = \(key) AND revision = \(revision) AND owner = \(owner)
                RETURNING revision
                """)
            for try await _ in rows.decode(Int.self) { return true }
            return false
        }
        if removed { return }
        guard let current = try revisedEntry(id: id) else { throw DiaryError.unknownEntry(id) }
        throw DiaryConflictError(current: current)
    }

    public func remove(id: Entry.ID) throws {
        let key = Self.key(id)
        let owner = owner
        try run { client in
            try await client.query(
                "DELETE FROM diary_entry WHERE id = \(key) AND owner = \(owner)")
        }
    }

    public func entry(id: Entry.ID) throws -> Entry? {
        try revisedEntry(id: id)?.entry
    }

    public func newestEntries(limit: Int, offset: Int) throws -> [Entry] {
        let limit = max(0, limit)
        let offset = max(0, offset)
        return try revisedEntries(
            """
            SELECT \(unescaped: PostgresEntryRow.columns) FROM diary_entry WHERE owner = \(owner)
            ORDER BY date DESC, id DESC
            LIMIT \(limit) OFFSET \(offset)
            """
        ).map(\.entry)
    }

    /// Seeks to the position in the index on (owner, date, id).
    public func newestEntries(limit: Int, after cursor: DiaryCursor?) throws -> [Entry] {
        guard let cursor else { return try newestEntries(limit: limit, offset: 0) }
        let limit = max(0, limit)
        let date = cursor.date.timeIntervalSinceReferenceDate
        let id = EntryIDText.text(of: cursor.id)
        return try revisedEntries(
            """
            SELECT \(unescaped: PostgresEntryRow.columns) FROM diary_entry
            WHERE owner = \(owner) AND (date, id) < (\(date), \(id))
            ORDER BY date DESC, id DESC
            LIMIT \(limit)
            """
        ).map(\.entry)
    }

    /// Seeks to the position in the index on (owner, date, id), reading towards the top.
    public func newerEntries(limit: Int, before cursor: DiaryCursor) throws -> [Entry] {
        let limit = max(0, limit)
        let date = cursor.date.timeIntervalSinceReferenceDate
        let id = EntryIDText.text(of: cursor.id)
        return try revisedEntries(
            """
            SELECT \(unescaped: PostgresEntryRow.columns) FROM diary_entry
            WHERE owner = \(owner) AND (date, id) > (\(date), \(id))
            ORDER BY date ASC, id ASC
            LIMIT \(limit)
            """
        ).map(\.entry).reversed()
    }

    public func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] {
        // Ids hold only 0-9, a-f and '-', all below '~' in the C collation the column has.
        let end = prefix + "~"
        let owner = owner
        let limit = max(0, limit)
        return try run { client in
            var ids: [Entry.ID] = []
            let rows = try await client.query(
                """
                SELECT id FROM diary_entry
                WHERE id >= \(prefix) AND id < \(end) AND owner = \(owner)
                ORDER BY id LIMIT \(limit)
                """)
            for try await id in rows.decode(String.self) {
                if let id = UUID(uuidString: id) { ids.append(id) }
            }
            return ids
        }
    }

    public func count() throws -> Int {
        try number("SELECT COUNT(*)::bigint FROM diary_entry WHERE owner = \(owner)")
    }

    public func revision() throws -> Int {
        try number("SELECT value FROM diary_revision")
    }

    /// `revision()` without waiting on a thread: for a caller already in async code (the list
    /// page asks for every view).
    public func currentRevision() async throws -> Int {
        try await operations.run(store: "diary", on: client) { client in
            for try await value in try await client.query("SELECT value FROM diary_revision")
                .decode(Int.self)
            {
                return value
            }
            throw DamagedRowError(store: "diary", key: nil, problem: "it has no revision")
        }
    }

    private func number(_ query: PostgresQuery) throws -> Int {
        try run { client in
            for try await value in try await client.query(query).decode(Int.self) {
                return value
            }
            throw DamagedRowError(store: "diary", key: nil, problem: "a count gave no row")
        }
    }

    /// The entries `query` (which selects `PostgresEntryRow.columns`) gives.
    private func revisedEntries(_ query: PostgresQuery) throws -> [RevisedEntry] {
        try run { client in
            var entries: [RevisedEntry] = []
            let rows = try await client.query(query)
            for try await row in rows.decode(PostgresEntryRow.Columns.self) {
                entries.append(try PostgresEntryRow.revisedEntry(row))
            }
            return entries
        }
    }

    /// `operation` on the pool, waited for; a database out of reach is a
    /// `StoreUnavailableError`, a damaged row a `DamagedRowError`.
    @discardableResult
    private func run<T: Sendable>(
        _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) throws -> T {
        let client = client
        let operations = operations
        return try BlockingCall.wait {
            try await operations.run(store: "diary", on: client, operation)
        }
    }

    /// A stored row as an entry; an id that is not a UUID was not written by this store.
    private static func key(_ id: Entry.ID) -> String {
        id.uuidString.lowercased()
    }
}
