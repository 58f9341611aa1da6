import CasebookJSON
import Foundation
import Yams

/// What a plain (unquoted) YAML scalar means, decided by YAML 1.2's core schema plus YAML 1.1
/// timestamps, with fast hand-written checks instead of regular expressions. `yes`, `no`, `on`,
/// `off` and numbers with leading zeros (zip codes, phone numbers) stay strings, so that nothing
/// a respondent wrote changes meaning, and no number is silently rounded: a whole number beyond
/// 64 bits is refused, and so is a float that a 64-bit float would change.
public enum PlainScalar {
    /// A plain scalar that looks like a number but cannot be kept exactly.
    public struct Problem: Error, Equatable {
        public let problem: String
    }

    /// The typed value of `text`, or nil when it is a string.
    public static func value(of text: String) throws(Problem) -> JSONValue? {
        guard let first = text.utf8.first else { return .null }
        // Most scalars are words: those that are not a keyword are known by their first letter.
        guard isDigit(first) || first == .minus || first == .plus || first == .dot else {
            switch text {
            case "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return nil
            }
        }
        let bytes = Array(text.utf8)
        if let number = try integer(bytes, text) { return number }
        if isFloat(bytes), let double = Double(text), double.isFinite {
            guard JSONParser.keeps(text, double) else {
                throw Problem(
                    problem:
                        "the number \(text) would change in a 64-bit float (it would be"
                        + " \(double)); quote it to keep it as text")
            }
            return .double(double)
        }
        if let timestamp = commonTimestamp(bytes) { return .string(timestamp) }
        if isTimestampStart(bytes), hasValidCalendarFields(text),
            let date = Date.construct(from: Node.Scalar(text))
        {
            try refuseMoving(text, bytes)
            let hasFraction =
                date.timeIntervalSince1970.rounded(.down) != date.timeIntervalSince1970
            let written = date.formatted(
                Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction))
            guard written.utf8.count > 4, Array(written.utf8)[4] == .minus else {
                throw Problem(
                    problem:
                        "the timestamp \(text) is past the year 9999 in UTC; quote it to keep it as text"
                )
            }
            return .string(written)
        }
        return nil
    }

    private static func integer(_ bytes: [UInt8], _ text: String) throws(Problem) -> JSONValue? {
        var digits = bytes[...]
        let negative = digits.first == .minus
        if digits.first == .minus || digits.first == .plus { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        let sign = negative ? "-" : ""
        if digits.count > 2, digits.first == .zero, digits.dropFirst().first == UInt8(ascii: "x") {
            return Int(sign + String(decoding: digits.dropFirst(2), as: UTF8.self), radix: 16)
                .map(JSONValue.integer)
        }
        if digits.count > 2, digits.first == .zero, digits.dropFirst().first == UInt8(ascii: "o") {
            return Int(sign + String(decoding: digits.dropFirst(2), as: UTF8.self), radix: 8)
                .map(JSONValue.integer)
        }
        guard digits.allSatisfy(isDigit), digits.count == 1 || digits.first != .zero else {
            return nil
        }
        guard let integer = Int(text) else {
            throw Problem(
                problem: "the whole number \(text) is beyond 64 bits; quote it to keep it as text")
        }
        return .integer(integer)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if index < bytes.count, bytes[index] == .minus || bytes[index] == .plus { index += 1 }
        let wholeStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        let wholeDigits = index - wholeStart
        if wholeDigits > 1, bytes[wholeStart] == .zero { return false }
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == .dot {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                index += 1
                fractionDigits += 1
            }
        }
        guard wholeDigits + fractionDigits > 0 else { return false }
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
            index += 1
            if index < bytes.count, bytes[index] == .minus || bytes[index] == .plus { index += 1 }
            let exponentStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            if index == exponentStart { return false }
        }
        return index == bytes.count
    }

    /// The ISO 8601 text of a timestamp in one of its two common forms, `2024-03-05` and
    /// `2024-03-05T14:30:00Z`, with real calendar fields in the years 1900 to 9999: what Yams
    /// and `ISO8601FormatStyle` make of it, without their regular expressions and calendars.
    /// Nil for anything else, which takes the general way.
    static func commonTimestamp(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 10 || bytes.count == 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard isDigit(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - .zero)
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == .minus, let month = number(5..<7),
            bytes[7] == .minus, let day = number(8..<10), (1900...9999).contains(year),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        if bytes.count == 10 { return text + "T00:00:00Z" }
        let colon = UInt8(ascii: ":")
        guard bytes[10] == UInt8(ascii: "T"), let hour = number(11..<13), bytes[13] == colon,
            let minute = number(14..<16), bytes[16] == colon, let second = number(17..<19),
            bytes[19] == UInt8(ascii: "Z"), hour < 24, minute < 60, second < 60
        else { return nil }
        return text
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Four digits and a dash: worth asking Yams whether it is a timestamp.
    private static func isTimestampStart(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes[..<4].allSatisfy(isDigit) && bytes[4] == .minus
    }

    /// Refuses a timestamp that would be read as another instant: a fraction finer than a
    /// millisecond (the text keeps milliseconds), or a day of the ten the Gregorian calendar
    /// skipped in 1582 (Foundation's calendar reads it as ten days later).
    private static func refuseMoving(_ text: String, _ bytes: [UInt8]) throws(Problem) {
        if let point = bytes.firstIndex(of: .dot) {
            let fraction = bytes[(point + 1)...].prefix(while: isDigit)
            if fraction.dropFirst(3).contains(where: { $0 != .zero }) {
                throw Problem(
                    problem:
                        "the timestamp \(text) is finer than a millisecond; quote it to keep it as text"
                )
            }
        }
        let date = text.prefix { $0 != "T" && $0 != "t" && $0 != " " && $0 != "\t" }
            .split(separator: "-").compactMap { Int($0) }
        if date.count == 3, date[0] == 1582, date[1] == 10, (5...14).contains(date[2]) {
            throw Problem(
                problem:
                    "the timestamp \(text) names a day the calendar skipped (1582-10-05 to 1582-10-14); quote it to keep it as text"
            )
        }
    }

    /// Whether the date's month and day, and the time's hour, minute and second, exist (Yams
    /// would quietly roll `2024-13-45` over into 2025).
    private static func hasValidCalendarFields(_ text: String) -> Bool {
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == "t" || $0 == " " || $0 == "\t" }
        )
        let date = parts[0].split(separator: "-").compactMap { Int($0) }
        guard date.count == 3, (1...12).contains(date[1]) else { return false }
        guard (1...daysIn(month: date[1], year: date[0])).contains(date[2]) else { return false }
        guard parts.count > 1 else { return true }
        let time = parts[1].prefix { $0.isNumber || $0 == ":" }.split(separator: ":").compactMap {
            Int($0)
        }
        guard time.count == 3, time[0] < 24, time[1] < 60, time[2] <= 60 else { return false }
        // The zone after the time and its fraction: none, `Z`, or an offset a zone can have
        // (Foundation has none past 18 hours, and would read the time in this machine's zone).
        let zone = parts.dropFirst().joined().drop { $0.isNumber || $0 == ":" || $0 == "." }
        guard let sign = zone.first, sign == "+" || sign == "-" else {
            return zone.isEmpty || zone == "Z" || zone == "z"
        }
        let offset = zone.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(offset.count), offset.allSatisfy({ !$0.isEmpty && $0.count <= 2 }),
            let hours = Int(offset[0]), let minutes = offset.count == 2 ? Int(offset[1]) : 0
        else { return false }
        return minutes < 60 && hours * 60 + minutes <= 18 * 60
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= .zero && byte <= .zero + 9 }
}

extension UInt8 {
    fileprivate static let zero = UInt8(ascii: "0")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let dot = UInt8(ascii: ".")
}
