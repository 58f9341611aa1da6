import CasebookTestSupport
import Diary
import Foundation
import PostgresNIO
import PostgresTestSupport
import Testing

@testable import DiaryPostgres

/// What only PostgreSQL's shared tables can show about search: each owner finds only their own
/// entries, and entries written before search (or by a server from before it) are found too.
@Suite("Searching diaries on PostgreSQL")
struct PostgresDiarySearchTests {
    let cafe = DiaryQuery(search: try! DiarySearch("cafe"))

    @Test func eachOwnerFindsOnlyTheirOwnEntries() async throws {
        let cafe = cafe
        try await AdaAndBobDiaries.run { ada, bob in
            let mine = Entry(date: Date(timeIntervalSince1970: 1), text: "Ada at the Café")
            try ada.save(mine)
            try bob.save(Entry(date: Date(timeIntervalSince1970: 2), text: "Bob's café"))
            #expect(try ada.newestEntries(matching: cafe, limit: 10, after: nil) == [mine])
        }
    }

    @Test func entriesWithoutIndexedWordsAreIndexedByTheFirstSearch() async throws {
        let cafe = cafe
        try await PostgresTesting.withDatabase(schemas: [PostgresDiaryStore.schema]) { database in
            let store = PostgresDiaryStore(
                client: database.client, operations: database.operations, owner: "ada")
            let first = Entry(date: Date(timeIntervalSince1970: 1), text: "An older Café")
            let newer = Entry(date: Date(timeIntervalSince1970: 2), text: "a newer cafe")
            try await PostgresTesting.onOwnThread {
                try store.save(first)
                try store.save(newer)
            }
            var older = first
            // As a server from before search writes: the text alone.
            let id = EntryIDText.text(of: older.id)
            try await database.client.query(
                "UPDATE diary_entry SET words = NULL WHERE id = \(id)")
            older.text = "An older CAFÉ, rewritten"
            let text = older.text
            try await database.client.query(
                "UPDATE diary_entry SET text = \(text) WHERE id = \(id)")
            let changedNewer = EntryIDText.text(of: newer.id)
            try await database.client.query(
                "UPDATE diary_entry SET text = 'a newer tea' WHERE id = \(changedNewer)")
            let found = try await PostgresTesting.onOwnThread {
                try store.newestEntries(matching: cafe, limit: 10, after: nil)
            }
            #expect(found == [older])
        }
    }

    /// Words indexed before CJK characters and emoji were words of their own are indexed
    /// again by the first search after the migration.
    @Test func wordsIndexedBeforeCJKAndEmojiWereWordsAreIndexedAgain() async throws {
        try await PostgresTesting.withDatabase(schemas: [PostgresDiaryStore.schema]) { database in
            let store = PostgresDiaryStore(
                client: database.client, operations: database.operations, owner: "ada")
            let entry = Entry(date: Date(timeIntervalSince1970: 1), text: "今日の日記 🌊 walk")
            try await PostgresTesting.onOwnThread { try store.save(entry) }
            try await database.client.query("UPDATE diary_entry SET words = '今日の日記 walk'")
            for statement in PostgresDiaryStore.cjkAndEmojiReindexing {
                try await database.client.query(PostgresQuery(unsafeSQL: statement))
            }
            for typed in ["日記", "🌊", "walk"] {
                let search = try DiarySearch(typed)
                let found = try await PostgresTesting.onOwnThread {
                    try store.newestEntries(
                        matching: DiaryQuery(search: search), limit: 10, after: nil)
                }
                #expect(found == [entry], "\(typed)")
            }
        }
    }

    /// An entry both in the diary and in the trash (a save and a removal at once, or a server
    /// from before the trash) is not overwritten by a restore, and its trashed copy stays.
    @Test func aRestoreNeverOverwritesNorDropsTheCopy() async throws {
        try await PostgresTesting.withDatabase(schemas: [PostgresDiaryStore.schema]) { database in
            let store = PostgresDiaryStore(
                client: database.client, operations: database.operations, owner: "ada")
            let entry = Entry(date: Date(timeIntervalSince1970: 1), text: "in the diary")
            try await PostgresTesting.onOwnThread { try store.save(entry) }
            let id = EntryIDText.text(of: entry.id)
            try await database.client.query(
                """
                INSERT INTO diary_trash (id, owner, date, text, removed_at)
                VALUES (\(id), 'ada', 1, 'the trashed copy', 0)
                """)
            try await PostgresTesting.onOwnThread {
                #expect(throws: DiaryError.unknownEntry(entry.id)) {
                    try store.restoreFromTrash(id: entry.id)
                }
                let kept = try store.entry(id: entry.id)
                let trashed = try store.trashedEntries(limit: 5)
                #expect(kept?.text == "in the diary")
                #expect(trashed.map(\.entry.text) == ["the trashed copy"])
            }
        }
    }
}
