import Foundation

/// A day of the calendar, in UTC, as a filter by arrival names it (`2026-11-25`): the year
/// 0001 to 9999, four digits, then the month and the day of the month, two digits each; the
/// Gregorian calendar throughout, as ISO 8601 counts days.
public struct ReceivedDay: Equatable, Sendable {
    /// Days since 1970-01-01.
    private let days: Int

    private static let secondsPerDay = 86_400

    /// The day `text` names; nil for any other text, a day the calendar lacks (`2026-02-30`)
    /// included.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            year >= 1, (1...12).contains(month),
            (1...Self.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        days = Self.days(year: year, month: month, day: day)
    }

    /// The day holding `instant` (whose time in UTC it has).
    public init(holding instant: Date) {
        days = Int((instant.timeIntervalSince1970 / Double(Self.secondsPerDay)).rounded(.down))
    }

    private init(days: Int) {
        self.days = days
    }

    /// The day's first instant, 00:00 UTC.
    public var start: Date { Date(timeIntervalSince1970: Double(days * Self.secondsPerDay)) }

    /// The first instant of the next day: the end of this one, exclusive.
    public var end: Date { ReceivedDay(days: days + 1).start }

    /// The day before.
    public var previous: ReceivedDay { ReceivedDay(days: days - 1) }

    /// The day as `init(_:)` reads it.
    public var text: String {
        // Howard Hinnant's civil_from_days, over 400-year eras of 146,097 days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra =
            (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Days from 1970-01-01 to a day (Howard Hinnant's days_from_civil).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
