import DiaryCore
import Foundation
import StoreFailures

/// A row of `diary_entry` as every query of `PostgresDiaryStore` reads it: the one column list
/// (`columns`) and the one decoder (`Columns`, then `revisedEntry`).
enum PostgresEntryRow {
    /// What every query of an entry selects, in this order.
    static let columns = "id, date, text, revision"
    /// The decoded columns, in the order of `columns`.
    typealias Columns = (String, Double, String, Int)

    /// The entry and its revision; a row whose id is not a UUID was not written by this store,
    /// and is an error rather than a wrong answer.
    static func revisedEntry(_ row: Columns) throws -> RevisedEntry {
        let (id, date, text, revision) = row
        guard let uuid = UUID(uuidString: id) else {
            throw DamagedRowError(store: "diary", key: id, problem: "its id is not a UUID")
        }
        return RevisedEntry(
            entry: Entry(id: uuid, date: Date(timeIntervalSinceReferenceDate: date), text: text),
            revision: revision)
    }
}
