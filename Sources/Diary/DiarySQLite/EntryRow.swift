import CasebookSQLite
import DiaryCore
import Foundation
import GRDB
import StoreFailures

/// A row of the `entry` table, and of the `trash` table (which has the same columns and a
/// `removed_at`), as every query of `SQLiteDiaryStore` reads and writes it: the one place its
/// columns are named and an entry's content is mapped to them. A query selects
/// `EntryRow.columns` and writes `contentColumns` with `contentValues(of:)`; a row is read by
/// those names, looked up once per statement (`Places`) and then read by place, since a listing
/// reads 100,000 rows and looking each name up in each row would hash it each time.
struct EntryRow {
    /// The columns of an entry.
    enum Columns: String, CaseIterable {
        case id, date, text, revision
    }

    /// The columns that hold an entry's content, in the order of `contentValues(of:)`.
    static let contentColumns: [Columns] = [.text]

    /// `content`'s values for `contentColumns`.
    static func contentValues(of content: EntryContent) -> [any DatabaseValueConvertible] {
        [content.text]
    }

    /// The content in a row, its columns at `places`.
    static func content(_ row: Row, _ places: [Int]) -> EntryContent {
        EntryContent(text: row[places[0]])
    }

    /// The steps that add a content field's column, after the store's own: each adds it to
    /// `entry` and to `trash` alike (`ALTER TABLE entry ADD COLUMN mood TEXT; ALTER TABLE
    /// trash ADD COLUMN mood TEXT`), so that an entry keeps the field through the trash. They
    /// run after every step of the store's that a database has not had, so a step of the
    /// store's reads no content column added here.
    static let contentMigrations: [StoreMigration] = []

    /// What every query of an entry selects.
    static let columns = Columns.allCases.map(\.rawValue).joined(separator: ", ")
    /// The content's columns, for an INSERT's column list.
    static let contentList = contentColumns.map(\.rawValue).joined(separator: ", ")

    /// `?n, ?n+1, …`: placeholders for the content's values from the `first`th on.
    static func contentPlaceholders(from first: Int) -> String {
        contentColumns.indices.map { "?\(first + $0)" }.joined(separator: ", ")
    }

    /// `text = ?, …`: an UPDATE's assignments of the content's values.
    static let contentAssignments = contentColumns.map { "\($0.rawValue) = ?" }
        .joined(separator: ", ")

    /// `text = excluded.text, …`: an upsert's assignments of the content it was given.
    static let contentFromExcluded = contentColumns.map {
        "\($0.rawValue) = excluded.\($0.rawValue)"
    }
    .joined(separator: ", ")

    let entry: Entry
    let revision: Int

    /// Where each column is in the rows of one statement.
    struct Places {
        let id: Int
        let date: Int
        let content: [Int]
        let revision: Int

        init(_ statement: Statement) throws {
            let names = statement.columnNames
            func place(_ column: Columns) throws -> Int {
                guard let index = names.firstIndex(of: column.rawValue) else {
                    throw DamagedRowError(
                        store: "diary", key: column.rawValue,
                        problem: "the query gives no such column")
                }
                return index
            }
            id = try place(.id)
            date = try place(.date)
            content = try contentColumns.map(place)
            revision = try place(.revision)
        }
    }

    /// The row's entry; a row whose id is not a UUID was not written by this store, and is an
    /// error rather than a wrong answer.
    init(_ row: Row, _ places: Places) throws {
        let key: String = row[places.id]
        guard let id = EntryIDText.id(from: key) else {
            throw DamagedRowError(store: "diary", key: key, problem: "its id is not a UUID")
        }
        entry = Entry(
            id: id, date: Date(timeIntervalSinceReferenceDate: row[places.date]),
            content: Self.content(row, places.content))
        revision = row[places.revision]
    }

    /// The rows `sql` (which selects `columns`) gives, read one at a time, each with the rest
    /// of its columns.
    static func forEach(
        _ db: Database, _ sql: String, arguments: StatementArguments,
        _ body: (EntryRow, Row) throws -> Void
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        let places = try Places(statement)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() { try body(try EntryRow(row, places), row) }
    }

    /// The rows `sql` (which selects `columns`) gives, read one at a time.
    static func forEach(
        _ db: Database, _ sql: String, arguments: StatementArguments,
        _ body: (EntryRow) throws -> Void
    ) throws {
        try forEach(db, sql, arguments: arguments) { row, _ in try body(row) }
    }

    /// The first row `sql` (which selects `columns`) gives, if any.
    static func first(_ db: Database, _ sql: String, arguments: StatementArguments) throws
        -> EntryRow?
    {
        let statement = try db.cachedStatement(sql: sql)
        let places = try Places(statement)
        return try Row.fetchOne(statement, arguments: arguments).map { try EntryRow($0, places) }
    }
}
