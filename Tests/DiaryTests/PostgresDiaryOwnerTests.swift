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
        try await AdaAndBobDiaries.run { ada, bob in
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
            #expect(throws: DiaryError.unknownEntry(mine.id)) {
                try bob.save(forged, ifRevision: 1)
            }
            try bob.remove(id: mine.id)
            #expect(try ada.entry(id: mine.id)?.text == "ada's")
            // Saved by bob, the id is an entry of bob's own, beside ada's.
            try bob.save(forged)
            #expect(try ada.entry(id: mine.id)?.text == "ada's")
            #expect(try bob.entry(id: mine.id)?.text == "overwritten by bob")
        }
    }

    /// An id is an entry's within its owner's diary: another owner's diary may hold an entry
    /// of the same id (a diary file imported by two users), and neither learns of the other's.
    @Test func twoOwnersMayEachHoldAnEntryOfTheSameId() async throws {
        try await AdaAndBobDiaries.run { ada, bob in
            let shared = Entry(date: Date(timeIntervalSince1970: 1), text: "bob's")
            #expect(try bob.add(contentsOf: [shared]) == 1)
            var adas = shared
            adas.text = "ada's"
            #expect(try ada.add(contentsOf: [adas]) == 1)
            #expect(try ada.entry(id: shared.id)?.text == "ada's")
            #expect(try bob.entry(id: shared.id)?.text == "bob's")
            // In and out of the trash, each their own.
            try bob.remove(id: shared.id)
            #expect(try ada.entry(id: shared.id)?.text == "ada's")
            try ada.remove(id: shared.id)
            #expect(try bob.trashedEntries(limit: 5).map(\.entry.text) == ["bob's"])
            #expect(try bob.restoreFromTrash(id: shared.id).text == "bob's")
            #expect(try ada.trashedEntries(limit: 5).map(\.entry.text) == ["ada's"])
            #expect(try ada.restoreFromTrash(id: shared.id).text == "ada's")
            var edited = adas
            edited.text = "ada's, edited"
            try ada.save(edited)
            #expect(try bob.entry(id: shared.id)?.text == "bob's")
            #expect(try ada.revisedEntry(id: shared.id)?.entry.text == "ada's, edited")
        }
    }
}
