import CasebookTestSupport
import Diary
import Foundation
import Testing

/// What every diary store with a trash promises (`DiaryTrash`), run against each: a removed
/// entry waits in the trash, newest removal first, until it is put back or the trash is
/// emptied of what was removed long enough ago.
@Suite("The diary store contract: the trash")
struct DiaryTrashContractTests {
    let directory: TemporaryDirectory
    let base = Date(timeIntervalSinceReferenceDate: 700_000_000.25)

    init() throws { directory = try TemporaryDirectory() }

    @Test(arguments: DiaryStoreKind.allCases)
    func aRemovedEntryWaitsInTheTrashUntilItIsPutBack(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryTrash)
            let first = Entry(date: base, text: "first #walk")
            let second = Entry(date: base.addingTimeInterval(1), text: "second")
            try plain.save(first)
            try plain.save(second)
            let before = Date()
            try plain.remove(id: first.id)
            try (plain as? any RevisedDiaryStore)?.remove(id: second.id, ifRevision: 1)
            let trashed = try store.trashedEntries(limit: 10)
            #expect(trashed.map(\.entry) == [second, first])
            #expect(trashed.allSatisfy { $0.removedAt >= before.addingTimeInterval(-1) })
            #expect(try plain.count() == 0)
            #expect(try plain.tagCounts().isEmpty)

            #expect(try store.restoreFromTrash(id: first.id) == first)
            #expect(try plain.entry(id: first.id) == first)
            #expect(try store.trashedEntries(limit: 10).map(\.entry) == [second])
            let found = try plain.newestEntries(
                matching: DiaryQuery(search: try DiarySearch("first"), tags: ["walk"]), limit: 5,
                after: nil)
            #expect(found == [first])
            #expect(throws: DiaryError.unknownEntry(first.id)) {
                try store.restoreFromTrash(id: first.id)
            }
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func anEntrySavedAgainIsNoLongerInTheTrash(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryTrash)
            let entry = Entry(date: base, text: "back by another way")
            try plain.save(entry)
            try plain.remove(id: entry.id)
            try plain.save(entry)
            #expect(try store.trashedEntries(limit: 10).isEmpty)
            #expect(try plain.entry(id: entry.id) == entry)
            try plain.remove(id: entry.id)
            #expect(try plain.add(contentsOf: [entry]) == 1)
            #expect(try store.trashedEntries(limit: 10).isEmpty)
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func emptyingTheTrashDropsWhatWasRemovedBeforeTheDate(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryTrash)
            let entry = Entry(date: base, text: "gone for good")
            try plain.save(entry)
            try plain.remove(id: entry.id)
            #expect(try store.emptyTrash(removedBefore: Date().addingTimeInterval(-60)) == 0)
            #expect(try store.trashedEntries(limit: 10).count == 1)
            #expect(try store.emptyTrash(removedBefore: Date().addingTimeInterval(60)) == 1)
            #expect(try store.trashedEntries(limit: 10).isEmpty)
            #expect(throws: DiaryError.unknownEntry(entry.id)) {
                try store.restoreFromTrash(id: entry.id)
            }
        }
    }
}
