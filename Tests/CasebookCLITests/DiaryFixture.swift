import Diary
import Foundation
import GRDB

/// Entries written straight into a diary's SQLite file, as many as a test needs at once (one
/// `casebook diary add` per entry would take seconds).
enum DiaryFixture {
    /// Inserts one entry per text, 37.5 seconds apart in order (the last text is the newest),
    /// and gives them back.
    @discardableResult
    static func insert(_ texts: [String], into path: String) throws -> [Entry] {
        let entries = texts.enumerated().map { index, text in
            Entry(
                date: Date(timeIntervalSinceReferenceDate: 700_000_000 + 37.5 * Double(index)),
                text: text)
        }
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            let statement = try db.makeStatement(
                sql: "INSERT INTO entry (id, date, text) VALUES (?, ?, ?)")
            for entry in entries {
                try statement.execute(arguments: [
                    entry.id.uuidString.lowercased(), entry.date.timeIntervalSinceReferenceDate,
                    entry.text,
                ])
            }
        }
        return entries
    }
}
