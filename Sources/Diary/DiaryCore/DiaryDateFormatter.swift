import Foundation

/// Dates as the diary shows them: long date and short time in the user's locale and time zone,
/// from one format built once. It names the calendar year (never the week-based year, which
/// calls 30 December 2024 "2025").
public struct DiaryDateFormatter: Sendable {
    private let style: Date.FormatStyle
    /// The same date without its time, and the time without its date: what `DiaryDateWriter`
    /// joins.
    let dateStyle: Date.FormatStyle
    let timeStyle: Date.FormatStyle
    let timeZone: TimeZone

    public init(locale: Locale = .autoupdatingCurrent, timeZone: TimeZone = .autoupdatingCurrent) {
        var style = Date.FormatStyle(date: .long, time: .shortened, locale: locale)
        style.timeZone = timeZone
        self.style = style
        var dateStyle = Date.FormatStyle(date: .long, time: .omitted, locale: locale)
        dateStyle.timeZone = timeZone
        self.dateStyle = dateStyle
        var timeStyle = Date.FormatStyle(date: .omitted, time: .shortened, locale: locale)
        timeStyle.timeZone = timeZone
        self.timeStyle = timeStyle
        self.timeZone = timeZone
    }

    public func string(from date: Date) -> String {
        date.formatted(style)
    }
}
