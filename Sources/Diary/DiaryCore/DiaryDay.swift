import Foundation

/// A day of the calendar, as a person names one for a span of entries: `2026-11-20`, `today`,
/// `yesterday` or `3 days ago`. Which instants it covers depends on the reader's time zone.
public struct DiaryDay: Equatable, Hashable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The most days ago a day may be named.
    public static let mostDaysAgo = 99_999

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `instant` falls on in `zone`.
    public init(containing instant: Date, in zone: TimeZone) {
        let parts = Self.calendar(in: zone).dateComponents([.year, .month, .day], from: instant)
        self.init(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The day `text` names, `today` being `today`.
    /// - Throws: `DiaryDayError` for anything but `YYYY-MM-DD` (a real date, years 1 to 9999),
    ///   `today`, `yesterday` or `N days ago` (N from 0 to `mostDaysAgo`), spelled exactly so.
    public init(_ text: String, today: DiaryDay) throws(DiaryDayError) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        switch words.count {
        case 1 where words[0] == "today": self = today
        case 1 where words[0] == "yesterday": self = today.adding(days: -1)
        case 1: self = try Self.date(String(words[0]), text: text)
        case 3 where words[1] == "days" || words[1] == "day":
            guard words[2] == "ago", words[0].allSatisfy(\.isASCII), words[0].count <= 5,
                let days = Int(words[0]), (0...Self.mostDaysAgo).contains(days)
            else { throw DiaryDayError(text: text) }
            self = today.adding(days: -days)
        default: throw DiaryDayError(text: text)
        }
    }

    /// The first instant of the day in `zone`.
    public func start(in zone: TimeZone) -> Date {
        let calendar = Self.calendar(in: zone)
        let parts = DateComponents(year: year, month: month, day: day)
        return calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
    }

    /// The day after this one.
    public var next: DiaryDay { adding(days: 1) }

    /// The day `days` days after this one (before, for a negative number).
    public func adding(days: Int) -> DiaryDay {
        let utc = Self.calendar(in: TimeZone(identifier: "UTC")!)
        let start = start(in: TimeZone(identifier: "UTC")!)
        let moved = utc.date(byAdding: .day, value: days, to: start) ?? start
        return DiaryDay(containing: moved, in: TimeZone(identifier: "UTC")!)
    }

    /// `YYYY-MM-DD`, a day the calendar has.
    private static func date(_ word: String, text: String) throws(DiaryDayError) -> DiaryDay {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            year >= 1
        else { throw DiaryDayError(text: text) }
        let named = DiaryDay(year: year, month: month, day: day)
        let utc = TimeZone(identifier: "UTC")!
        guard (1...12).contains(month), DiaryDay(containing: named.start(in: utc), in: utc) == named
        else { throw DiaryDayError(text: text) }
        return named
    }

    private static func calendar(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
