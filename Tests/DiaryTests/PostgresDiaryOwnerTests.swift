import CasebookTestSupport
import Diary
import DiaryPostgres
import Foundation
import PostgresTestSupport
import Testing

/// Users' diaries share PostgreSQL's tables but not their entries: each owner's store sees,
/// changes and removes only its own, and a forged id of another's is simply not there.
@Suite("Diaries per owner on PostgreSQL")
struct PostgresDiaryOwnerTests {
    @Test func eachOwnerSeesChangesAndRemovesOnlyTheirOwn() async throws {
        try await PostgresTesting.withDatabase(schemas: [PostgresDiaryStore.schema]) { database in
            let ada = PostgresDiaryStore(
                client: database.client, operations: database.operations, owner: "ada")
            let bob = PostgresDiaryStore(
                client: database.client, operations: database.operations, owner: "bob")
            try await PostgresTesting.onOwnThread {
                let mine = Entry(date: Date(timeIntervalSince1970: 1), text: "ada's")
                try ada.save(mine)
                try bob.save(Entry(date: Date(timeIntervalSince1970: 2), text: "bob's"))
                #expect(try ada.newestEntries(limit: 10, offset: 0).map(\.text) == ["ada's"])
                #expect(try bob.count() == 1)
                #expect(try bob.entry(id: mine.id) == nil)
                #expect(try bob.revisedEntry(id: mine.id) == nil)
                let prefix = String(mine.id.uuidString.lowercased().prefix(6))
                #expect(try bob.entryIDs(startingWith: prefix, limit: 5).isEmpty)
                var forged = mine
                forged.text = "overwritten by bob"
                #expect(throws: DiaryError.unknownEntry(mine.id)) { try bob.save(forged) }
                #expect(throws: DiaryError.unknownEntry(mine.id)) {
                    try bob.save(forged, ifRevision: 1)
                }
                try bob.remove(id: mine.id)
                #expect(try ada.entry(id: mine.id)?.text == "ada's")
            }
        }
    }
}
