import BigInt
import CasebookTestSupport
import Testing

@testable import PrimeFactors

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

    /// Tokens that are no integer at any size.
    static let notIntegers = [
        "", " ", "+", "abc", "-5", "-0", "1.5", "12 ", "+ 12", "++1", "\t7", "0x10", "1e3", "١٢",
        // The characters either side of the digits in ASCII: "/" before "0", ":" and ";" after "9".
        "1/", "/", "1:", ":", "9;",
    ]

    @Test(arguments: notIntegers + ["18446744073709551616", "99999999999999999999999"])
    func refusesEverythingElseNamingTheToken(token: String) {
        #expect(throws: InvalidFactorInput(token: token)) {
            try FactorInput.number(from: token)
        }
    }

    /// Any size, by the same rules: numbers of 1 to 120 digits, with leading zeros, spaces and a
    /// plus (so that every length of the last nineteen-digit chunk occurs), read as `BigUInt`
    /// reads them.
    @Test func readsIntegersOfAnySizeByTheSameRules() throws {
        var generator = SplitMix64(seed: 19)
        for length in 1...120 {
            let digits = String((0..<length).map { _ in Character(String(generator.next() % 10)) })
            let value = try #require(BigUInt(digits))
            #expect(try FactorInput.integer(from: digits) == value, "\(digits)")
            #expect(try FactorInput.integer(from: "  +000" + digits) == value, "\(digits)")
        }
        #expect(try FactorInput.integer(from: "18446744073709551616") == BigUInt(1) << 64)
        #expect(
            try FactorInput.integer(from: "9999999999999999999")
                == BigUInt(9_999_999_999_999_999_999 as UInt64))
        #expect(try FactorInput.integer(from: "+0") == 0)
    }

    @Test(
        arguments: notIntegers + [
            "99999999999999999999999x", "1" + String(repeating: "0", count: 60) + "/",
            "1" + String(repeating: "0", count: 60) + ":",
        ])
    func refusesEverythingElseAtAnySizeNamingTheToken(token: String) {
        #expect(throws: InvalidFactorInput(token: token)) {
            try FactorInput.integer(from: token)
        }
    }

    /// The fast path for numbers below 2^128 takes exactly those.
    @Test func readsDigitsIntoADoubleWordUpTo2To128Minus1AndNoFurther() {
        func doubleWord(_ digits: String) -> UInt128? {
            var digits = digits
            return digits.withUTF8 {
                FactorInput.doubleWord(fromDigits: UnsafeRawBufferPointer($0))
            }
        }
        #expect(doubleWord("340282366920938463463374607431768211455") == UInt128.max)
        // 2^128 (the last digit's sum overflows), ten more (the last tenfold does), forty digits.
        #expect(doubleWord("340282366920938463463374607431768211456") == nil)
        #expect(doubleWord("340282366920938463463374607431768211466") == nil)
        #expect(doubleWord("3402823669209384634633746074317682114550") == nil)
        #expect(doubleWord("0") == 0 && doubleWord("18446744073709551616") == UInt128(1) << 64)
        var generator = SplitMix64(seed: 128)
        for _ in 0..<200 {
            let value = UInt128(generator.next()) << 64 | UInt128(generator.next())
            let shifted = value >> (generator.next() % 128)
            #expect(doubleWord(String(shifted)) == shifted)
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

    /// GNU `factor` 9.1 in the C locale, byte by byte between an x and a y (checked with
    /// `LC_ALL=C factor "x<byte>y"`): C's escapes, octal for the other control characters and
    /// every byte from 0x7F, the backslash and the apostrophe escaped, the rest as it is.
    @Test(
        arguments: [
            (0x01, "\\001"), (0x07, "\\a"), (0x08, "\\b"), (0x09, "\\t"), (0x0A, "\\n"),
            (0x0B, "\\v"), (0x0C, "\\f"), (0x0D, "\\r"), (0x0E, "\\016"), (0x1F, "\\037"),
            (0x20, " "), (0x22, "\""), (0x27, "\\'"), (0x3F, "?"), (0x5C, "\\\\"), (0x7E, "~"),
            (0x7F, "\\177"), (0x80, "\\200"), (0xC3, "\\303"), (0xFF, "\\377"),
        ] as [(UInt8, String)])
    func theErrorEscapesEachByteAsGNUFactorDoesInTheCLocale(byte: UInt8, escaped: String) {
        let error = InvalidFactorInput(bytes: [UInt8(ascii: "x"), byte, UInt8(ascii: "y")])
        #expect(error.description == "'x\(escaped)y' is not a valid positive integer")
    }
}
