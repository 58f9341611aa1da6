import CasebookCalendar
import Foundation
import Testing

/// Days from 1970-01-01 and dates, both ways, before 1970 and before year 1 included, and
/// against Foundation's Gregorian calendar.
@Suite("Counting days of the calendar")
struct CivilDaysTests {
    @Test func everyDayReadsBackAsItsDate() {
        for days in stride(from: -800_000, through: 3_000_000, by: 997) {
            let date = CivilDays.date(days: days)
            #expect(CivilDays.days(year: date.year, month: date.month, day: date.day) == days)
        }
    }

    @Test(arguments: [
        (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2026, 12, 1, 20_788),
        (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896), (0, 3, 1, -719_468),
    ])
    func knownDatesAreTheirDays(year: Int, month: Int, day: Int, days: Int) {
        #expect(CivilDays.days(year: year, month: month, day: day) == days)
        #expect(CivilDays.date(days: days) == (year, month, day))
    }

    @Test func theDaysAgreeWithFoundationsGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // From 1700 on: Foundation's calendar is Julian before October 1582.
        for days in stride(from: -98_000, through: 200_000, by: 1_009) {
            let instant = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            let date = CivilDays.date(days: days)
            #expect(
                parts.year == date.year && parts.month == date.month && parts.day == date.day,
                "\(days)")
        }
    }
}
