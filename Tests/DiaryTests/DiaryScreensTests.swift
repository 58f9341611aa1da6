import Diary
import Foundation
import Testing

@Suite("Diary screens")
struct DiaryScreensTests {
    let formatter = DiaryDateFormatter(
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    let morning = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 UTC

    @Test func theListIsTitledDiaryWithOneRowPerEntryNewestFirst() {
        let older = Entry(date: morning, text: "older")
        let newer = Entry(date: morning.addingTimeInterval(60), text: "newer")
        let screen = DiaryListScreen(entries: [newer, older], formatter: formatter)
        #expect(screen.title == "Diary")
        #expect(screen.rows.map(\.text) == ["newer", "older"])
        #expect(screen.rows.map(\.id) == [newer.id, older.id])
    }

    /// The list shows a page of the 50 newest entries unless asked for another size.
    @Test func theListShowsTheFiftyNewestEntriesByDefault() throws {
        let store = InMemoryDiaryStore()
        for minute in 0..<51 {
            try store.save(
                Entry(date: morning.addingTimeInterval(Double(minute) * 60), text: "\(minute)"))
        }
        let screen = try DiaryScreenFactory(store: store, formatter: formatter).makeList()
        let newestFirst: [String] = (1..<51).reversed().map { String($0) }
        #expect(screen.rows.map(\.text) == newestFirst)
    }

    @Test func aRowShowsTheDateAsAReadableString() {
        let screen = DiaryListScreen(
            entries: [Entry(date: morning, text: "x")], formatter: formatter)
        #expect(screen.rows.first?.subtitle == "November 14, 2023 at 10:13\u{202F}PM")
    }

    @Test func datesAroundNewYearKeepTheirCalendarYear() {
        // 30 December 2024 is in week 1 of 2025: a "YYYY" formatter would say 2025.
        let date = Date(timeIntervalSince1970: 1_735_560_000)  // 2024-12-30 12:00 UTC
        #expect(formatter.string(from: date).hasPrefix("December 30, 2024"))
    }

    @Test func longTextIsCutToEightyCharactersWithAnEllipsis() {
        let long = String(repeating: "a", count: 81)
        let exact = String(repeating: "b", count: 80)
        let screen = DiaryListScreen(
            entries: [Entry(date: morning, text: long), Entry(date: morning, text: exact)],
            formatter: formatter)
        #expect(screen.rows[0].text == String(repeating: "a", count: 80) + "…")
        #expect(screen.rows[1].text == exact)
    }

    @Test func cuttingNeverSplitsAnEmojiOrACombiningSequence() {
        let family = "👨‍👩‍👧‍👦"
        let text = String(repeating: "x", count: 79) + family + "e\u{301}tc"
        let screen = DiaryListScreen(
            entries: [Entry(date: morning, text: text)], formatter: formatter)
        #expect(screen.rows[0].text == String(repeating: "x", count: 79) + family + "…")
    }

    @Test func selectingDeletingAndAddingCallBackWithTheRightEntry() throws {
        let first = Entry(date: morning.addingTimeInterval(1), text: "first")
        let second = Entry(date: morning, text: "second")
        let screen = DiaryListScreen(entries: [first, second], formatter: formatter)
        var selected: [Entry] = []
        var deleted: [Entry] = []
        var adds = 0
        screen.onSelect = { selected.append($0) }
        screen.onDelete = { deleted.append($0) }
        screen.onAdd = { adds += 1 }
        try screen.selectRow(at: 1)
        try screen.deleteRow(at: 0)
        try screen.add()
        try screen.selectRow(at: 5)
        try screen.deleteRow(at: -1)
        #expect(selected == [second])
        #expect(deleted == [first])
        #expect(adds == 1)
    }

    @Test func aNewEntryIsTitledTodayStartsEmptyAndSaves() {
        let screen = EntryDetailScreen(entry: nil, now: morning, formatter: formatter)
        #expect(screen.title == formatter.string(from: morning))
        #expect(screen.text == "")
        #expect(screen.actionTitle == "Save")
    }

    @Test func anExistingEntryShowsItsDateAndTextAndUpdates() {
        let entry = Entry(date: morning, text: "kept")
        let screen = EntryDetailScreen(
            entry: entry, now: morning.addingTimeInterval(999), formatter: formatter)
        #expect(screen.title == formatter.string(from: morning))
        #expect(screen.text == "kept")
        #expect(screen.actionTitle == "Update")
    }

    @Test(arguments: [("", false), ("   \n\t", false), ("x", true), (" hi ", true)])
    func theActionIsEnabledOnlyWhenTheTextIsNotBlank(text: String, enabled: Bool) {
        let screen = EntryDetailScreen(entry: nil, now: morning, formatter: formatter)
        screen.text = text
        #expect(screen.isActionEnabled == enabled)
    }

    @Test func performingTheActionOnANewEntrySavesItDatedNow() throws {
        let screen = EntryDetailScreen(entry: nil, now: morning, formatter: formatter)
        var saved: [Entry] = []
        screen.onSave = { saved.append($0) }
        screen.text = "hello"
        try screen.performAction()
        #expect(saved.map(\.text) == ["hello"])
        #expect(saved.first?.date == morning)
    }

    @Test func performingTheActionOnAnEntryKeepsItsIdentityAndDate() throws {
        let entry = Entry(date: morning, text: "before")
        let screen = EntryDetailScreen(
            entry: entry, now: morning.addingTimeInterval(50), formatter: formatter)
        var saved: [Entry] = []
        screen.onSave = { saved.append($0) }
        screen.text = "after"
        try screen.performAction()
        #expect(saved == [Entry(id: entry.id, date: morning, text: "after")])
    }

    @Test func aBlankEntryIsRefusedAndNothingIsSaved() {
        let screen = EntryDetailScreen(entry: nil, now: morning, formatter: formatter)
        var saved = 0
        screen.onSave = { _ in saved += 1 }
        screen.text = "  "
        #expect(throws: EntryDetailError.blankText) { try screen.performAction() }
        #expect(saved == 0)
    }
}
