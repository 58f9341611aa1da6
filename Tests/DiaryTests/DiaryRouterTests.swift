import Diary
import Foundation
import Testing

@Suite("Diary router, factory and flows")
struct DiaryRouterTests {
    let navigation = NavigationStackSpy()
    let store = InMemoryDiaryStore()
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let router: DiaryRouter

    init() {
        router = Self.makeRouter(navigation: navigation, store: store, now: now)
    }

    static func makeRouter(navigation: any DiaryNavigationStack, store: any DiaryStore, now: Date)
        -> DiaryRouter
    {
        DiaryRouter(
            navigation: navigation,
            factory: DiaryScreenFactory(
                store: store, clock: ClockStub(now: now),
                formatter: DiaryDateFormatter(locale: Locale(identifier: "en_US"), timeZone: .gmt)))
    }

    @Test func theListIsTheRoot() throws {
        try store.save(Entry(date: now, text: "one"))
        try router.showList()
        #expect(navigation.screens.count == 1)
        #expect(navigation.list?.rows.map(\.text) == ["one"])
    }

    @Test func showingTheListResetsTheStackToJustTheList() throws {
        try router.showList()
        try router.showNewEntry()
        try router.showList()
        #expect(navigation.screens.count == 1)
        #expect(navigation.list != nil)
    }

    @Test func aDetailIsAlwaysExactlyOneScreenAboveTheList() throws {
        let entry = Entry(date: now, text: "e")
        try store.save(entry)
        try router.showList()
        try router.showNewEntry()
        try router.showNewEntry()
        try router.showDetail(for: entry)
        #expect(navigation.screens.count == 2)
        #expect(navigation.detail?.text == "e")
    }

    @Test func addShowsTheNewEntryScreen() throws {
        try router.showList()
        try navigation.list?.add()
        #expect(navigation.screens.count == 2)
        #expect(navigation.detail?.actionTitle == "Save")
    }

    @Test func selectingARowShowsThatEntrysDetail() throws {
        let older = Entry(date: now, text: "older")
        let newer = Entry(date: now.addingTimeInterval(1), text: "newer")
        try store.save(older)
        try store.save(newer)
        try router.showList()
        try navigation.list?.selectRow(at: 1)
        #expect(navigation.detail?.text == "older")
        #expect(navigation.detail?.actionTitle == "Update")
    }

    @Test func showsTheDetailOfTheEntryWhoseIdStartsAsTyped() throws {
        let entry = Entry(date: now, text: "found by a short id")
        try store.save(entry)
        try router.showDetail(matching: String(entry.id.uuidString.prefix(6)))
        #expect(navigation.screens.count == 2)
        #expect(navigation.detail?.entry == entry)
        let absent = entry.id.uuidString.hasPrefix("0000") ? "ffff" : "0000"
        #expect(throws: DiaryError.noEntryStartingWith(absent)) {
            try router.showDetail(matching: absent)
        }
    }

    @Test func savingANewEntryStoresItAndReturnsToARefreshedList() throws {
        try router.showList()
        try navigation.list?.add()
        let detail = try #require(navigation.detail)
        detail.text = "written today"
        try detail.performAction()
        #expect(try store.newestEntries(limit: 10, offset: 0).map(\.text) == ["written today"])
        #expect(navigation.screens.count == 1)
        #expect(navigation.list?.rows.map(\.text) == ["written today"])
    }

    @Test func updatingAnEntryKeepsOneEntryWithTheNewText() throws {
        let entry = Entry(date: now.addingTimeInterval(-3600), text: "draft")
        try store.save(entry)
        try router.showDetail(for: entry)
        navigation.detail?.text = "final"
        try navigation.detail?.performAction()
        #expect(
            try store.newestEntries(limit: 10, offset: 0) == [
                Entry(id: entry.id, date: entry.date, text: "final")
            ])
    }

    @Test func deletingFromTheListStoresTheRemovalAndShowsARefreshedList() throws {
        let keep = Entry(date: now, text: "keep")
        let drop = Entry(date: now.addingTimeInterval(1), text: "drop")
        try store.save(keep)
        try store.save(drop)
        try router.showList()
        try navigation.list?.deleteRow(at: 0)
        #expect(try store.newestEntries(limit: 10, offset: 0) == [keep])
        #expect(navigation.list?.rows.map(\.text) == ["keep"])
    }

    @Test func aWriteTheStoreCannotMakeReachesTheCallerAndTheScreenStays() throws {
        let router = Self.makeRouter(navigation: navigation, store: DiaryStoreStub(), now: now)
        try router.showNewEntry()
        let detail = try #require(navigation.detail)
        detail.text = "lost?"
        #expect(throws: DiaryStoreStub.WriteFailed()) { try detail.performAction() }
        #expect(navigation.detail === detail)
    }

    @Test func showingAnUnknownIdIsAClearError() throws {
        let id = UUID()
        #expect(throws: DiaryError.unknownEntry(id)) { try router.showDetail(id: id) }
    }

    /// A search's list: the entries it finds, newest first, each row an excerpt with the words
    /// found marked, and the page of older results after it.
    @Test func aSearchsListShowsWhatItFindsWithTheWordsMarked() throws {
        for (offset, text) in ["a walk", "bread", "long walks", "walking home", "tea"].enumerated()
        {
            try store.save(Entry(date: now.addingTimeInterval(Double(offset)), text: text))
        }
        let query = DiaryQuery(search: try DiarySearch("walk*"))
        try router.showList(matching: query, limit: 2, after: nil)
        let list = try #require(navigation.list)
        #expect(list.rows.map(\.text) == ["walking home", "long walks"])
        #expect(
            list.rows.map { row in row.marks.map { String(row.text[$0]) } } == [
                ["walking"], ["walks"],
            ])
        #expect(list.query == query)
        let older = try #require(list.older)
        #expect(list.newer == nil)
        try router.showList(matching: query, limit: 2, after: older)
        #expect(navigation.list?.rows.map(\.text) == ["a walk"])
        #expect(navigation.list?.older == nil)
        try navigation.list?.selectRow(at: 0)
        #expect(navigation.detail?.text == "a walk")
    }
}
