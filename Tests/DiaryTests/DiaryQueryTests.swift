import DiaryCore
import Foundation
import Testing

@Suite("A query of the diary, as a person asks it")
struct DiaryQueryTests {
    let utc = TimeZone(identifier: "UTC")!
    let today = DiaryDay(year: 2026, month: 3, day: 10)

    @Test func spansFromTheStartOfTheFirstDayToTheEndOfTheLast() throws {
        let query = try DiaryQuery(
            search: "walk*", from: "2026-03-01", to: "yesterday", today: today, zone: utc)
        #expect(query.search == (try DiarySearch("walk*")))
        #expect(query.from == DiaryDay(year: 2026, month: 3, day: 1).start(in: utc))
        #expect(query.before == DiaryDay(year: 2026, month: 3, day: 10).start(in: utc))
    }

    @Test func whatIsNotAskedIsNotLimited() throws {
        #expect(
            try DiaryQuery(search: nil, from: nil, to: nil, today: today, zone: utc)
                == DiaryQuery())
    }

    @Test func saysWhichPartCannotBeRead() {
        #expect(throws: DiaryQueryError.search(.noWords)) {
            try DiaryQuery(search: "!!", from: nil, to: nil, today: today, zone: utc)
        }
        #expect(throws: DiaryQueryError.from(DiaryDayError(text: "soon"))) {
            try DiaryQuery(search: nil, from: "soon", to: nil, today: today, zone: utc)
        }
        #expect(throws: DiaryQueryError.to(DiaryDayError(text: "2026-02-30"))) {
            try DiaryQuery(search: nil, from: nil, to: "2026-02-30", today: today, zone: utc)
        }
    }

    @Test func anEntryIsListedWhenEveryPartHasIt() {
        let day = DiaryDay(year: 2026, month: 3, day: 1)
        let query = DiaryQuery(
            search: try? DiarySearch("soup"), from: day.start(in: utc),
            before: day.next.start(in: utc))
        let noon = day.start(in: utc).addingTimeInterval(12 * 3600)
        #expect(query.matches(Entry(date: noon, text: "Soup!")))
        #expect(!query.matches(Entry(date: noon, text: "Bread")))
        #expect(!query.matches(Entry(date: day.next.start(in: utc), text: "Soup")))
        #expect(query.matches(Entry(date: day.start(in: utc), text: "soup")))
    }
}
