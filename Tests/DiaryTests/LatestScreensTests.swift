import Diary
import Foundation
import Testing

/// The navigation stack a web page or a command renders from: it keeps the screens the router
/// showed last and finds the list at the bottom and the detail on top.
@Suite("The latest screens")
struct LatestScreensTests {
    let screens = LatestScreens()
    let store = InMemoryDiaryStore()
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let router: DiaryRouter

    init() {
        router = DiaryRouterTests.makeRouter(navigation: screens, store: store, now: now)
    }

    @Test func nothingIsShownBeforeTheRouterShowsAScreen() {
        #expect(screens.screens.isEmpty)
        #expect(screens.list == nil)
        #expect(screens.detail == nil)
    }

    @Test func theListAloneIsTheListWithNoDetail() throws {
        try store.save(Entry(date: now, text: "one"))
        try router.showList()
        #expect(screens.list?.rows.map(\.text) == ["one"])
        #expect(screens.detail == nil)
    }

    @Test func anEntrysDetailIsOnTopOfTheList() throws {
        let entry = Entry(date: now, text: "lighthouse")
        try store.save(entry)
        try router.showDetail(for: entry)
        #expect(screens.screens.count == 2)
        #expect(screens.list?.rows.map(\.text) == ["lighthouse"])
        #expect(screens.detail?.entry == entry)
    }

    @Test func aStackWithoutTheListAtItsBottomHasNoList() throws {
        let detail = EntryDetailScreen(
            entry: nil, now: now,
            formatter: DiaryDateFormatter(locale: Locale(identifier: "en_US"), timeZone: .gmt))
        screens.show([.detail(detail)])
        #expect(screens.list == nil)
        #expect(screens.detail === detail)
        try router.showList()
        #expect(screens.detail == nil, "the stack is replaced whole")
    }
}
