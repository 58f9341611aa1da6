import Foundation
import SurveySync
import Testing

@Suite("A day of arrival")
struct ReceivedDayTests {
    @Test(arguments: [
        ("1970-01-01", 0.0), ("2026-11-25", 1_795_564_800), ("2000-02-29", 951_782_400),
        ("0001-01-01", -62_135_596_800), ("9999-12-31", 253_402_214_400),
        ("1582-10-10", -12_219_724_800),
    ])
    func readsADayAsItsFirstInstantInUTC(text: String, start: Double) throws {
        let day = try #require(ReceivedDay(text))
        #expect(day.start == Date(timeIntervalSince1970: start))
        #expect(day.text == text)
        #expect(day.end == Date(timeIntervalSince1970: start + 86_400))
        #expect(ReceivedDay(holding: day.start.addingTimeInterval(86_399.5)) == day)
        #expect(day.previous.end == day.start)
    }

    @Test(arguments: [
        "", "2026-1-05", "2026-01-5", "26-01-05", "2026/01/05", "2026-02-29", "2100-02-29",
        "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "0000-01-01", "10000-01-01",
        "+026-01-01", "2026-01-0x", "２０２６-01-01", "yesterday",
    ])
    func refusesAnythingElse(text: String) {
        #expect(ReceivedDay(text) == nil)
    }
}
