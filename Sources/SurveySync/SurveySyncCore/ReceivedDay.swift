import CasebookCalendar
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
        let (year, month, day) = CivilDays.date(days: days)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Days from 1970-01-01 to a day.
    private static func days(year: Int, month: Int, day: Int) -> Int {
        CivilDays.days(year: year, month: month, day: day)
    }

    private static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
