import Diary
import Foundation
import Testing

/// When a diarist says something happened, read in their time zone, as a table of inputs and
/// the instants they name — across zones and both DST changes of 2026 in Europe/Rome
/// (29 March, 02:00 → 03:00; 25 October, 03:00 → 02:00).
@Suite("Naming when an entry happened")
struct DiaryMomentTests {
    static let rome = TimeZone(identifier: "Europe/Rome")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    /// Wednesday 2 December 2026, 15:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_796_223_600)

    static func utc(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test(arguments: [
        ("2025-11-02 08:30", "Europe/Rome", "2025-11-02T07:30:00Z"),
        ("2025-11-02T08:30", "Europe/Rome", "2025-11-02T07:30:00Z"),
        ("2025-11-02", "Europe/Rome", "2025-11-02T08:00:00Z"),
        ("2025-11-02 08:30", "Asia/Tokyo", "2025-11-01T23:30:00Z"),
        ("today 20:30", "Europe/Rome", "2026-12-02T19:30:00Z"),
        ("Today 20:30", "Europe/Rome", "2026-12-02T19:30:00Z"),
        ("yesterday 20:30", "Europe/Rome", "2026-12-01T19:30:00Z"),
        ("Yesterday", "Europe/Rome", "2026-12-01T08:00:00Z"),
        // Midnight has passed in Tokyo: today there is the 3rd.
        ("20:30", "Asia/Tokyo", "2026-12-03T11:30:00Z"),
        ("3 days ago", "Europe/Rome", "2026-11-29T08:00:00Z"),
        ("last monday", "Europe/Rome", "2026-11-30T08:00:00Z"),
        ("last wednesday 7:05", "Europe/Rome", "2026-11-25T06:05:00Z"),
        ("2026-03-29 01:59", "Europe/Rome", "2026-03-29T00:59:00Z"),
        ("2026-03-29 03:00", "Europe/Rome", "2026-03-29T01:00:00Z"),
        // Passed twice as the clocks go back: the first.
        ("2026-10-25 02:30", "Europe/Rome", "2026-10-25T00:30:00Z"),
        ("2025-07-14T19:30:00+02:00", "Asia/Tokyo", "2025-07-14T17:30:00Z"),
    ])
    func namesTheInstant(text: String, zone: String, expected: String) throws {
        let date = try DiaryMoment.date(text, now: Self.now, zone: TimeZone(identifier: zone)!)
        #expect(date == Self.utc(expected))
    }

    @Test func aTimeTheClocksSkipIsRefusedNotMoved() {
        #expect(throws: DiaryMomentError.self) {
            try DiaryMoment.date("2026-03-29 02:30", now: Self.now, zone: Self.rome)
        }
        do {
            _ = try DiaryMoment.date("2026-03-29 02:30", now: Self.now, zone: Self.rome)
        } catch {
            #expect(
                error.description
                    == "02:30 on 2026-03-29 does not exist in Europe/Rome: the clocks went forward an hour then; write 03:30, or the time before the change"
            )
        }
    }

    @Test(arguments: [
        "someday", "2025-13-02", "2025-02-30 08:00", "25:00", "today 8", "last month", "",
    ])
    func whatNamesNoMomentIsRefusedSayingHowToWriteOne(text: String) {
        #expect(throws: DiaryMomentError(text: text)) {
            try DiaryMoment.date(text, now: Self.now, zone: Self.rome)
        }
    }

    /// jrnl's leading date: the moment and the text after `: `; a text that starts otherwise is
    /// all text; one that starts like a date and is none is refused.
    @Test func readsJrnlsLeadingDate() throws {
        let read = try #require(
            try DiaryMoment.leading(
                in: "yesterday 20:30: Walked to the market.", now: Self.now, zone: Self.rome))
        #expect(read.date == Self.utc("2026-12-01T19:30:00Z"))
        #expect(read.text == "Walked to the market.")
        let dated = try #require(
            try DiaryMoment.leading(in: "2025-11-02 08:30: Rain.", now: Self.now, zone: Self.rome))
        #expect(dated.date == Self.utc("2025-11-02T07:30:00Z"))
        #expect(
            try DiaryMoment.leading(in: "Note: buy figs", now: Self.now, zone: Self.rome) == nil)
        #expect(try DiaryMoment.leading(in: "No colon here", now: Self.now, zone: Self.rome) == nil)
        #expect(
            try DiaryMoment.leading(in: "Last night: we went out", now: Self.now, zone: Self.rome)
                == nil)
        #expect(
            try DiaryMoment.leading(in: "3 things: figs", now: Self.now, zone: Self.rome) == nil)
        #expect(
            try DiaryMoment.leading(in: "Last night: we went out", now: Self.now, zone: Self.rome)
                == nil)
        #expect(
            try DiaryMoment.leading(in: "3 things: figs", now: Self.now, zone: Self.rome) == nil)
        #expect(throws: DiaryMomentError.self) {
            try DiaryMoment.leading(in: "2025-13-45: typo", now: Self.now, zone: Self.rome)
        }
    }
}
