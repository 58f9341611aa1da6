import CasebookTestSupport
import Diary
import Foundation
import GRDB
import Testing

/// What only a file can show: entries that survive reopening, connections that write at
/// once, a revision shared across connections (the contract suite covers the rest).
@Suite("The diary in a real SQLite file")
struct SQLiteDiaryStoreTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.appending("diary.sqlite").path
    }

    let base = Date(timeIntervalSinceReferenceDate: 700_000_000.123456)

    @Test func savesManyEntriesInOneTransaction() throws {
        let store = try SQLiteDiaryStore(path: path)
        let entries = (0..<1000).map {
            Entry(date: base.addingTimeInterval(Double($0)), text: "\($0)")
        }
        try store.save(contentsOf: entries)
        #expect(try store.count() == 1000)
        #expect(try store.newestEntries(limit: 1, offset: 0) == [entries[999]])
    }

    /// A diary written before the full-text index has its words indexed when it is opened.
    @Test func aDiaryFromBeforeSearchIsIndexedWhenOpened() throws {
        let old = Entry(date: base, text: "An older Café visit #coffee")
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                        INSERT INTO grdb_migrations VALUES
                            ('create entry'), ('count revisions'), ('revise each entry');
                        CREATE TABLE entry (
                            id TEXT PRIMARY KEY NOT NULL, date REAL NOT NULL, text TEXT NOT NULL,
                            revision INTEGER NOT NULL DEFAULT 1);
                        CREATE TABLE revision (id INTEGER PRIMARY KEY, value INTEGER NOT NULL);
                        INSERT INTO revision VALUES (1, 0);
                        """)
                try db.execute(
                    sql: "INSERT INTO entry (id, date, text) VALUES (?, ?, ?)",
                    arguments: [
                        old.id.uuidString.lowercased(), base.timeIntervalSinceReferenceDate,
                        old.text,
                    ])
            }
        }
        let store = try SQLiteDiaryStore(path: path)
        let newer = Entry(date: base.addingTimeInterval(1), text: "a newer cafe")
        try store.save(newer)
        let found = try store.newestEntries(
            matching: DiaryQuery(search: try DiarySearch("cafe")), limit: 10, after: nil)
        #expect(found == [newer, old])
        #expect(try store.tagCounts() == [DiaryTagCount(tag: "coffee", count: 1)])
    }

    /// A diary indexed before CJK characters and emoji were words of their own (`今日の日記`
    /// one word, `🌊` none) is indexed again when it is opened.
    @Test func aDiaryIndexedBeforeCJKAndEmojiWereWordsIsIndexedAgainWhenOpened() throws {
        let entry = Entry(date: base, text: "今日の日記 🌊 walk")
        try SQLiteDiaryStore(path: path).save(entry)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "UPDATE entry_search SET words = '今日の日記 walk'")
            try db.execute(
                sql: "DELETE FROM grdb_migrations WHERE identifier = ?",
                arguments: ["index each CJK character and emoji as a word"])
        }
        try queue.close()
        let store = try SQLiteDiaryStore(path: path)
        for typed in ["日記", "🌊", "walk"] {
            let found = try store.newestEntries(
                matching: DiaryQuery(search: try DiarySearch(typed)), limit: 10, after: nil)
            #expect(found == [entry], "\(typed)")
        }
    }

    /// A search reads the full-text index rather than every entry's text.
    @Test func aSearchReadsTheFullTextIndex() throws {
        _ = try SQLiteDiaryStore(path: path)
        let plan = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    EXPLAIN QUERY PLAN SELECT id FROM entry WHERE search_key IN
                    (SELECT rowid FROM entry_search WHERE entry_search MATCH ?)
                    """, arguments: ["\"walk\"* \"au lait\""]
            ).map { $0["detail"] as String }
        }
        #expect(plan.joined(separator: "\n").contains("VIRTUAL TABLE INDEX"))
    }

    @Test func entriesSurviveReopeningExactly() throws {
        let entry = Entry(date: base, text: "kept 🍕\nacross lines")
        do {
            let store = try SQLiteDiaryStore(path: path)
            try store.save(entry)
        }
        let reopened = try SQLiteDiaryStore(path: path)
        #expect(try reopened.entry(id: entry.id) == entry)
    }

    /// Two servers' pools, or two commands' single connections.
    @Test(arguments: [SQLiteDiaryStore.Connections.pool, .one])
    func twoConnectionsWritingAtOnceLoseNothing(connections: SQLiteDiaryStore.Connections)
        async throws
    {
        let first = try SQLiteDiaryStore(path: path, connections: connections)
        let second = try SQLiteDiaryStore(path: path, connections: connections)
        let base = self.base
        async let a: Void = Task.detached {
            for number in 0..<200 { try first.save(Entry(date: base, text: "a\(number)")) }
        }.value
        async let b: Void = Task.detached {
            for number in 0..<200 { try second.save(Entry(date: base, text: "b\(number)")) }
        }.value
        _ = try await (a, b)
        #expect(try first.count() == 400)
    }

    @Test func itsRevisionChangesWithEveryChangeFromAnyConnection() throws {
        let store = try SQLiteDiaryStore(path: path)
        let other = try SQLiteDiaryStore(path: path)
        let start = try store.revision()
        #expect(try store.revision() == start)
        var entry = Entry(date: base, text: "a")
        try other.save(entry)
        let afterInsert = try store.revision()
        #expect(afterInsert != start)
        entry.text = "b"
        try other.save(entry)
        let afterUpdate = try store.revision()
        #expect(afterUpdate != afterInsert)
        try store.remove(id: entry.id)
        #expect(try other.revision() != afterUpdate)
    }

    @Test func aCommandsOneConnectionAndAServersPoolShareTheFileAsItsWALDiary() throws {
        let command = try SQLiteDiaryStore(path: path, connections: .one)
        let entry = Entry(date: base, text: "from the command line")
        try command.save(entry)
        let server = try SQLiteDiaryStore(path: path)
        #expect(try server.entry(id: entry.id) == entry)
        let start = try command.revision()
        try server.save(Entry(date: base, text: "from a page"))
        #expect(try command.count() == 2)
        #expect(try command.revision() != start)
        #expect(try Self.journalMode(of: path) == "wal")
    }

    @Test func oneConnectionCreatesAndMigratesANewFileInWALMode() throws {
        let store = try SQLiteDiaryStore(path: path, connections: .one)
        #expect(try store.count() == 0)
        #expect(try Self.journalMode(of: path) == "wal")
    }

    /// The journal mode the file itself records (WAL persists in the file).
    static func journalMode(of path: String) throws -> String? {
        try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
    }

    @Test func aStoreThatCannotBeOpenedSaysWhere() {
        #expect {
            try SQLiteDiaryStore(path: "/nonexistent/dir/diary.sqlite")
        } throws: { error in
            "\(error)".contains("/nonexistent/dir/diary.sqlite")
        }
    }
}
