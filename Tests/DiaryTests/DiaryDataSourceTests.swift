import Diary
import Foundation
import Testing

@Suite("DiaryDataSource")
struct DiaryDataSourceTests {
    let monday = Entry(date: Date(timeIntervalSince1970: 1_700_000_000), text: "Monday")
    let tuesday = Entry(date: Date(timeIntervalSince1970: 1_700_086_400), text: "Tuesday")

    @Test func isEmptyByDefault() {
        #expect(DiaryDataSource().sortedEntries.isEmpty)
    }

    @Test func addsAnEntryOnlyOnceHoweverOftenItIsSaved() {
        let dataSource = DiaryDataSource()
        dataSource.save(entry: monday)
        dataSource.save(entry: monday)
        dataSource.save(entry: monday)
        #expect(dataSource.sortedEntries == [monday])
    }

    /// A store put over a data source that already holds entries (the case study's screens may
    /// have filled it) has each of them at revision 1, and takes an update made from revision 1.
    @Test func aStoreOverAFilledDataSourceHasItsEntriesAtRevisionOne() throws {
        let dataSource = DiaryDataSource()
        dataSource.save(entry: monday)
        let store = InMemoryDiaryStore(dataSource: dataSource)
        #expect(try store.revisedEntry(id: monday.id) == RevisedEntry(entry: monday, revision: 1))
        var changed = monday
        changed.text = "Monday, later"
        #expect(try store.save(changed, ifRevision: 1) == 2)
    }

    @Test func sortsNewestFirst() {
        let dataSource = DiaryDataSource()
        dataSource.save(entry: monday)
        dataSource.save(entry: tuesday)
        #expect(dataSource.sortedEntries == [tuesday, monday])
    }

    @Test func removesTheRightEntry() {
        let dataSource = DiaryDataSource()
        dataSource.save(entry: monday)
        dataSource.save(entry: tuesday)
        dataSource.remove(entry: monday)
        #expect(dataSource.sortedEntries == [tuesday])
    }

    @Test func savingAChangedEntryUpdatesIt() {
        let dataSource = DiaryDataSource()
        dataSource.save(entry: monday)
        var changed = monday
        changed.text = "Monday, rewritten"
        dataSource.save(entry: changed)
        #expect(dataSource.sortedEntries.map(\.text) == ["Monday, rewritten"])
    }

    @Test func twoEntriesWrittenAtTheSameInstantAreTwoEntries() {
        let instant = Date(timeIntervalSince1970: 1_700_000_000)
        let first = Entry(date: instant, text: "one")
        let second = Entry(date: instant, text: "two")
        #expect(first != second)
        let dataSource = DiaryDataSource()
        dataSource.save(entry: first)
        dataSource.save(entry: second)
        #expect(dataSource.sortedEntries.count == 2)
    }
}
