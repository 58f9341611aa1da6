import CasebookTestSupport
import Foundation
import SurveySync
import Testing

@Suite("Reading and writing JSON values")
struct JSONParserTests {
    @Test func readsEveryKindOfValueWithIntegersKeptApart() throws {
        let text =
            #" {"a": [1, -2, 2.5, 1e3, -0.0, 9223372036854775807, -9223372036854775808], "b": {"c": null}, "d": true, "e": false, "s": "x\"\\\/\n\u00e9\ud83c\udf55"} "#
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(
            value == [
                "a": [1, -2, 2.5, 1000.0, -0.0, .integer(.max), .integer(.min)],
                "b": ["c": .null], "d": true, "e": false, "s": "x\"\\/\né🍕",
            ])
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "{'a': 1}", "01", "1.", "-", "tru", "\"abc", "\"\u{1}\"",
        "[1] x",
        "\"\\ud800\"", "\"\\x\"", "1e999", "NaN", "{\"a\":1,}",
    ])
    func refusesWhatIsNotJSON(text: String) {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    /// Text is valid UTF-8 without NUL, or it is refused: never repaired into U+FFFD, never cut.
    @Test(
        arguments: [
            ([0x22, 0xFF, 0x22], "invalid UTF-8 in a string at byte 1"),
            ([0x22, 0x61, 0xC3, 0x22], "invalid UTF-8 in a string at byte 1"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 in a string at byte 1"),
            (Array(#"{"a\u0000b": 1}"#.utf8), "NUL character (\\u0000) in a string at byte 3"),
            (Array(#"["x\u0000"]"#.utf8), "NUL character (\\u0000) in a string at byte 3"),
        ] as [([UInt8], String)])
    func refusesTextThatIsNotValidUTF8OrHoldsNUL(bytes: [UInt8], message: String) {
        let error = #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(bytes) }
        #expect(error?.description == message)
    }

    /// A number is never silently altered: an integer beyond 64 bits is refused, not rounded
    /// into a floating-point number.
    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "[12345678901234567890]"])
    func refusesIntegersBeyond64Bits(text: String) {
        let error = #expect(throws: JSONParser.SyntaxError.self) {
            try JSONParser.parse(Array(text.utf8))
        }
        #expect(error?.problem == "integer beyond 64 bits (send it as a string)")
        #expect(error?.offset == (text.hasPrefix("[") ? 1 : 0))
    }

    /// Nor is a fraction or an exponent: a number is read only when the 64-bit float it
    /// becomes says the same number (`1.10` as 1.1, `1e23`, `5e-324`); more digits than the
    /// float keeps, a value too small for it (read as 0) or a whole number beyond what it holds
    /// exactly are refused, naming the float they would have been.
    @Test(arguments: [
        ("3.14159265358979323846264", "3.141592653589793"), ("1e-400", "0.0"),
        ("98765432109876543210.0", "9.876543210987654e+19"),
        ("12345678901234567.0", "1.2345678901234568e+16"),
        ("[0.1000000000000000000001]", "0.1"), ("-2.5e-330", "-0.0"),
    ])
    func refusesNumbersAFloatWouldAlter(text: String, float: String) {
        let error = #expect(throws: JSONParser.SyntaxError.self) {
            try JSONParser.parse(Array(text.utf8))
        }
        #expect(
            error?.problem
                == "a number a 64-bit float would change (it would be \(float); send it as a string)"
        )
        #expect(error?.offset == (text.hasPrefix("[") ? 1 : 0))
    }

    @Test(arguments: [
        ("1.10", 1.1), ("1e23", 1e23), ("5e-324", 5e-324), ("-0.0", -0.0), ("2.50E+2", 250),
        ("0.30000000000000004", 0.1 + 0.2), ("1.7976931348623157e308", .greatestFiniteMagnitude),
        ("100.000", 100), ("0.10000000000000001", 0.1), ("0.30000000000000004", 0.1 + 0.2),
        ("2.2250738585072014e-308", .leastNormalMagnitude), ("1.0000000000000000e+00", 1),
    ])
    func readsNumbersAFloatKeeps(text: String, value: Double) throws {
        #expect(try JSONParser.parse(Array(text.utf8)) == .double(value))
    }

    /// An object's keys are told apart as Swift tells strings apart (`"é"` and `"e\u0301"`
    /// are one key): a key given twice is refused, naming it, rather than one value dropped.
    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, 9, "a"), (#"[{"b": {"a": 1}, "b": 2}]"#, 17, "b"),
        (#"{"Malmö": 1, "Malmo\u0308": 2}"#, 14, "Malmö"),
    ])
    func refusesAKeyGivenTwice(text: String, offset: Int, key: String) {
        let error = #expect(throws: JSONParser.SyntaxError.self) {
            try JSONParser.parse(Array(text.utf8))
        }
        #expect(error?.problem == "the key '\(key)' is given twice in one object")
        #expect(error?.offset == offset)
    }

    @Test func refusesNestingDeeperThanItCanSafelyFollow() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(deep.utf8)) }
    }

    /// Canonical JSON, of which the respondents' digests are taken, writes every control
    /// character but line feed, carriage return and tab as `\u00XX` — backspace and form feed
    /// too, where `JSONEncoder` writes `\b` and `\f`.
    @Test func writesBackspaceAndFormFeedInTheirCanonicalForm() {
        #expect(JSONWriter.string(.string("\u{8}\u{C}\u{1F}\n")) == #""\u0008\u000c\u001f\n""#)
    }

    @Test func writesCompactJSONWithSortedKeysThatReadsBackTheSame() throws {
        let value: JSONValue = [
            "z": 1, "a": [true, .null, 2.5, "quote \" slash \\ tab \t bell \u{7}"], "m": ["k": "é"],
        ]
        let text = JSONWriter.string(value)
        #expect(
            text
                == #"{"a":[true,null,2.5,"quote \" slash \\ tab \t bell \u0007"],"m":{"k":"é"},"z":1}"#
        )
        #expect(try JSONParser.parse(Array(text.utf8)) == value)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test func roundTripsSeededRandomDocumentsThatFoundationAlsoReads() throws {
        var generator = SplitMix64(seed: 8259)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let text = JSONWriter.data(value)
            #expect(try JSONParser.parse(text) == value)
            #expect(throws: Never.self) {
                try JSONSerialization.jsonObject(with: Data(text), options: .fragmentsAllowed)
            }
        }
    }

    static func randomValue(depth: Int, using generator: inout some RandomNumberGenerator)
        -> JSONValue
    {
        switch Int.random(in: depth > 3 ? 0...4 : 0...6, using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .integer(Int.random(in: -1_000_000...1_000_000, using: &generator))
        case 3: return .double(Double(Int.random(in: -1000...1000, using: &generator)) / 8)
        case 4:
            return .string(
                String(
                    (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                        "aé\"\\\n🍕 x".randomElement(using: &generator)!
                    }))
        case 5:
            return .array(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    randomValue(depth: depth + 1, using: &generator)
                })
        default:
            return .object(
                Dictionary(
                    uniqueKeysWithValues: (0..<Int.random(in: 0...4, using: &generator)).map {
                        ("k\($0)", randomValue(depth: depth + 1, using: &generator))
                    }))
        }
    }
}
