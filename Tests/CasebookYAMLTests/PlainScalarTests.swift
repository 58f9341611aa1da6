import CasebookJSON
import CasebookYAML
import Testing

/// What a plain scalar means, at the edges of each form: where a number stops being one, where
/// a date stops being a date. A respondent's zip code, phone number or odd date must stay the
/// text they wrote; a number must stay exactly the number.
@Suite("Plain scalars at the edges of their forms")
struct PlainScalarTests {
    @Test(arguments: [
        // Whole numbers: the shortest hexadecimal and octal forms, signs.
        ("0x1", JSONValue.integer(1)),
        ("0o7", 7),
        ("0xff", 255),
        ("-0", 0),
        ("+0", 0),
        ("-9223372036854775808", .integer(.min)),
        // Floats: a point with digits on one side only, signed exponents, a lone zero before
        // the point.
        ("1.", 1.0),
        ("+.5", 0.5),
        ("-.5e-2", -0.005),
        ("0.5", 0.5),
        ("0e0", 0.0),
        ("1E5", 100_000.0),
    ])
    func numbersAtTheEdgesOfTheirForms(text: String, value: JSONValue) throws {
        #expect(try PlainScalar.value(of: text) == value)
    }

    /// Leading zeros (zip codes, phone numbers), prefixes without digits, and what only looks
    /// like a number stay text: `value(of:)` says nil, "a string".
    @Test(arguments: [
        "00", "00.5", "01.5", "-01", "+007", "0x", "0o", "0b1", "0xg", "0o8", ".", "-", "+", "-.",
        "1e+", "1.5.", "e5", "1_000", "0x1.5", "12e3.5",
    ])
    func whatOnlyLooksLikeANumberStaysText(text: String) throws {
        #expect(try PlainScalar.value(of: text) == nil)
    }

    @Test(arguments: ["18446744073709551616", "-9223372036854775809"])
    func aWholeNumberBeyond64BitsIsRefusedNotRounded(text: String) {
        #expect {
            try PlainScalar.value(of: text)
        } throws: { error in
            (error as? PlainScalar.Problem)?.problem
                == "the whole number \(text) is beyond 64 bits; quote it to keep it as text"
        }
    }

    /// Nor is a float: one with more digits than a 64-bit float keeps, or too small for one
    /// (read as 0), is refused, naming the float it would have been.
    @Test(arguments: [
        ("3.14159265358979323846264", "3.141592653589793"), ("1e-400", "0.0"),
        ("-.1000000000000000000001", "-0.1"), ("98765432109876543210.0", "9.876543210987654e+19"),
    ])
    func aFloatWithMoreDigitsThanAFloatKeepsIsRefusedNotRounded(text: String, float: String) {
        #expect {
            try PlainScalar.value(of: text)
        } throws: { error in
            (error as? PlainScalar.Problem)?.problem
                == "the number \(text) would change in a 64-bit float (it would be"
                + " \(float)); quote it to keep it as text"
        }
    }

    /// A timestamp becomes an ISO 8601 text of the same instant, or is refused: never read as
    /// another instant. A fraction finer than a millisecond, a day the calendar skipped in 1582
    /// and a time an offset carries past the year 9999 are refused, naming the timestamp.
    @Test(arguments: [
        (
            "2024-03-05T14:30:00.123456789Z",
            "the timestamp 2024-03-05T14:30:00.123456789Z is finer than a millisecond"
        ),
        (
            "2024-03-05 14:30:00.0001 +01:00",
            "the timestamp 2024-03-05 14:30:00.0001 +01:00 is finer than a millisecond"
        ),
        (
            "1582-10-10",
            "the timestamp 1582-10-10 names a day the calendar skipped (1582-10-05 to 1582-10-14)"
        ),
        (
            "9999-12-31 23:59:59 -01:00",
            "the timestamp 9999-12-31 23:59:59 -01:00 is past the year 9999 in UTC"
        ),
    ])
    func aTimestampThatWouldMoveIsRefused(text: String, problem: String) {
        #expect {
            try PlainScalar.value(of: text)
        } throws: { error in
            (error as? PlainScalar.Problem)?.problem == problem + "; quote it to keep it as text"
        }
    }

    /// An offset no zone has is no timestamp, and stays text: read, it would be another
    /// instant (past 18 hours, Foundation has no such zone and reads the time in this
    /// machine's).
    @Test(arguments: [
        "2024-03-05T14:30:00+99", "2024-03-05T14:30:00+05:99",
        "2024-03-05 14:30:00 +19:00", "2024-03-05T14:30:00+1:2:3",
    ])
    func aTimeOrOffsetTheClockDoesNotHaveStaysText(text: String) throws {
        #expect(try PlainScalar.value(of: text) == nil)
    }

    @Test(arguments: [
        ("2024-03-05 14:30:00 +01:00", "2024-03-05T13:30:00Z"),
        ("2024-03-05t14:30:00-05", "2024-03-05T19:30:00Z"),
        ("2024-03-05T14:30:00.5 Z", "2024-03-05T14:30:00.500Z"),
        ("2024-03-05T14:30:00+18:00", "2024-03-04T20:30:00Z"),
    ])
    func anOffsetIsReadAsThatOffset(text: String, iso8601: String) throws {
        #expect(try PlainScalar.value(of: text) == .string(iso8601))
    }

    @Test func aFractionOfAMillisecondWrittenLongIsKept() throws {
        #expect(
            try PlainScalar.value(of: "2024-03-05T14:30:00.123000Z")
                == .string("2024-03-05T14:30:00.123Z"))
    }

    /// Dates in forms the hand reading leaves to the general way (one-digit months and days, a
    /// space before the time) come out as the ISO 8601 text of that date.
    @Test(arguments: [
        ("2024-1-5", "2024-01-05T00:00:00Z"),
        ("2024-12-31 23:59:59", "2024-12-31T23:59:59Z"),
    ])
    func datesOutsideTheCommonFormsAreStillDates(text: String, iso8601: String) throws {
        #expect(try PlainScalar.value(of: text) == .string(iso8601))
    }
}
