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

    /// Dates with one-digit months and days, and times at the edge of the clock, go the general
    /// way; an hour of 24 or a minute of 60 is no time (Yams would roll it into the next day).
    @Test(arguments: [
        ("2024-1-5", JSONValue.string("2024-01-05T00:00:00Z")),
        ("2024-12-31 23:59:59", "2024-12-31T23:59:59Z"),
        ("2024-01-05 24:00:00", "2024-01-05 24:00:00"),
        ("2024-01-05 10:60:00", "2024-01-05 10:60:00"),
        ("2024-01-05 10:00:61", "2024-01-05 10:00:61"),
        ("2024-1-32", "2024-1-32"),
        ("2024-13-5", "2024-13-5"),
        ("2024-0-5", "2024-0-5"),
    ])
    func datesOutsideTheCommonFormsAtTheirEdges(text: String, value: JSONValue) throws {
        #expect(try PlainScalar.value(of: text) ?? .string(text) == value)
    }
}
