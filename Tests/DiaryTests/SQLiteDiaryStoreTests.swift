import Diary
import Foundation
import Testing

@Suite("The diary in a real SQLite file")
struct SQLiteDiaryStoreTests {
    let path: String

    init() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("diary.sqlite").path
    }

    let base = Date(timeIntervalSinceReferenceDate: 700_000_000.123456)

    @Test func savesUpdatesAndRemovesEntries() throws {
        let store = try SQLiteDiaryStore(path: path)
        var entry = Entry(date: base, text: "first")
        try store.save(entry)
        entry.text = "changed"
        try store.save(entry)
        #expect(try store.count() == 1)
        #expect(try store.entry(id: entry.id) == entry)
        try store.remove(id: entry.id)
        #expect(try store.entry(id: entry.id) == nil)
        try store.remove(id: entry.id)
    }

    @Test func listsNewestFirstInPages() throws {
        let store = try SQLiteDiaryStore(path: path)
        let entries = (0..<7).map {
            Entry(date: base.addingTimeInterval(Double($0)), text: "\($0)")
        }
        for entry in entries.shuffled() { try store.save(entry) }
        #expect(try store.newestEntries(limit: 3, offset: 0).map(\.text) == ["6", "5", "4"])
        #expect(try store.newestEntries(limit: 3, offset: 6).map(\.text) == ["0"])
    }

    @Test func savesManyEntriesInOneTransaction() throws {
        let store = try SQLiteDiaryStore(path: path)
        let entries = (0..<1000).map {
            Entry(date: base.addingTimeInterval(Double($0)), text: "\($0)")
        }
        try store.save(contentsOf: entries)
        #expect(try store.count() == 1000)
        #expect(try store.newestEntries(limit: 1, offset: 0) == [entries[999]])
    }

    @Test func keepsEntriesOfTheSameInstantApartAndInAStableOrder() throws {
        let store = try SQLiteDiaryStore(path: path)
        let twins = [Entry(date: base, text: "a"), Entry(date: base, text: "b")]
        for entry in twins { try store.save(entry) }
        let listed = try store.newestEntries(limit: 10, offset: 0)
        #expect(Set(listed.map(\.id)) == Set(twins.map(\.id)))
        #expect(try store.newestEntries(limit: 10, offset: 0) == listed)
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

    @Test func twoConnectionsWritingAtOnceLoseNothing() async throws {
        let first = try SQLiteDiaryStore(path: path)
        let second = try SQLiteDiaryStore(path: path)
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

    @Test func aStoreThatCannotBeOpenedSaysWhere() {
        #expect {
            try SQLiteDiaryStore(path: "/nonexistent/dir/diary.sqlite")
        } throws: { error in
            "\(error)".contains("/nonexistent/dir/diary.sqlite")
        }
    }
}
