import CasebookTestSupport
import Diary
import Foundation
import Testing

/// A month's counts for the diary's calendar: the entries of each day and the month's entries
/// and words, with days as the reader's zone has them, run on every store.
@Suite("A month of the diary, counted")
struct DiaryMonthCountsTests {
    static let rome = TimeZone(identifier: "Europe/Rome")!

    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    @Test(arguments: [DiaryStoreKind.inMemory, .sqlite, .postgres])
    func eachDayCountsItsEntriesInTheReadersZone(kind: DiaryStoreKind) async throws {
        let directory = try TemporaryDirectory()
        try await kind.withStore(in: directory) { store in
            for (date, text) in [
                ("2026-03-01T08:00:00Z", "A walk by the sea"),
                ("2026-03-01T19:00:00Z", "Soup, #home"),
                ("2026-03-15T12:00:00Z", "Three words here"),
                // 00:30 on 1 April in Rome: April's, not March's.
                ("2026-03-31T22:30:00Z", "Past midnight"),
                // 00:30 on 1 March in Rome: March's.
                ("2026-02-28T23:30:00Z", "Early march"),
            ] {
                try store.save(Entry(date: Self.instant(date), text: text))
            }
            let march = try DiaryMonthCounts.of(
                monthOf: DiaryDay(year: 2026, month: 3, day: 20), in: DiaryEntries(store: store),
                zone: Self.rome)
            #expect(march.entriesByDay == [1: 3, 15: 1])
            #expect(march.entries == 4)
            // "A walk by the sea" 5, "Soup, #home" 2, "Three words here" 3, "Early march" 2.
            #expect(march.words == 12)
            #expect(march.complete)
            #expect(march.previousMonth == DiaryDay(year: 2026, month: 2, day: 1))
            #expect(march.nextMonth == DiaryDay(year: 2026, month: 4, day: 1))
            let april = try DiaryMonthCounts.of(
                monthOf: DiaryDay(year: 2026, month: 4, day: 1), in: DiaryEntries(store: store),
                zone: Self.rome)
            #expect(april.entriesByDay == [1: 1])
            let empty = try DiaryMonthCounts.of(
                monthOf: DiaryDay(year: 2025, month: 12, day: 1), in: DiaryEntries(store: store),
                zone: Self.rome)
            #expect(empty.entries == 0 && empty.entriesByDay.isEmpty)
            #expect(empty.nextMonth == DiaryDay(year: 2026, month: 1, day: 1))
        }
    }
}
