import CasebookJSON
import Foundation
import Testing
import Yams

@testable import CasebookYAML

/// The two common timestamp forms are read by hand; every one must come out as Yams and
/// `ISO8601FormatStyle` make of it, and every other form still goes their way.
@Suite("Timestamps read by hand")
struct CommonTimestampTests {
    /// What the general way makes of `text`: the ISO 8601 text of Yams' date, or nil.
    static func general(_ text: String) -> String? {
        guard let date = Date.construct(from: Node.Scalar(text)) else { return nil }
        let hasFraction =
            date.timeIntervalSince1970.rounded(.down) != date.timeIntervalSince1970
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction))
    }

    /// What a file's field says when it holds `text`.
    static func read(_ text: String) throws -> JSONValue? {
        try YAMLReader.read("id: 1\nx: \(text)\n")?.root["x"]
    }

    @Test func everyCommonTimestampComesOutAsYamsMakesIt() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "2024-02-29", "2000-02-29", "1900-02-28", "9999-12-31T23:59:59Z",
            "1900-01-01T00:00:00Z", "2024-12-31T23:59:59Z", "1970-01-01T00:00:00Z",
        ]
        for _ in 0..<2_000 {
            let year = Int.random(in: 1900...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...28, using: &generator)
            let date =
                "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
            let time = String(
                format: "T%02d:%02d:%02dZ", Int.random(in: 0...23, using: &generator),
                Int.random(in: 0...59, using: &generator),
                Int.random(in: 0...59, using: &generator))
            texts += [date, date + time]
        }
        for text in texts {
            let expected = try #require(Self.general(text), "\(text)")
            let read = try Self.read(text)
            // Read by hand, not left to the general way (which would give the same, slowly).
            let byHand = PlainScalar.commonTimestamp(Array(text.utf8))
            guard read == .string(expected), byHand == expected else {
                Issue.record(
                    "\(text) read as \(String(describing: read)) (by hand: \(byHand ?? "no")), not \(expected)"
                )
                return
            }
        }
    }

    @Test(arguments: [
        "2023-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00",
        "2024-01-01T24:00:00Z", "2024-01-01T10:60:00Z", "1900-02-29", "2100-02-29",
        "2024-01-32", "2024-03-32", "2024-05-32", "2024-07-32", "2024-08-32", "2024-10-32",
        "2024-12-32", "2024-06-31", "2024-09-31", "2024-11-31", "2024-02-30",
        // The same in forms the general way reads, which checks the calendar itself.
        "2023-02-29 10:00:00", "1900-02-29 10:00:00", "2024-02-30 10:00:00",
        "2024-01-32 10:00:00", "2024-03-32 10:00:00", "2024-04-31 10:00:00",
        "2024-05-32 10:00:00", "2024-06-31 10:00:00", "2024-07-32 10:00:00",
        "2024-08-32 10:00:00", "2024-09-31 10:00:00", "2024-10-32 10:00:00",
        "2024-11-31 10:00:00", "2024-12-32 10:00:00", "2024-01-32T10:00:00.5Z",
        // One-digit fields, and a clock's edges in the general form: an hour of 24 or a minute
        // of 60 is no time (Yams would roll it into the next day), nor a second of 61.
        "2024-1-32", "2024-13-5", "2024-0-5", "2024-01-05 24:00:00", "2024-01-05 10:60:00",
        "2024-01-05 10:00:61",
    ])
    func aDateThatDoesNotExistStaysText(text: String) throws {
        #expect(try Self.read(text) == .string(text))
        #expect(PlainScalar.commonTimestamp(Array(text.utf8)) == nil)
    }

    @Test(arguments: [
        "2024-03-05t14:30:00Z", "2024-03-05 14:30:00", "2024-03-05T14:30:00.5Z",
        "2000-02-29 10:00:00", "2024-02-29 10:00:00", "2024-01-31 10:00:00",
        "2024-04-30 10:00:00", "2024-12-31 23:59:59",
        "2024-03-05T14:30:00+02:00", "1899-12-31", "2024-03-05T14:30:00 Z",
        // A leap second, which Yams carries into the next minute.
        "2024-01-01T10:00:60Z",
    ])
    func otherFormsStillGoTheGeneralWay(text: String) throws {
        let expected = try #require(Self.general(text))
        #expect(try Self.read(text) == .string(expected))
    }
}
