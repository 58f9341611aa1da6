import Foundation

/// How much was written in one month of the diary, in a reader's time zone: the entries of
/// each of its days, and all its entries and words, for a calendar of the month. At most
/// `mostCounted` entries are read; a month with more says so (`complete` false).
public struct DiaryMonthCounts: Equatable, Sendable {
    public let year: Int
    public let month: Int
    /// The entries of each day of the month that has any, by its number (1 to 31).
    public var entriesByDay: [Int: Int] = [:]
    /// The month's entries, and their words (as the search reads words: `DiaryWords`).
    public var entries = 0
    public var words = 0
    /// Whether every entry of the month was counted.
    public var complete = true

    /// The most entries of a month read for its counts.
    public static let mostCounted = 10_000

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The month's first day, and the first of the month after it.
    public var firstDay: DiaryDay { DiaryDay(year: year, month: month, day: 1) }
    public var nextMonth: DiaryDay {
        month == 12
            ? DiaryDay(year: year + 1, month: 1, day: 1)
            : DiaryDay(year: year, month: month + 1, day: 1)
    }
    public var previousMonth: DiaryDay {
        month == 1
            ? DiaryDay(year: year - 1, month: 12, day: 1)
            : DiaryDay(year: year, month: month - 1, day: 1)
    }

    /// The counts of the month of `day` in `entries`' diary, its days as `zone` has them.
    public static func of(
        monthOf day: DiaryDay, in entries: DiaryEntries, zone: TimeZone
    ) throws -> DiaryMonthCounts {
        var counts = DiaryMonthCounts(year: day.year, month: day.month)
        let query = DiaryQuery(
            from: counts.firstDay.start(in: zone), before: counts.nextMonth.start(in: zone))
        try entries.forEachNewest(matching: query, limit: mostCounted + 1) { entry in
            guard counts.entries < mostCounted else {
                counts.complete = false
                return
            }
            let day = DiaryDay(containing: entry.date, in: zone)
            counts.entriesByDay[day.day, default: 0] += 1
            counts.entries += 1
            counts.words += DiaryWords.words(in: entry.text).count
        }
        return counts
    }
}
