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

    /// An entry back from the trash, by any way (put back, saved again, added by an import),
    /// comes back past the revision it was removed at: an editor who read it before it was
    /// removed cannot write over what was written after it came back.
    @Test(arguments: DiaryStoreKind.allCases)
    func anEntryBackFromTheTrashGoesOnFromTheRevisionItWasRemovedAt(kind: DiaryStoreKind)
        async throws
    {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let trash = try #require(plain as? any DiaryTrash)
            let store = try #require(plain as? any RevisedDiaryStore)
            let entry = Entry(date: base, text: "first")
            try store.save(entry)
            var edited = entry
            edited.text = "second"
            #expect(try store.save(edited, ifRevision: 1) == 2)
            try store.remove(id: entry.id, ifRevision: 2)
            _ = try trash.restoreFromTrash(id: entry.id)
            #expect(try store.revisedEntry(id: entry.id)?.revision == 3)
            #expect(throws: DiaryConflictError.self) { try store.save(edited, ifRevision: 2) }
            #expect(throws: DiaryConflictError.self) { try store.save(edited, ifRevision: 1) }
            try store.remove(id: entry.id)
            try store.save(edited)
            #expect(try store.revisedEntry(id: entry.id)?.revision == 4)
            try store.remove(id: entry.id)
            #expect(try store.add(contentsOf: [edited]) == 1)
            #expect(try store.revisedEntry(id: entry.id)?.revision == 5)
        }
    }
}
