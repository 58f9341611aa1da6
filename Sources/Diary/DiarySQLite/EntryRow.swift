import DiaryCore
import Foundation
import GRDB
import StoreFailures

/// A row of the `entry` table as every query of `SQLiteDiaryStore` reads it: the one place its
/// columns are named. A query selects `EntryRow.columns`; a row is read by those names, looked
/// up once per statement (`Places`) and then read by place, since a listing reads 100,000 rows
/// and looking each name up in each row would hash it each time.
struct EntryRow {
    /// What every query of an entry selects.
    static let columns = "id, date, text, revision"

    let entry: Entry
    let revision: Int

    /// Where each column is in the rows of one statement.
    struct Places {
        let id: Int
        let date: Int
        let text: Int
        let revision: Int

        init(_ statement: Statement) throws {
            let names = statement.columnNames
            func place(_ name: String) throws -> Int {
                guard let index = names.firstIndex(of: name) else {
                    throw DamagedRowError(
                        store: "diary", key: name, problem: "the query gives no such column")
                }
                return index
            }
            id = try place("id")
            date = try place("date")
            text = try place("text")
            revision = try place("revision")
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
            text: row[places.text])
        revision = row[places.revision]
    }

    /// The rows `sql` (which selects `columns`) gives, read one at a time.
    static func forEach(
        _ db: Database, _ sql: String, arguments: StatementArguments,
        _ body: (EntryRow) throws -> Void
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        let places = try Places(statement)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() { try body(try EntryRow(row, places)) }
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
