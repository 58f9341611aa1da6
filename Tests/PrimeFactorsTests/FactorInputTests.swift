import PrimeFactors
import Testing

@Suite("Reading a number to factor, as GNU factor does")
struct FactorInputTests {
    @Test(arguments: [
        ("0", UInt64(0)),
        ("1", 1),
        ("12", 12),
        ("+12", 12),
        ("007", 7),
        ("  +12", 12),
        (" 12", 12),
        ("18446744073709551615", UInt64.max),
        ("000000000000000000000018446744073709551615", UInt64.max),
    ])
    func acceptsDecimalDigitsAfterSpacesAndOnePlus(token: String, value: UInt64) throws {
        #expect(try FactorInput.number(from: token) == value)
    }

    @Test(arguments: [
        "", " ", "+", "abc", "-5", "-0", "1.5", "12 ", "+ 12", "++1", "\t7", "0x10", "1e3", "١٢",
        "18446744073709551616", "99999999999999999999999",
    ])
    func refusesEverythingElseNamingTheToken(token: String) {
        #expect(throws: InvalidFactorInput(token: token)) {
            try FactorInput.number(from: token)
        }
    }

    @Test func theErrorReadsLikeGNUFactorsWithControlCharactersEscaped() {
        #expect(
            InvalidFactorInput(token: "abc").description
                == "'abc' is not a valid positive integer")
        #expect(
            InvalidFactorInput(token: "12\r").description
                == "'12\\r' is not a valid positive integer")
        #expect(
            InvalidFactorInput(token: "a\\b\u{1}").description
                == "'a\\\\b\\001' is not a valid positive integer")
    }
}
