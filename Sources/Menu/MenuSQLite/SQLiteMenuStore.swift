import CasebookSQLite
import Foundation
import GRDB
import Menu
import StoreFailures

/// The menu's revisions in a SQLite file (WAL mode, migrated when opened): a row per revision,
/// its menu as the menu file `MenuFileWriter` writes. A save checks the current revision and
/// writes the next in one write transaction, so two saves from one revision cannot both land.
public final class SQLiteMenuStore: MenuStore, @unchecked Sendable {
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
                """)
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
}
