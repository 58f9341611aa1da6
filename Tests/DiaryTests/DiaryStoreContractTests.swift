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
        let base = base
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

    @Test(arguments: DiaryStoreKind.allCases)
    func keepsTextAndInstantExactly(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { store in
            let entry = Entry(date: base, text: "kept 🍕\nacross lines, \"quoted\" and 'single'")
            try store.save(entry)
            #expect(try store.entry(id: entry.id) == entry)
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func listsNewestFirstInPages(kind: DiaryStoreKind) async throws {
        let base = base
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

    @Test(arguments: DiaryStoreKind.allCases)
    func keepsEntriesOfTheSameInstantApartAndInAStableOrder(kind: DiaryStoreKind) async throws {
        let base = base
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
        let base = base
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
            #expect(try store.revision() != afterUpdate)
        }
    }
}
