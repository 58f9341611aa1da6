import CasebookSQLite
import Foundation
import GRDB
import Menu
import StoreFailures

/// The menu's revisions in a SQLite file (WAL mode, migrated when opened): a row per revision,
/// its menu as the menu file `MenuFileWriter` writes. A save checks the current revision and
/// writes the next in one write transaction, so two saves from one revision cannot both land.
public final class SQLiteMenuStore: MenuStore, DishPhotoStore, @unchecked Sendable {
    private let database: StoreDatabase

    public init(path: String) throws {
        database = try StoreDatabase(store: "menu", path: path, migrations: Self.migrations)
    }

    private static let migrations: [StoreMigration] = [
        StoreMigration(
            "create menu revision",
            sql: """
                CREATE TABLE menu_revision (
                    number INTEGER PRIMARY KEY NOT NULL,
                    body TEXT NOT NULL,
                    author TEXT NOT NULL,
                    savedAt TEXT NOT NULL,
                    note TEXT
                )
                """),
        // The photos the revisions name, by id: never changed or removed.
        StoreMigration(
            "create dish photo",
            sql: """
                CREATE TABLE dish_photo (
                    id TEXT PRIMARY KEY NOT NULL,
                    large BLOB NOT NULL,
                    largeWidth INTEGER NOT NULL,
                    largeHeight INTEGER NOT NULL,
                    small BLOB NOT NULL,
                    smallWidth INTEGER NOT NULL,
                    smallHeight INTEGER NOT NULL
                )
                """),
    ]

    public func current() async throws -> MenuRevision? {
        try await revisions(limit: 1, before: nil).first
    }

    public func save(_ menu: Menu, basedOn base: Int?, by author: String, note: String?)
        async throws -> MenuRevision
    {
        let body = StoredMenu.text(of: menu)
        let saved = try await database.write { db -> Result<MenuRevision, MenuConflictError> in
            let current = try Int.fetchOne(db, sql: "SELECT MAX(number) FROM menu_revision")
            guard base == current else {
                return .failure(MenuConflictError(base: base, current: current))
            }
            let number = (current ?? 0) + 1
            // The time as the text keeps it, read back from the text, so that what is answered
            // is what a later read finds.
            let text = Self.text(of: Date())
            let now = try Self.time(fromText: text, revision: number)
            try db.execute(
                sql: """
                    INSERT INTO menu_revision (number, body, author, savedAt, note)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [number, body, author, text, note])
            return .success(
                MenuRevision(number: number, menu: menu, author: author, savedAt: now, note: note))
        }
        return try saved.get()
    }

    public func currentNumber() async throws -> Int? {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT MAX(number) FROM menu_revision")
        }
    }

    public func revision(_ number: Int) async throws -> MenuRevision? {
        let row = try await database.read { db in
            try Row.fetchOne(
                db,
                sql:
                    "SELECT number, body, author, savedAt, note FROM menu_revision WHERE number = ?",
                arguments: [number])
        }
        return try row.map(Self.revision)
    }

    public func revisions(limit: Int, before number: Int?) async throws -> [MenuRevision] {
        let rows = try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT number, body, author, savedAt, note FROM menu_revision
                    WHERE number < ? ORDER BY number DESC LIMIT ?
                    """,
                arguments: [number ?? Int.max, max(0, limit)])
        }
        return try rows.map(Self.revision)
    }

    private static func revision(_ row: Row) throws -> MenuRevision {
        let number: Int = row["number"]
        let savedAt = try time(fromText: row["savedAt"], revision: number)
        return MenuRevision(
            number: number, menu: try StoredMenu.menu(fromText: row["body"], revision: number),
            author: row["author"], savedAt: savedAt, note: row["note"])
    }

    private static let timeFormat = Date.ISO8601FormatStyle.iso8601.year().month().day()
        .time(includingFractionalSeconds: true)

    private static func text(of date: Date) -> String {
        date.formatted(timeFormat)
    }

    /// The time `text` keeps for revision `number`.
    private static func time(fromText text: String, revision number: Int) throws -> Date {
        guard let time = try? Date(text, strategy: timeFormat) else {
            throw DamagedRowError(
                store: "menu", key: "\(number)",
                problem: "its time '\(text)' is not an ISO 8601 time")
        }
        return time
    }

    // MARK: Photos

    public func save(_ photo: StoredDishPhoto) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO dish_photo (id, \(Self.photoColumns))
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                    """,
                arguments: [
                    photo.id, Data(photo.large), photo.largeWidth, photo.largeHeight,
                    Data(photo.small), photo.smallWidth, photo.smallHeight,
                ])
        }
    }

    public func photo(id: String) async throws -> StoredDishPhoto? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Self.photoColumns) FROM dish_photo WHERE id = ?",
                arguments: [id]
            ).map { row in
                StoredDishPhoto(
                    id: id, large: Array(row["large"] as Data), largeWidth: row["largeWidth"],
                    largeHeight: row["largeHeight"], small: Array(row["small"] as Data),
                    smallWidth: row["smallWidth"], smallHeight: row["smallHeight"])
            }
        }
    }

    private static let photoColumns =
        "large, largeWidth, largeHeight, small, smallWidth, smallHeight"
}
