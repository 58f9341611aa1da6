import CasebookTestSupport
import Diary
import Foundation
import Testing

/// What every diary store with stars promises (`DiaryStars`), run against each: a star stays
/// on its entry through saves, is listed on its own or with a search, and goes with the entry.
@Suite("The diary store contract: stars")
struct DiaryStarsContractTests {
    let directory: TemporaryDirectory
    let base = Date(timeIntervalSinceReferenceDate: 700_000_000.75)

    init() throws { directory = try TemporaryDirectory() }

    @Test(arguments: DiaryStoreKind.allCases)
    func starredEntriesAreListedOnTheirOwnAndKeepTheirStar(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryStars)
            let entries = (0..<4).map {
                Entry(date: base.addingTimeInterval(Double($0)), text: "day \($0) walk")
            }
            for entry in entries { try plain.save(entry) }
            let revision = try plain.revision()
            try store.setStarred(true, id: entries[0].id)
            try store.setStarred(true, id: entries[2].id)
            #expect(try plain.revision() != revision, "a star changes what the list shows")
            let starred = DiaryQuery(starredOnly: true)
            #expect(
                try plain.newestEntries(matching: starred, limit: 10, after: nil)
                    == [entries[2], entries[0]])
            #expect(
                try store.starred(among: entries.map(\.id)) == [entries[0].id, entries[2].id])
            var changed = entries[2]
            changed.text = "day 2, a longer walk"
            try plain.save(changed)
            var searched = DiaryQuery(search: try DiarySearch("longer"))
            searched.starredOnly = true
            #expect(try plain.newestEntries(matching: searched, limit: 10, after: nil) == [changed])
            try store.setStarred(false, id: entries[0].id)
            #expect(try plain.newestEntries(matching: starred, limit: 10, after: nil) == [changed])
            try plain.remove(id: changed.id)
            #expect(try plain.newestEntries(matching: starred, limit: 10, after: nil).isEmpty)
            let unknown = UUID()
            #expect(throws: DiaryError.unknownEntry(unknown)) {
                try store.setStarred(true, id: unknown)
            }
        }
    }

    /// A starred entry deleted and brought back from the trash is starred again: the star is
    /// the entry's, and goes to the trash with it.
    @Test(arguments: DiaryStoreKind.allCases)
    func aStarComesBackFromTheTrashWithItsEntry(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryStars)
            guard let trash = plain as? any DiaryTrash else { return }
            let entry = Entry(date: base, text: "a starred walk #walk")
            try plain.save(entry)
            try store.setStarred(true, id: entry.id)
            try plain.remove(id: entry.id)
            #expect(try trash.restoreFromTrash(id: entry.id) == entry)
            #expect(try store.starred(among: [entry.id]) == [entry.id])
        }
    }

    /// A star is not a change of the text: a starred entry's revision is read as any other's,
    /// and an edit from it is saved.
    @Test(arguments: DiaryStoreKind.allCases)
    func aStarredEntryIsEditedFromItsRevision(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryStars & RevisedDiaryStore)
            var entry = Entry(date: base, text: "a walk")
            try plain.save(entry)
            let read = try #require(try store.revisedEntry(id: entry.id))
            try store.setStarred(true, id: entry.id)
            #expect(try store.revisedEntry(id: entry.id) == read)
            entry.text = "a longer walk"
            let saved = try store.save(entry, ifRevision: read.revision)
            #expect(try store.revisedEntry(id: entry.id)?.revision == saved)
            #expect(try store.starred(among: [entry.id]) == [entry.id])
        }
    }
}
