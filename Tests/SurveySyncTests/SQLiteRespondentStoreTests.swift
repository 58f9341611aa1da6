import CasebookTestSupport
import Foundation
import GRDB
import SurveySync
import Testing

@Suite("Respondents in a real SQLite file")
struct SQLiteRespondentStoreTests {
    let temporary: TemporaryDirectory
    var directory: URL { temporary.url }

    init() throws {
        temporary = try TemporaryDirectory()
    }

    var path: String { directory.appendingPathComponent("respondents.sqlite").path }

    func respondent(_ id: String, _ answer: JSONValue = 1) -> Respondent {
        Respondent(id: id, fields: ["id": .string(id), "answer": answer])
    }

    @Test func upsertsByIdAndCountsWhatChanged() async throws {
        let store = try SQLiteRespondentStore(path: path)
        let first = try await store.upsert([respondent("a"), respondent("b")])
        #expect(first == UpsertCounts(received: 2, created: 2))
        let second = try await store.upsert([
            respondent("a"), respondent("b", "changed"), respondent("c"),
        ])
        #expect(second == UpsertCounts(received: 3, created: 1, updated: 1, unchanged: 1))
        #expect(try await store.count() == 3)
        #expect(try await store.respondent(id: "b") == respondent("b", "changed"))
        #expect(try await store.respondent(id: "zzz") == nil)
    }

    /// Respondents indexed before CJK characters and emoji were words of their own are
    /// indexed again when the file is opened.
    @Test func respondentsIndexedBeforeCJKAndEmojiWereWordsAreIndexedAgain() async throws {
        let tanaka = respondent("t", "田中さん 🌊")
        try await SQLiteRespondentStore(path: path).upsert([tanaka, respondent("o")])
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "UPDATE respondent_search SET words = '田中さん t'")
            try db.execute(
                sql: "DELETE FROM grdb_migrations WHERE identifier = ?",
                arguments: ["index each CJK character and emoji as a word"])
        }
        try queue.close()
        let store = try SQLiteRespondentStore(path: path)
        for typed in ["田中", "🌊"] {
            let filter = RespondentFilter(search: try RespondentSearch(typed))
            #expect(
                try await store.newestRespondents(matching: filter, limit: 10, offset: 0).map(\.id)
                    == ["t"], "\(typed)")
        }
    }

    @Test func keepsEveryTypeThroughTheRoundTrip() async throws {
        let store = try SQLiteRespondentStore(path: path)
        let rich = Respondent(
            id: "7",
            fields: [
                "id": 7, "ok": true, "score": 2.5, "none": .null, "tags": ["a", 1],
                "nested": ["deep": ["x": "y"]],
            ])
        _ = try await store.upsert([rich])
        #expect(try await store.respondent(id: "7") == rich)
    }

    @Test func survivesReopening() async throws {
        do {
            let store = try SQLiteRespondentStore(path: path)
            _ = try await store.upsert([respondent("kept")])
        }
        let reopened = try SQLiteRespondentStore(path: path)
        #expect(try await reopened.respondent(id: "kept") != nil)
    }

    @Test func pagesInIdOrderAfterAGivenId() async throws {
        let store = try SQLiteRespondentStore(path: path)
        _ = try await store.upsert(["d", "a", "c", "b", "e"].map { respondent($0) })
        #expect(try await store.respondents(limit: 2, after: nil).map(\.id) == ["a", "b"])
        #expect(try await store.respondents(limit: 2, after: "b").map(\.id) == ["c", "d"])
        #expect(try await store.respondents(limit: 2, after: "d").map(\.id) == ["e"])
    }

    @Test func listsNewestChangesFirst() async throws {
        let store = try SQLiteRespondentStore(path: path)
        _ = try await store.upsert([respondent("a"), respondent("b"), respondent("c")])
        _ = try await store.upsert([respondent("a", "again")])
        #expect(
            try await store.newestRespondents(limit: 10, offset: 0).map(\.id) == ["a", "c", "b"])
        #expect(try await store.newestRespondents(limit: 1, offset: 1).map(\.id) == ["c"])
    }
}
