import CasebookTestSupport
import Foundation
import Testing

@testable import DiaryCore

/// A long list's dates written as `DiaryDateFormatter` formats each one, with ICU asked once a
/// day and once a time of day instead of once a date.
@Suite("Dates of a long list")
struct DiaryDateWriterTests {
    static let places: [(locale: String, timeZone: String)] = [
        ("en_US", "America/New_York"), ("en_GB", "Europe/London"), ("de_DE", "Europe/Berlin"),
        ("fr_FR", "Europe/Paris"), ("ja_JP", "Asia/Tokyo"), ("zh_Hans_CN", "Asia/Shanghai"),
        ("ar_EG", "Africa/Cairo"), ("hi_IN", "Asia/Kolkata"), ("he_IL", "Asia/Jerusalem"),
        ("th_TH", "Asia/Bangkok"), ("ko_KR", "Asia/Seoul"), ("en_AU", "Australia/Lord_Howe"),
        ("en_NZ", "Pacific/Chatham"), ("en_CA", "America/St_Johns"), ("nl_NL", "Europe/Amsterdam"),
        ("en_US_POSIX", "UTC"), ("fa_IR", "Asia/Tehran"), ("pt_BR", "America/Sao_Paulo"),
        // The time before the date ("22:13 adeɛmekpɔxe 14 lia 2023", "पी एम 10:13 पेठ 14 नवमबर 2023").
        ("ee_TG", "Africa/Lome"), ("ks_Deva_IN", "Asia/Kolkata"),
    ]

    @Test(arguments: places)
    func writesEveryDateOfAListAsTheFormatterFormatsIt(place: (locale: String, timeZone: String)) {
        let formatter = DiaryDateFormatter(
            locale: Locale(identifier: place.locale),
            timeZone: TimeZone(identifier: place.timeZone)!)
        var writer = DiaryDateWriter(formatter: formatter)
        var generator = SplitMix64(
            seed: UInt64(place.locale.utf8.count * 31 + place.timeZone.count))
        for date in Self.dates(using: &generator) {
            var bytes: [UInt8] = [0x7C]
            writer.write(date, to: &bytes)
            #expect(
                String(decoding: bytes.dropFirst(), as: UTF8.self) == formatter.string(from: date),
                "\(date.timeIntervalSinceReferenceDate) in \(place)")
        }
    }

    @Test func asksICUOnceADayAndOnceATimeOfDayNotOnceADate() {
        let formatter = DiaryDateFormatter(
            locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!)
        var writer = DiaryDateWriter(formatter: formatter)
        var bytes: [UInt8] = []
        var nearAnEdge = 0
        // 100,000 entries 37.3 s apart, newest first: 44 days and a change of the clocks, every
        // minute of the day.
        for n in stride(from: 99_999, through: 0, by: -1) {
            let date = Date(timeIntervalSinceReferenceDate: 700_000_000 + 37.3 * Double(n))
            writer.write(date, to: &bytes)
            let milliseconds = (date.timeIntervalSinceReferenceDate + 978_307_200) * 1_000
            let intoMinute = milliseconds.truncatingRemainder(dividingBy: 60_000)
            nearAnEdge += intoMinute < 1 || intoMinute >= 59_999 ? 1 : 0
        }
        // ICU, exactly: each minute's time once, three checks a day (46 stretches: 45 days, one
        // split by the change), and whole the dates within a millisecond of a minute's edge
        // (one in 600) — no more (a cache missed), no fewer (an edge taken the fast way).
        #expect(nearAnEdge == 167)
        #expect(writer.formattedByICU == 1_440 + 3 * 46 + nearAnEdge)
    }

    /// A date seconds after midnight, or at midnight exactly, is its new day's: the day is
    /// worked out again (three ICU strings), not taken for the day before (one whole date).
    @Test func aDateJustAfterMidnightStartsItsOwnDay() {
        let formatter = DiaryDateFormatter(
            locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!)
        let midnight = 1_700_006_400.0  // 15 November 2023, 00:00 UTC
        // Noon the day before, then midnight exactly (whole: a minute's edge), then 5 s after
        // it and noon (the day and a time each), all counted from a fresh writer.
        for (dates, strings) in [
            ([midnight - 43_200, midnight], 4 + 3 + 1), ([midnight + 5], 3 + 1),
            ([midnight + 5, midnight + 43_200], 3 + 1 + 1),
        ] {
            var writer = DiaryDateWriter(formatter: formatter)
            for date in dates.map({ Date(timeIntervalSince1970: $0) }) {
                var bytes: [UInt8] = []
                writer.write(date, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == formatter.string(from: date))
            }
            #expect(writer.formattedByICU == strings, "\(dates)")
        }
    }

    /// A date at the very instant the clocks change belongs to the stretch after the change:
    /// its day is worked out (three ICU strings) and, being at a minute's edge, it is written
    /// whole (one more), as a date a millisecond before the change is in the stretch before.
    @Test(arguments: [0.0, -0.001])
    func aDateAtTheInstantOfAClockChangeIsInTheStretchItStarts(offset: Double) {
        let formatter = DiaryDateFormatter(
            locale: Locale(identifier: "en_US"),
            timeZone: TimeZone(identifier: "America/New_York")!)
        var writer = DiaryDateWriter(formatter: formatter)
        // 10 March 2024, 07:00 UTC: 2:00 EST became 3:00 EDT.
        let date = Date(timeIntervalSince1970: 1_710_054_000 + offset)
        var bytes: [UInt8] = []
        writer.write(date, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == formatter.string(from: date))
        #expect(writer.formattedByICU == 3 + 1)
    }

    /// The stretch a writer holds ends where the clocks change: the instant of the change is
    /// held by the stretch after it (written whole at once, a minute's edge) and not by the
    /// one before it (whose day is worked out again: three ICU strings, then the date whole).
    /// An hour before the change: its day and time (3 + 1), then the change's (3 + 1); an hour
    /// after: its day and time (3 + 1), then the change whole (1).
    static let hoursAroundAChange: [(hourAway: Double, strings: Int)] = [(-3_600, 8), (3_600, 5)]

    @Test(arguments: hoursAroundAChange)
    func theInstantOfAClockChangeIsHeldByTheStretchAfterIt(hourAway: Double, strings: Int) {
        let formatter = DiaryDateFormatter(
            locale: Locale(identifier: "en_US"),
            timeZone: TimeZone(identifier: "America/New_York")!)
        var writer = DiaryDateWriter(formatter: formatter)
        let change = 1_710_054_000.0  // 10 March 2024, 07:00 UTC: 2:00 EST became 3:00 EDT
        for seconds in [change + hourAway, change] {
            let date = Date(timeIntervalSince1970: seconds)
            var bytes: [UInt8] = []
            writer.write(date, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == formatter.string(from: date))
        }
        #expect(writer.formattedByICU == strings)
    }

    /// Dates 10^14 ms or more from 1970 (beyond the year 5138, either way) are formatted whole;
    /// one a minute inside that range takes the fast way (its day and time: four ICU strings).
    @Test func aDateBeyondTheYear5138IsFormattedWhole() {
        let formatter = DiaryDateFormatter(
            locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!)
        for (milliseconds, strings) in [
            (100_000_000_000_000.0, 1), (-100_000_000_000_000.0, 1), (99_999_999_940_000.0, 4),
        ] {
            var writer = DiaryDateWriter(formatter: formatter)
            let date = Date(timeIntervalSince1970: milliseconds / 1_000)
            var bytes: [UInt8] = []
            writer.write(date, to: &bytes)
            #expect(writer.formattedByICU == strings, "\(milliseconds) ms")
            #expect(String(decoding: bytes, as: UTF8.self) == formatter.string(from: date))
        }
    }

    /// The edges of "within a millisecond of a minute's edge": 0 and 59.999 s into a minute
    /// are formatted whole (ICU could round them into another minute), 1 ms and 59.998 s are
    /// not.
    @Test func exactlyTheMillisecondAtEitherEdgeOfAMinuteIsFormattedWhole() throws {
        let formatter = DiaryDateFormatter(
            locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!)
        var writer = DiaryDateWriter(formatter: formatter)
        let minute = 700_000_020.0  // a whole minute since 1970 too
        var bytes: [UInt8] = []
        writer.write(Date(timeIntervalSinceReferenceDate: minute + 30), to: &bytes)
        for (offset, whole) in [(0.001, false), (59.998, false), (0.0, true), (59.999, true)] {
            let date = Date(timeIntervalSinceReferenceDate: minute + offset)
            let milliseconds = (date.timeIntervalSinceReferenceDate + 978_307_200) * 1_000
            try #require(
                offset == 59.998
                    || milliseconds.truncatingRemainder(dividingBy: 60_000)
                        == (offset * 1_000).rounded(),
                "\(offset) s is not an exact millisecond")
            let before = writer.formattedByICU
            bytes = []
            writer.write(date, to: &bytes)
            #expect(writer.formattedByICU - before == (whole ? 1 : 0), "\(offset) s")
            #expect(String(decoding: bytes, as: UTF8.self) == formatter.string(from: date))
        }
    }

    @Test(arguments: [
        ("America/New_York", 1_710_046_800),  // 10 March 2024: 2:00 became 3:00
        ("America/New_York", 1_730_606_400),  // 3 November 2024: 1:00 to 2:00 twice
        ("Australia/Lord_Howe", 1_712_408_400),  // 7 April 2024: back half an hour at 2:00
        ("Europe/London", 1_679_788_800),  // 26 March 2023: 1:00 became 2:00
    ])
    func daysWhoseClocksChangeAreWrittenAsTheFormatterFormatsThem(zone: String, midnight: Int) {
        let formatter = DiaryDateFormatter(
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: zone)!)
        var writer = DiaryDateWriter(formatter: formatter)
        // Every five minutes of the day and a little beyond, newest first.
        for minutes in stride(from: 25 * 60, through: -60, by: -5) {
            let date = Date(timeIntervalSince1970: Double(midnight + minutes * 60) + 17.5)
            var bytes: [UInt8] = []
            writer.write(date, to: &bytes)
            #expect(
                String(decoding: bytes, as: UTF8.self) == formatter.string(from: date),
                "\(minutes) minutes after midnight in \(zone)")
        }
        // Each of the day's two stretches checked once, with the days either side of it.
        #expect(writer.formattedByICU <= 4 * 3 + 24 * 12 + 2 * 12 + 2)
    }

    /// Dates newest first, as lists are: gaps of seconds, minutes, hours and days, dates a
    /// millisecond either side of a minute, across clock changes, from 2100 back to 1850 (when
    /// many zones kept local mean time, offsets of odd seconds).
    static func dates(using generator: inout SplitMix64) -> [Date] {
        var dates: [Date] = []
        var seconds = Date(timeIntervalSince1970: 4_102_444_800).timeIntervalSinceReferenceDate
        let end = Date(timeIntervalSince1970: -3_786_825_600).timeIntervalSinceReferenceDate
        while seconds > end, dates.count < 4_000 {
            dates.append(Date(timeIntervalSinceReferenceDate: seconds))
            let minute = (seconds / 60).rounded(.down) * 60
            dates.append(Date(timeIntervalSinceReferenceDate: minute + 0.000_5))
            dates.append(Date(timeIntervalSinceReferenceDate: minute - 0.000_5))
            dates.append(Date(timeIntervalSinceReferenceDate: minute - 0.001))
            switch generator.next() % 4 {
            case 0: seconds -= Double(generator.next() % 120) + 0.25
            case 1: seconds -= Double(generator.next() % 7_200)
            case 2: seconds -= Double(generator.next() % 172_800) + 0.125
            default: seconds -= Double(generator.next() % 20_000_000)
            }
        }
        return dates
    }
}
