import CasebookPostgres
import Foundation
import Menu
import PostgresNIO
import StoreFailures

/// The menu's revisions in PostgreSQL, shared by every server on the database: a row per
/// revision, its menu as the menu file `MenuFileWriter` writes. A save inserts the next number
/// only while the one it was made from is the newest; of two saves from one revision, the
/// second finds the number taken (its primary key) and is a conflict.
public final class PostgresMenuStore: MenuStore, DishPhotoStore {
    private let client: PostgresClient
    private let operations: PostgresOperations

    /// The tables, for `PostgresDatabase.prepare`.
    public static let schema = PostgresSchema(
        store: "menu",
        migrations: [
            PostgresMigration(
                1, "create menu revision",
                sql: [
                    """
                    CREATE TABLE menu_revision (
                        number bigint PRIMARY KEY,
                        body text NOT NULL,
                        author text NOT NULL,
                        saved_at timestamptz NOT NULL,
                        note text
                    )
                    """
                ]),
            // The photos the revisions name, by id: never changed or removed.
            PostgresMigration(
                2, "create dish photo",
                sql: [
                    """
                    CREATE TABLE dish_photo (
                        id text PRIMARY KEY,
                        large bytea NOT NULL,
                        large_width integer NOT NULL,
                        large_height integer NOT NULL,
                        small bytea NOT NULL,
                        small_width integer NOT NULL,
                        small_height integer NOT NULL
                    )
                    """
                ]),
        ])

    public init(client: PostgresClient, operations: PostgresOperations = PostgresOperations()) {
        self.client = client
        self.operations = operations
    }

    public func current() async throws -> MenuRevision? {
        try await revisions(limit: 1, before: nil).first
    }

    public func save(_ menu: Menu, basedOn base: Int?, by author: String, note: String?)
        async throws -> MenuRevision
    {
        let body = StoredMenu.text(of: menu)
        // No revision 0 or below is ever saved, nor one past the largest number: a save
        // from one is a conflict.
        if let base, base < 1 || base == Int.max {
            throw MenuConflictError(base: base, current: try await current()?.number)
        }
        let from = base ?? 0
        let inserted = try await answering { client -> (Int, Date)? in
            do {
                let rows = try await client.query(
                    """
                    INSERT INTO menu_revision (number, body, author, saved_at, note)
                    SELECT \(from) + 1, \(body), \(author), date_trunc('milliseconds', clock_timestamp()), \(note)
                    WHERE (SELECT COALESCE(MAX(number), 0) FROM menu_revision) = \(from)
                    RETURNING number, saved_at
                    """)
                for try await (number, savedAt) in rows.decode((Int, Date).self) {
                    return (number, savedAt)
                }
                return nil
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                // Another save from the same revision took the number first.
                return nil
            }
        }
        guard let (number, savedAt) = inserted else {
            throw MenuConflictError(base: base, current: try await current()?.number)
        }
        return MenuRevision(
            number: number, menu: menu, author: author, savedAt: savedAt, note: note)
    }

    public func currentNumber() async throws -> Int? {
        try await answering { client -> Int? in
            let rows = try await client.query("SELECT MAX(number) FROM menu_revision")
            for try await number in rows.decode(Int?.self) { return number }
            return nil
        }
    }

    public func revision(_ number: Int) async throws -> MenuRevision? {
        try await revisions(
            "SELECT number, body, author, saved_at, note FROM menu_revision WHERE number = \(number)"
        ).first
    }

    public func revisions(limit: Int, before number: Int?) async throws -> [MenuRevision] {
        let before = number ?? Int.max
        return try await revisions(
            """
            SELECT number, body, author, saved_at, note FROM menu_revision
            WHERE number < \(before) ORDER BY number DESC LIMIT \(max(0, limit))
            """)
    }

    private func revisions(_ query: PostgresQuery) async throws -> [MenuRevision] {
        let rows = try await answering { client in
            var found: [(Int, String, String, Date, String?)] = []
            for try await row in try await client.query(query).decode(
                (Int, String, String, Date, String?).self)
            {
                found.append(row)
            }
            return found
        }
        return try rows.map { number, body, author, savedAt, note in
            MenuRevision(
                number: number, menu: try StoredMenu.menu(fromText: body, revision: number),
                author: author, savedAt: savedAt, note: note)
        }
    }

    // MARK: Photos

    public func save(_ photo: StoredDishPhoto) async throws {
        let large = ByteBuffer(bytes: photo.large)
        let small = ByteBuffer(bytes: photo.small)
        let (largeWidth, largeHeight) = (photo.largeWidth, photo.largeHeight)
        let (smallWidth, smallHeight) = (photo.smallWidth, photo.smallHeight)
        let id = photo.id
        try await answering { client in
            _ = try await client.query(
                """
                INSERT INTO dish_photo (id, \(unescaped: Self.photoColumns))
                VALUES (\(id), \(large), \(largeWidth), \(largeHeight), \(small), \(smallWidth),
                \(smallHeight)) ON CONFLICT (id) DO NOTHING
                """)
        }
    }

    public func photo(id: String) async throws -> StoredDishPhoto? {
        try await answering { client -> StoredDishPhoto? in
            let rows = try await client.query(
                "SELECT \(unescaped: Self.photoColumns) FROM dish_photo WHERE id = \(id)")
            for try await (large, largeWidth, largeHeight, small, smallWidth, smallHeight)
                in rows.decode((ByteBuffer, Int, Int, ByteBuffer, Int, Int).self)
            {
                return StoredDishPhoto(
                    id: id, large: Array(large.readableBytesView), largeWidth: largeWidth,
                    largeHeight: largeHeight, small: Array(small.readableBytesView),
                    smallWidth: smallWidth, smallHeight: smallHeight)
            }
            return nil
        }
    }

    private static let photoColumns =
        "large, large_width, large_height, small, small_width, small_height"

    private func answering<T: Sendable>(
        _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        try await operations.run(store: "menu", on: client, operation)
    }
}
