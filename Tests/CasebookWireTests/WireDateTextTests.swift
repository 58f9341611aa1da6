import CasebookWire
import Foundation
import Testing

/// The wire's dates, written by hand: what `Date.ISO8601FormatStyle(includingFractionalSeconds:
/// true)` wrote on the toolchain Casebook was built with (the calendar's nanosecond, truncated to
/// milliseconds), whatever a later Foundation does.
@Suite struct WireDateTextTests {
    private static let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The date as the calendar takes it apart in UTC (the nanosecond as it computes it), its
    /// milliseconds the nanosecond's first three digits.
    private static func fromCalendarComponents(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        func padded(_ value: Int?, _ width: Int) -> String {
            let digits = String(value!)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))T"
            + "\(padded(parts.hour, 2)):\(padded(parts.minute, 2)):\(padded(parts.second, 2))."
            + "\(padded(parts.nanosecond! / 1_000_000, 3))Z"
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (951_868_799.999_5, "2000-02-29T23:59:59.999Z"),
        (951_868_800, "2000-03-01T00:00:00.000Z"),
        (4_107_542_400, "2100-03-01T00:00:00.000Z"),
        (4_107_542_399.5, "2100-02-28T23:59:59.500Z"),
        (1_764_039_934.123_456, "2025-11-25T03:05:34.123Z"),
        (253_402_300_799.999, "9999-12-31T23:59:59.998Z"),
    ])
    func writesTheCalendarsDate(secondsSince1970: Double, expected: String) {
        #expect(WireDateText.text(of: Date(timeIntervalSince1970: secondsSince1970)) == expected)
    }

    /// A tenth of a second stored in binary is a little below it: the calendar's nanosecond is
    /// 399,999,999 and the milliseconds are 399, as Foundation wrote them.
    @Test func truncatesTheNanosecondTheCalendarComputes() {
        let date = Date(timeIntervalSinceReferenceDate: 703_729_925.4)
        #expect(WireDateText.text(of: date) == "2023-04-21T00:32:05.399Z")
        #expect(WireDateText.text(of: date) == Self.fromCalendarComponents(date))
    }

    /// Whole seconds, tenths, milliseconds and random fractions, from 1970 to 9999: every date
    /// as the calendar's components give it, so every rounding edge of the milliseconds.
    @Test func agreesWithTheCalendarsComponentsOnEveryEdge() {
        var random = SystemRandomNumberGenerator()
        let end = 253_402_300_800.0 - 978_307_200
        var checked = 0
        for _ in 0..<20_000 {
            let second = Double(Int.random(in: -978_307_200..<Int(end), using: &random))
            for fraction in [
                0, 0.1 * Double(Int.random(in: 0...9, using: &random)),
                0.001 * Double(Int.random(in: 0...999, using: &random)),
                Double.random(in: 0..<1, using: &random), 0.999_999_999_9,
            ] {
                let date = Date(timeIntervalSinceReferenceDate: second + fraction)
                #expect(WireDateText.text(of: date) == Self.fromCalendarComponents(date))
                checked += 1
            }
        }
        #expect(checked == 100_000)
    }

    /// Away from a millisecond's edges Foundation's style agrees whether it truncates or rounds;
    /// there, and outside the years the text is written by hand for, the same text as it.
    @Test func agreesWithFoundationsStyle() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let millisecond = Double(
                Int.random(in: -978_307_200_000..<252_423_993_600_000, using: &random))
            let date = Date(
                timeIntervalSinceReferenceDate: (millisecond + Double.random(in: 0.1...0.4))
                    / 1_000)
            #expect(WireDateText.text(of: date) == date.formatted(Self.foundation))
        }
        for seconds in [
            -978_307_200.5, -62_135_596_800, -1e12, 252_423_993_600, 252_423_993_600.25, 1e13,
        ] {
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            #expect(WireDateText.text(of: date) == date.formatted(Self.foundation))
        }
    }

    /// Appended to what is already in the buffer.
    @Test func appendsToTheOutput() {
        var output = Array("at ".utf8)
        WireDateText.write(Date(timeIntervalSince1970: 86_400.25), to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "at 1970-01-02T00:00:00.250Z")
    }

    /// Read back, a wire date is the instant ISO8601DateFormatter reads from it, or the first
    /// just above it that the wire writes as it was read (within a microsecond, or a few of
    /// the last bits where those are coarser).
    @Test func readsEveryDateItWritesAsISO8601DateFormatterDoes() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Double.random(in: 0..<253_402_300_800, using: &generator)
            let text = WireDateText.text(of: Date(timeIntervalSince1970: seconds))
            let expected = try #require(formatter.date(from: text)).timeIntervalSinceReferenceDate
            let read = try #require(WireDateText.date(from: text)).timeIntervalSinceReferenceDate
            #expect(read >= expected && read - expected <= max(1e-6, 4 * expected.ulp), "\(text)")
        }
    }

    /// A date read from the wire is written back as it was read: a diary exported, imported and
    /// exported again says the same milliseconds. (The double nearest `.400` lies below it,
    /// which truncating would write as `.399`.)
    @Test func everyMillisecondReadIsWrittenBackAsItWasRead() throws {
        #expect(
            WireDateText.text(of: try #require(WireDateText.date(from: "2023-04-21T00:32:05.400Z")))
                == "2023-04-21T00:32:05.400Z")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let milliseconds = Int.random(in: 0..<253_402_300_800_000, using: &generator)
            let text = WireDateText.text(
                of: Date(timeIntervalSince1970: Double(milliseconds / 1_000)))
            let spelled = text.prefix(20) + String(1_000 + milliseconds % 1_000).dropFirst() + "Z"
            let read = try #require(WireDateText.date(from: String(spelled)))
            #expect(WireDateText.text(of: read) == String(spelled))
        }
    }

    @Test(arguments: [
        "2026-02-29T00:00:00.000Z", "2026-13-01T00:00:00.000Z", "2026-01-01T24:00:00.000Z",
        "2026-01-01T00:60:00.000Z", "2026-01-01T00:00:60.000Z", "2026-01-01T00:00:00.00aZ",
        "0000-01-01T00:00:00.000Z", "", "yesterday",
    ])
    func aDateTheCalendarDoesNotHaveIsNone(text: String) {
        #expect(WireDateText.date(from: text) == nil)
    }

    /// Without a fraction or with an offset, a date or time the calendar does not have is none
    /// too: not the day after, as ISO8601DateFormatter reads it.
    @Test(arguments: [
        "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-01-01T24:00:00Z",
        "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z", "2026-02-29T12:00:00+01:00",
        "2026-02-29T00:00:00.5Z", "2026-01-01T00:00:00+24:00", "2026-01-01T00:00:00+01:60",
    ])
    func aDateTheCalendarDoesNotHaveIsNoneInEverySpelling(text: String) {
        #expect(WireDateText.date(from: text) == nil)
    }

    /// Only RFC 3339's internet date and time is a date: not a year of five digits (read as its
    /// last four), a month or day of one digit, an offset without its colon or minutes, an empty
    /// fraction, or anything before or after it.
    @Test(arguments: [
        "12026-01-01T00:00:00Z", "2026-1-01T00:00:00Z", "2026-01-1T00:00:00Z",
        "2026-01-01T00:00:00+0100", "2026-01-01T00:00:00+01", "2026-01-01T00:00:00.Z",
        "2026-01-01T00:00:00Z ", " 2026-01-01T00:00:00Z", "2026-01-01 00:00:00Z",
        "2026-01-01T00:00:00", "2026-01-01", "+2026-01-01T00:00:00Z", "2026-01-01T00:00Z",
        "2026-01-01T00:00:00\u{0}Z", "２０２６-01-01T00:00:00Z",
        "2026-01-01T00:00:00.", "2026-01-01T00:00:00+", "2026-01-01T00:00:00.123",
        "2026-01-01T00:00:00+01:00Z", "2026-01-01T00:00:60Z", "2026-01-01T00:00:00+01:0",
        "2026-01-01T00:00:00.5ZZ", "2026-01-01T00:00:00éZ",
    ])
    func aTextThatIsNotAnInternetDateAndTimeIsNone(text: String) {
        #expect(WireDateText.date(from: text) == nil)
    }

    /// A whole second, a fraction of one to nine digits, an offset of either sign: the instant
    /// ISO8601DateFormatter reads (to its millisecond; the digits past it are dropped), or the
    /// first just above it that the wire writes as it was read.
    @Test func readsEveryInternetDateAndTimeAsISO8601DateFormatterDoes() throws {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let precise = ISO8601DateFormatter()
        precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            // 1584 to 9998, so that no offset moves the date out of the hand-read years.
            let seconds = Double(
                Int.random(in: -12_130_000_000..<253_370_000_000, using: &generator))
            let whole = String(
                WireDateText.text(of: Date(timeIntervalSince1970: seconds)).prefix(19))
            let digits = Int.random(in: 0...9, using: &generator)
            let fraction =
                digits == 0
                ? "" : "." + String((0..<digits).map { _ in "0123456789".randomElement()! })
            let offset =
                ["Z", "+00:00", "-00:00", "+05:30", "-11:45", "+23:59"].randomElement(
                    using: &generator)!
            let text = whole + fraction + offset
            let expected = try #require((digits == 0 ? plain : precise).date(from: text))
                .timeIntervalSinceReferenceDate
            let read = try #require(WireDateText.date(from: text), "\(text)")
                .timeIntervalSinceReferenceDate
            #expect(read >= expected && read - expected <= max(1e-6, 4 * expected.ulp), "\(text)")
        }
    }

    /// RFC 3339 lets the `T` and the `Z` be written in lower case.
    @Test func readsALowerCaseTAndZ() throws {
        #expect(
            try #require(WireDateText.date(from: "2026-01-01t01:00:00.250z"))
                == Date(timeIntervalSince1970: 1_767_229_200.25))
        #expect(
            WireDateText.date(from: "2026-01-01t00:00:00+01:00")
                == Date(timeIntervalSince1970: 1_767_222_000))
    }

    /// An offset that carries the instant out of the years 1 to 9999 is none: the wire could not
    /// write it back.
    @Test(arguments: [
        "9999-12-31T23:30:00-01:00", "9999-12-31T23:59:59.999-00:01", "0001-01-01T00:30:00+01:00",
    ])
    func anInstantAnOffsetCarriesOutOfTheYearsTheWireWritesIsNone(text: String) {
        #expect(WireDateText.date(from: text) == nil)
    }

    @Test func theLastAndFirstInstantsTheWireWritesAreRead() throws {
        for text in [
            "9999-12-31T23:59:59.999Z", "9999-12-31T23:00:00-00:59", "0001-01-01T00:00:00Z",
        ] {
            let date = try #require(WireDateText.date(from: text), "\(text)")
            #expect(WireDateText.date(from: WireDateText.text(of: date)) == date, "\(text)")
        }
    }

    @Test func anOffsetOrAWholeSecondIsReadAsFoundationReadsIt() {
        #expect(
            WireDateText.date(from: "2026-01-01T01:00:00+01:00")
                == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(
            WireDateText.date(from: "2026-01-01T00:00:00Z")
                == Date(timeIntervalSince1970: 1_767_225_600))
    }

    @Test func aDateBeforeTheGregorianCalendarIsReadAsFoundationReadsIt() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for text in [
            "1000-03-01T00:00:00.000Z", "1582-10-04T12:00:00.500Z", "0001-01-01T00:00:00.000Z",
            "1500-02-29T00:00:00.000Z", "1000-03-01T00:00:00.12345+01:00",
        ] {
            let expected = try #require(formatter.date(from: text), "\(text)")
            #expect(WireDateText.date(from: text) == expected, "\(text)")
        }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        for (text, spelled) in [
            ("1000-03-01t00:00:00z", "1000-03-01T00:00:00Z"),
            ("1000-03-01T00:00:00+01:00", "1000-03-01T00:00:00+01:00"),
            ("1500-02-29T23:00:00-01:00", "1500-02-29T23:00:00-01:00"),
        ] {
            let expected = try #require(plain.date(from: spelled), "\(spelled)")
            #expect(WireDateText.date(from: text) == expected, "\(text)")
        }
    }

    /// The ten days the Gregorian calendar skipped (1582-10-05 to 1582-10-14), which
    /// Foundation's calendar does not have, are none, not ten days later.
    @Test(arguments: [
        "1582-10-05T00:00:00Z", "1582-10-10T12:00:00.000Z", "1582-10-14T23:59:59.999Z",
        "1582-10-12T00:00:00+01:00",
    ])
    func aDayTheGregorianCalendarSkippedIsNone(text: String) {
        #expect(WireDateText.date(from: text) == nil)
    }

    /// Before 1583 too, a date read is written back as it was read, to the millisecond (where
    /// Foundation reads `.001` as a double just below it, which the wire would write `.000`).
    @Test func anEarlyDateIsWrittenBackAsItWasRead() throws {
        for year in ["0001", "0010", "0100", "1000", "1500", "1582"] {
            for fraction in ["000", "001", "002", "400", "999"] {
                let text = "\(year)-10-04T23:59:59.\(fraction)Z"
                let read = try #require(WireDateText.date(from: text), "\(text)")
                #expect(WireDateText.text(of: read) == text)
            }
        }
    }

    /// Before 1583 a year is a leap year every fourth year, as Foundation counts Julian days;
    /// the 29th of February of other years is none.
    @Test func aJulianLeapDayIsADayAndNoOtherTwentyNinthOfFebruaryIs() {
        #expect(WireDateText.date(from: "1500-02-29T00:00:00Z") != nil)
        #expect(WireDateText.date(from: "1501-02-29T00:00:00Z") == nil)
        #expect(WireDateText.date(from: "1900-02-29T00:00:00Z") == nil)
    }

    /// A bound (the first instant a list holds, or the one its entries precede) is the first
    /// millisecond the wire holds at or after the instant named: a fraction past the millisecond
    /// moves it to the next one, carried into the second, day and year; none past 9999.
    @Test(arguments: [
        ("2026-03-01T12:00:00.0005Z", "2026-03-01T12:00:00.001Z"),
        ("2026-03-01T12:00:00.000000001Z", "2026-03-01T12:00:00.001Z"),
        ("2026-03-01T12:00:00.0010Z", "2026-03-01T12:00:00.001Z"),
        ("2026-03-01T12:00:00.250000Z", "2026-03-01T12:00:00.250Z"),
        ("2026-03-01T12:00:00Z", "2026-03-01T12:00:00.000Z"),
        ("2026-12-31T23:59:59.9991+01:00", "2026-12-31T23:00:00.000Z"),
        ("2026-12-31T23:59:59.9991Z", "2027-01-01T00:00:00.000Z"),
        ("1500-06-01T00:00:00.1234Z", "1500-06-01T00:00:00.124Z"),
    ])
    func aBoundIsTheFirstMillisecondAtOrAfterTheInstantNamed(text: String, bound: String) throws {
        let read = try #require(WireDateText.firstMillisecond(notBefore: text))
        #expect(WireDateText.text(of: read) == bound)
    }

    @Test(arguments: ["9999-12-31T23:59:59.9995Z", "2026-02-29T00:00:00.0005Z", "soon"])
    func noBoundIsPastTheLastMillisecondOrForATextThatIsNoDate(text: String) {
        #expect(WireDateText.firstMillisecond(notBefore: text) == nil)
    }
}
