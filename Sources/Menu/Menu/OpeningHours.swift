import Foundation

/// When a restaurant is open: its periods on each weekday (a weekday without any is closed),
/// and the days that differ from their weekday (a holiday closed, a short Christmas Eve).
public struct OpeningHours: Equatable, Sendable {
    public var weekly: [Weekday: [OpeningPeriod]]
    /// Days (`YYYY-MM-DD`) whose periods are these instead of their weekday's; none: closed.
    public var exceptions: [String: [OpeningPeriod]]

    public init(
        weekly: [Weekday: [OpeningPeriod]] = [:], exceptions: [String: [OpeningPeriod]] = [:]
    ) {
        self.weekly = weekly
        self.exceptions = exceptions
    }

    /// The most days that differ a menu keeps: a year of them.
    public static let mostExceptions = 366

    /// Whether it says nothing: no period on any day.
    public var isEmpty: Bool {
        weekly.values.allSatisfy(\.isEmpty) && exceptions.isEmpty
    }

    /// The periods of the day `day` (`YYYY-MM-DD`), a `weekday`.
    public func periods(onDay day: String, _ weekday: Weekday) -> [OpeningPeriod] {
        exceptions[day] ?? weekly[weekday] ?? []
    }

    /// Whether it is open at `date` in `zone`, and until when; or when it opens next, looking
    /// two weeks ahead.
    public func status(at date: Date, in zone: TimeZone) -> OpeningStatus {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let now = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let today = calendar.startOfDay(for: date)
        func day(_ offset: Int) -> (text: String, weekday: Weekday) {
            let start = calendar.date(byAdding: .day, value: offset, to: today) ?? today
            let fields = calendar.dateComponents([.year, .month, .day, .weekday], from: start)
            let text = String(
                format: "%04d-%02d-%02d", fields.year ?? 0, fields.month ?? 0, fields.day ?? 0)
            return (text, Weekday(calendarWeekday: fields.weekday ?? 1))
        }
        let (todayText, todayWeekday) = day(0)
        let (yesterdayText, yesterdayWeekday) = day(-1)
        // Last night's period that runs into this morning.
        for period in periods(onDay: yesterdayText, yesterdayWeekday)
        where period.endsNextDay && now < period.closes {
            return .open(until: period.closes)
        }
        let todays = periods(onDay: todayText, todayWeekday)
        for period in todays
        where period.opens <= now && (period.endsNextDay || now < period.closes) {
            return .open(until: period.closes)
        }
        if let later = todays.first(where: { $0.opens > now }) {
            return .closed(
                opens: .init(daysAhead: 0, weekday: todayWeekday, day: todayText, at: later.opens))
        }
        for offset in 1...14 {
            let (text, weekday) = day(offset)
            if let first = periods(onDay: text, weekday).first {
                return .closed(
                    opens: .init(daysAhead: offset, weekday: weekday, day: text, at: first.opens))
            }
        }
        return .closed(opens: nil)
    }
}

/// Whether a restaurant is open: until when, or when it opens next.
public enum OpeningStatus: Equatable, Sendable {
    /// Open, until `until` minutes after midnight (of the next day, past midnight).
    case open(until: Int)
    /// Closed; it opens next at `opens`, or not in the next two weeks (nil).
    case closed(opens: Opening?)

    /// When a closed restaurant opens next.
    public struct Opening: Equatable, Sendable {
        /// 0 for today, 1 for tomorrow.
        public let daysAhead: Int
        public let weekday: Weekday
        /// `YYYY-MM-DD`.
        public let day: String
        /// Minutes after midnight.
        public let at: Int
    }

    /// What the menu page says: "Open now, until 22:30", "Closed, opens Tuesday 12:00".
    public var text: String {
        switch self {
        case .open(let until):
            return until % 1440 == 0
                ? "Open now, until midnight" : "Open now, until \(OpeningPeriod.time(until))"
        case .closed(nil):
            return "Closed"
        case .closed(let opening?):
            let time = OpeningPeriod.time(opening.at)
            switch opening.daysAhead {
            case 0: return "Closed, opens today \(time)"
            case 1: return "Closed, opens tomorrow \(time)"
            case 2...6: return "Closed, opens \(opening.weekday.name) \(time)"
            default: return "Closed, opens \(opening.weekday.name) \(opening.day) \(time)"
            }
        }
    }

    public var isOpen: Bool {
        if case .open = self { return true }
        return false
    }
}
