import DiaryCore
import Foundation
import Testing

@Suite("A day as a person names it")
struct DiaryDayTests {
    let today = DiaryDay(year: 2026, month: 3, day: 1)

    @Test(arguments: [
        ("2026-11-20", DiaryDay(year: 2026, month: 11, day: 20)),
        ("today", DiaryDay(year: 2026, month: 3, day: 1)),
        ("yesterday", DiaryDay(year: 2026, month: 2, day: 28)),
        ("1 day ago", DiaryDay(year: 2026, month: 2, day: 28)),
        ("366 days ago", DiaryDay(year: 2025, month: 2, day: 28)),
        ("0 days ago", DiaryDay(year: 2026, month: 3, day: 1)),
    ])
    func isADateTodayYesterdayOrSomeDaysAgo(text: String, day: DiaryDay) throws {
        #expect(try DiaryDay(text, today: today) == day)
    }

    @Test(arguments: [
        "2026-02-29", "2026-13-01", "2026-1-01", "20260101", "tomorrow", "-1 days ago",
        "100000 days ago", "", "0000-01-01", "2026-01-01T00:00:00Z", " today", "Today",
        "3  days ago", "3 days ago ",
    ])
    func anythingElseIsRefusedWithWhatADayIs(text: String) {
        #expect(throws: DiaryDayError(text: text)) { try DiaryDay(text, today: today) }
        #expect(
            DiaryDayError(text: "soon").description
                == "'soon' is not a day (a day is YYYY-MM-DD, today, yesterday or N days ago)")
    }

    @Test func startsAtMidnightInTheReadersTimeZoneAndEndsWhereTheNextStarts() throws {
        let rome = try #require(TimeZone(identifier: "Europe/Rome"))
        let day = DiaryDay(year: 2026, month: 3, day: 29)  // clocks go forward: 23 hours
        #expect(day.start(in: rome) == Date(timeIntervalSince1970: 1_774_738_800))
        #expect(day.next.start(in: rome).timeIntervalSince(day.start(in: rome)) == 23 * 3600)
    }

    @Test func todayIsTheDayItIsInTheReadersTimeZone() throws {
        let instant = Date(timeIntervalSince1970: 1_774_738_800 - 1)  // 23:59:59 in Rome
        let rome = try #require(TimeZone(identifier: "Europe/Rome"))
        #expect(DiaryDay(containing: instant, in: rome) == DiaryDay(year: 2026, month: 3, day: 28))
        #expect(
            DiaryDay(containing: instant, in: TimeZone(identifier: "UTC")!)
                == DiaryDay(year: 2026, month: 3, day: 28))
    }
}
