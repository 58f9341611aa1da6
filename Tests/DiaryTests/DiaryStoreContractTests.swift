import CasebookTestSupport
import Diary
import Foundation
import Testing

/// What every diary store promises, run against each implementation (`DiaryStoreKind`): a new
/// store must pass all of it.
@Suite("The diary store contract")
struct DiaryStoreContractTests {
    let directory: TemporaryDirectory
    let base = Date(timeIntervalSinceReferenceDate: 700_000_000.123456)

    init() throws { directory = try TemporaryDirectory() }

    @Test(arguments: DiaryStoreKind.allCases)
    func savesUpdatesAndRemovesEntries(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            var entry = Entry(date: base, text: "first")
            try store.save(entry)
            entry.text = "changed"
            try store.save(entry)
            #expect(try store.count() == 1)
            #expect(try store.entry(id: entry.id) == entry)
            try store.remove(id: entry.id)
            #expect(try store.entry(id: entry.id) == nil)
            try store.remove(id: entry.id)
            #expect(try store.count() == 0)
        }
    }

    /// An entry saved with another date (its writer moved it to when it happened) is kept at
    /// that date and listed there, by a save and by a save at its revision.
    @Test(arguments: DiaryStoreKind.allCases)
    func aSaveWithAnotherDateMovesTheEntry(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            let older = Entry(date: base, text: "older")
            let moved = Entry(date: base.addingTimeInterval(60), text: "moved")
            try store.save(older)
            try store.save(moved)
            let earlier = Entry(
                id: moved.id, date: kind.kept(base.addingTimeInterval(-86_400.5)), text: "moved")
            try store.save(earlier)
            #expect(try store.entry(id: moved.id) == earlier)
            #expect(try store.newestEntries(limit: 2, offset: 0).map(\.text) == ["older", "moved"])
            guard let revised = store as? any RevisedDiaryStore else { return }
            let current = try #require(try revised.revisedEntry(id: moved.id)).revision
            let later = Entry(
                id: moved.id, date: kind.kept(base.addingTimeInterval(3600.25)), text: "moved again"
            )
            _ = try revised.save(later, ifRevision: current)
            #expect(try store.entry(id: moved.id) == later)
            #expect(try store.newestEntries(limit: 1, offset: 0).first == later)
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func keepsTextAndInstantExactly(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            let entry = Entry(date: base, text: "kept 🍕\nacross lines, \"quoted\" and 'single'")
            try store.save(entry)
            #expect(try store.entry(id: entry.id) == entry)
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func listsNewestFirstInPages(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            let entries = (0..<7).map {
                Entry(date: base.addingTimeInterval(Double($0)), text: "\($0)")
            }
            for entry in entries.shuffled() { try store.save(entry) }
            #expect(try store.newestEntries(limit: 3, offset: 0).map(\.text) == ["6", "5", "4"])
            #expect(try store.newestEntries(limit: 3, offset: 6).map(\.text) == ["0"])
            #expect(try store.newestEntries(limit: 3, offset: 7).isEmpty)
        }
    }

    /// Pages by position (keyset on date, then id, both descending): each page starts after the
    /// last entry of the one before, so every entry comes once, in order, while entries are
    /// added at the top or removed — entries of the same instant included.
    @Test(arguments: DiaryStoreKind.allCases)
    func pagesAfterAPositionGiveEveryEntryOnceWhileEntriesComeAndGo(kind: DiaryStoreKind)
        async throws
    {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            // Three entries share each instant, so a page ends within one.
            let entries = (0..<30).map {
                Entry(date: base.addingTimeInterval(Double($0 / 3)), text: "\($0)")
            }
            for entry in entries.shuffled() { try store.save(entry) }
            let expected = try store.newestEntries(limit: 100, offset: 0)
            var seen: [Entry] = []
            var cursor: DiaryCursor?
            repeat {
                let page = try store.newestEntries(limit: 4, after: cursor)
                #expect(page.count <= 4)
                seen += page
                cursor = page.count == 4 ? page.last.map(DiaryCursor.init) : nil
                if seen.count == 8 {
                    // Added at the top and removed further down: neither moves the pages.
                    try store.save(Entry(date: base.addingTimeInterval(100), text: "new"))
                    try store.remove(id: expected[20].id)
                }
            } while cursor != nil
            #expect(seen.map(\.id) == expected.filter { $0.id != expected[20].id }.map(\.id))
            #expect(try store.newestEntries(limit: 0, after: nil).isEmpty)
            let last = try #require(expected.last)
            #expect(try store.newestEntries(limit: 5, after: DiaryCursor(last)).isEmpty)
        }
    }

    /// Back towards the top: the `limit` entries just newer than a position, newest first —
    /// what a "Newer" link shows — and nothing newer than the newest.
    @Test(arguments: DiaryStoreKind.allCases)
    func pagesBeforeAPositionGiveTheEntriesJustNewerThanIt(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            let entries = (0..<12).map {
                Entry(date: base.addingTimeInterval(Double($0 / 2)), text: "\($0)")
            }
            for entry in entries.shuffled() { try store.save(entry) }
            let all = try store.newestEntries(limit: 100, offset: 0)
            #expect(
                try store.newerEntries(limit: 4, before: DiaryCursor(all[7])) == Array(all[3..<7]))
            #expect(
                try store.newerEntries(limit: 4, before: DiaryCursor(all[2])) == Array(all[0..<2]))
            #expect(try store.newerEntries(limit: 4, before: DiaryCursor(all[0])).isEmpty)
            #expect(try store.newerEntries(limit: 0, before: DiaryCursor(all[7])).isEmpty)
        }
    }

    /// A limit of nothing or less asks for nothing, and an offset below zero starts at the top:
    /// numbers a request or a command passed on are never taken as "everything".
    @Test(arguments: DiaryStoreKind.allCases)
    func aLimitOfZeroOrLessGivesNothingAndANegativeOffsetStartsAtTheTop(kind: DiaryStoreKind)
        async throws
    {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            let entries = (0..<3).map {
                Entry(date: base.addingTimeInterval(Double($0)), text: "\($0)")
            }
            for entry in entries { try store.save(entry) }
            let ids = entries.map(\.id).sorted { $0.uuidString < $1.uuidString }
            for limit in [0, -1, Int.min] {
                #expect(try store.newestEntries(limit: limit, offset: 0).isEmpty, "\(limit)")
                #expect(try store.entryIDs(startingWith: "", limit: limit).isEmpty, "\(limit)")
                var handed = 0
                try store.forEachNewestEntry(limit: limit) { _ in handed += 1 }
                #expect(handed == 0, "\(limit)")
            }
            #expect(try store.newestEntries(limit: 2, offset: -5).map(\.text) == ["2", "1"])
            #expect(try store.newestEntries(limit: 1, offset: 0).map(\.text) == ["2"])
            #expect(try store.entryIDs(startingWith: "", limit: 1) == [ids[0]])
            #expect(try store.entryIDs(startingWith: "", limit: 5) == ids)
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func handsOverTheNewestEntriesOneByOneInTheOrderOfItsPages(kind: DiaryStoreKind)
        async throws
    {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            // Some share an instant: the order among them must be the pages' order too.
            let entries = (0..<1_203).map {
                Entry(date: base.addingTimeInterval(Double($0 / 3)), text: "\($0)")
            }
            #expect(try store.add(contentsOf: entries.shuffled()) == entries.count)
            for limit in [1, 500, 1_202, 1_203, 5_000] {
                var handed: [Entry] = []
                try store.forEachNewestEntry(limit: limit) { handed.append($0) }
                #expect(handed == (try store.newestEntries(limit: limit, offset: 0)))
            }
            struct Stop: Error {}
            var seen = 0
            #expect(throws: Stop.self) {
                try store.forEachNewestEntry(limit: 100) { _ in
                    seen += 1
                    if seen == 3 { throw Stop() }
                }
            }
            #expect(seen == 3)
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func keepsEntriesOfTheSameInstantApartAndInAStableOrder(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            let twins = [Entry(date: base, text: "a"), Entry(date: base, text: "b")]
            for entry in twins { try store.save(entry) }
            let listed = try store.newestEntries(limit: 10, offset: 0)
            #expect(Set(listed.map(\.id)) == Set(twins.map(\.id)))
            #expect(try store.newestEntries(limit: 10, offset: 0) == listed)
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func itsRevisionChangesWithEveryChangeAndOnlyThen(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            let start = try store.revision()
            #expect(try store.revision() == start)
            var entry = Entry(date: base, text: "a")
            try store.save(entry)
            let afterInsert = try store.revision()
            #expect(afterInsert != start)
            entry.text = "b"
            try store.save(entry)
            let afterUpdate = try store.revision()
            #expect(afterUpdate != afterInsert)
            try store.remove(id: entry.id)
            // Never one it had before: a list cached at "after the insert" still holds the entry.
            #expect(![start, afterInsert, afterUpdate].contains(try store.revision()))
        }
    }

    /// Every change to an entry gives it a new revision, and a save that names the revision it
    /// started from is refused when another save came first: nobody's edit is lost unseen.
    @Test(arguments: DiaryStoreKind.allCases)
    func aSaveFromAStaleRevisionIsRefusedWithTheCurrentEntry(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any RevisedDiaryStore)
            var entry = Entry(date: base, text: "first")
            try store.save(entry)
            let opened = try #require(try store.revisedEntry(id: entry.id))
            #expect(opened.entry == entry)
            entry.text = "mine"
            let mine = try store.save(entry, ifRevision: opened.revision)
            #expect(mine != opened.revision)
            #expect(
                try store.revisedEntry(id: entry.id) == RevisedEntry(entry: entry, revision: mine))
            var theirs = entry
            theirs.text = "theirs, from the page opened before"
            #expect(throws: DiaryConflictError(current: RevisedEntry(entry: entry, revision: mine)))
            {
                try store.save(theirs, ifRevision: opened.revision)
            }
            #expect(try store.entry(id: entry.id)?.text == "mine")
            try store.save(theirs)
            #expect(
                try store.revisedEntry(id: entry.id)?.revision != mine, "a plain save revises too")
            try store.remove(id: entry.id)
            #expect(throws: DiaryError.unknownEntry(entry.id)) {
                try store.save(theirs, ifRevision: mine)
            }
            #expect(try store.entry(id: entry.id) == nil, "a conditional save never creates")
        }
    }

    /// A conditional removal removes the entry only at the revision its deleter read, in one
    /// step: one changed meanwhile is kept, and the conflict says how it now is.
    @Test(arguments: DiaryStoreKind.allCases)
    func removesAnEntryOnlyAtTheRevisionItsDeleterRead(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any RevisedDiaryStore)
            var entry = Entry(date: base, text: "first")
            try store.save(entry)
            let opened = try #require(try store.revisedEntry(id: entry.id))
            entry.text = "changed meanwhile"
            let changed = try store.save(entry, ifRevision: opened.revision)
            #expect(
                throws: DiaryConflictError(current: RevisedEntry(entry: entry, revision: changed))
            ) {
                try store.remove(id: entry.id, ifRevision: opened.revision)
            }
            #expect(try store.entry(id: entry.id) == entry)
            try store.remove(id: entry.id, ifRevision: changed)
            #expect(try store.entry(id: entry.id) == nil)
            #expect(throws: DiaryError.unknownEntry(entry.id)) {
                try store.remove(id: entry.id, ifRevision: changed)
            }
        }
    }

    /// An entry's revision counts its versions: 1 when it is added, one more at every save,
    /// the same in every store, so that a revision a page or a client holds means the same
    /// version whichever store keeps the entry.
    @Test(arguments: DiaryStoreKind.allCases)
    func anEntryIsAddedAtRevisionOneAndEachSaveMovesItOneUp(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any RevisedDiaryStore)
            var entry = Entry(date: base, text: "first")
            try store.save(entry)
            #expect(try store.revisedEntry(id: entry.id)?.revision == 1)
            entry.text = "second"
            try store.save(entry)
            #expect(try store.revisedEntry(id: entry.id)?.revision == 2)
            entry.text = "third"
            #expect(try store.save(entry, ifRevision: 2) == 3)
            #expect(try store.revisedEntry(id: entry.id) == RevisedEntry(entry: entry, revision: 3))
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func revisionsAreKeptPerEntry(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any RevisedDiaryStore)
            let one = Entry(date: base, text: "one")
            var two = Entry(date: base, text: "two")
            try store.save(one)
            try store.save(two)
            let before = try #require(try store.revisedEntry(id: one.id)).revision
            two.text = "two, again"
            try store.save(two)
            #expect(try store.revisedEntry(id: one.id)?.revision == before)
            #expect(try store.revisedEntry(id: UUID()) == nil)
        }
    }

    /// Adding many entries adds those whose id is not there, with their ids, dates and text,
    /// and leaves those that are as they are: what an import does, twice or not.
    @Test(arguments: DiaryStoreKind.allCases)
    func addsManyEntriesLeavingThoseThereAsTheyAre(kind: DiaryStoreKind) async throws {
        let base = kind.kept(base)
        try await kind.withStore(in: directory) { store in
            let kept = Entry(date: base, text: "kept as it is")
            try store.save(kept)
            let incoming =
                [Entry(id: kept.id, date: base, text: "an import's older copy")]
                + (1...600).map {
                    Entry(
                        date: base.addingTimeInterval(Double($0)),
                        text: "entry \($0)" + ($0 == 600 ? " #last #Imported" : ""))
                }
            #expect(try store.add(contentsOf: incoming) == 600)
            #expect(try store.count() == 601)
            #expect(try store.entry(id: kept.id) == kept)
            #expect(try store.entry(id: incoming[600].id) == incoming[600])
            #expect(try store.add(contentsOf: incoming) == 0)
            #expect(try store.count() == 601)
            let found = try store.newestEntries(
                matching: DiaryQuery(search: try DiarySearch("entry 600")), limit: 5, after: nil)
            #expect(found == [incoming[600]])
            #expect(
                try store.tagCounts() == [
                    DiaryTagCount(tag: "imported", count: 1), DiaryTagCount(tag: "last", count: 1),
                ])
        }
    }
}
