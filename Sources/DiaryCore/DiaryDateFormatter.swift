import Foundation

/// Dates as the diary shows them: long date and short time in the user's locale and time zone,
/// from one format built once. It names the calendar year (never the week-based year, which
/// calls 30 December 2024 "2025").
public struct DiaryDateFormatter: Sendable {
    private let style: Date.FormatStyle

    public init(locale: Locale = .autoupdatingCurrent, timeZone: TimeZone = .autoupdatingCurrent) {
        var style = Date.FormatStyle(date: .long, time: .shortened, locale: locale)
        style.timeZone = timeZone
        self.style = style
    }

    public func string(from date: Date) -> String {
        date.formatted(style)
    }
}
