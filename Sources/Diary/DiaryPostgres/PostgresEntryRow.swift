import CasebookPostgres
import DiaryCore
import Foundation
import PostgresNIO
import StoreFailures

/// A row of `diary_entry`, and of `diary_trash` (the same columns, an owner's, and a
/// `removed_at`), as every query of `PostgresDiaryStore` reads and writes it: the one column
/// list (`columns`, `contentColumns`), the one way an entry's content is bound
/// (`appendInterpolation(content:)`) and the one decoder (`revisedEntry(_:)`).
enum PostgresEntryRow {
    /// The columns that hold an entry's content, in the order `content:` binds them.
    static let contentColumns = ["text"]
    /// The steps that add a content field's column, numbered with the store's own (one
    /// numbering: the schema takes both lists in order of version, so either may grow): each
    /// adds it to `diary_entry` and to `diary_trash` alike (`PostgresMigration(11, "keep each
    /// entry's mood", sql: ["ALTER TABLE diary_entry ADD COLUMN mood text", "ALTER TABLE
    /// diary_trash ADD COLUMN mood text"])`), so that an entry keeps the field through the
    /// trash.
    static let contentMigrations: [PostgresMigration] = []
    /// What every query of an entry selects.
    static let columns = (["id", "date"] + contentColumns + ["revision"])
        .joined(separator: ", ")
    /// The content's columns, for an INSERT's or a SELECT's column list.
    static let contentList = contentColumns.joined(separator: ", ")
    /// `text = excluded.text, …`: an upsert's assignments of the content it was given.
    static let contentFromExcluded = contentColumns.map { "\($0) = excluded.\($0)" }
        .joined(separator: ", ")

    /// The entry and its revision in a row that selects `columns` (and perhaps more); a row
    /// whose id is not a UUID was not written by this store, and is an error rather than a
    /// wrong answer.
    static func revisedEntry(_ row: PostgresRow) throws -> RevisedEntry {
        let cells = row.makeRandomAccess()
        let id = try cells["id"].decode(String.self)
        guard let uuid = UUID(uuidString: id) else {
            throw DamagedRowError(store: "diary", key: id, problem: "its id is not a UUID")
        }
        let content = EntryContent(text: try cells["text"].decode(String.self))
        return RevisedEntry(
            entry: Entry(
                id: uuid,
                date: Date(timeIntervalSinceReferenceDate: try cells["date"].decode(Double.self)),
                content: content),
            revision: try cells["revision"].decode(Int.self))
    }
}

extension PostgresQuery.StringInterpolation {
    /// The content's values as binds, in the order of `PostgresEntryRow.contentColumns`,
    /// separated by commas: a VALUES list's part.
    mutating func appendInterpolation(content: EntryContent) {
        appendInterpolation(content.text)
    }

    /// The contents' values as arrays, one a column in the order of
    /// `PostgresEntryRow.contentColumns` (`$n::text[], …`): an `unnest`'s part, for a bulk
    /// insert. PostgresNIO binds no array of optionals: an optional field goes as its values
    /// (`mood ?? ""`) and an array of whether each is set, read back with a `CASE`.
    mutating func appendInterpolation(contentArrays contents: [EntryContent]) {
        appendInterpolation(contents.map(\.text))
        appendLiteral("::text[]")
    }

    /// `text = $n, …`: an UPDATE's assignments of the content's values.
    mutating func appendInterpolation(assigningContent content: EntryContent) {
        appendLiteral("text = ")
        appendInterpolation(content.text)
    }
}
