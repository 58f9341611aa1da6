import Foundation
import Menu

/// The restaurant as the menu page shows it above the dishes: whether it is open now, its
/// address with a map link, its phone as a link to call, and its week's hours folded away.
enum RestaurantContext {
    /// The block's context on `today` (`YYYY-MM-DD`, in the restaurant's zone: the days that
    /// differ from today on are listed under the week); false when the menu says nothing of
    /// the restaurant.
    static func context(_ details: RestaurantDetails, today: String) -> Any {
        guard !details.isEmpty else { return false }
        let upcoming = details.hours.exceptions.keys.sorted().filter { $0 >= today }.prefix(6)
            .map { day -> [String: Any] in
                [
                    "day": Self.dayName(day, sameYearAs: today),
                    "periods": Self.periods(details.hours.exceptions[day] ?? []),
                ]
            }
        let todays = Self.weekday(of: today)
        let hours = Weekday.allCases.map { weekday -> [String: Any] in
            [
                "day": weekday.name, "today": weekday == todays,
                "periods": Self.periods(details.hours.weekly[weekday] ?? []),
            ]
        }
        return [
            "address": details.address as Any? ?? false,
            "mapLink": details.mapLink as Any? ?? false,
            "phone": details.phone as Any? ?? false,
            "phoneLink": details.phone.map(Self.phoneLink) as Any? ?? false,
            "cuisine": details.cuisine as Any? ?? false,
            "hasHours": !details.hours.isEmpty,
            "hours": hours,
            "upcoming": Array(upcoming), "hasUpcoming": !upcoming.isEmpty,
            "zone": details.timeZone.map {
                "Times in \($0.replacingOccurrences(of: "_", with: " "))."
            }
                as Any? ?? false,
        ]
    }

    /// The line that says whether it is open at `date`, in its time zone; nil without hours.
    static func status(_ details: RestaurantDetails, at date: Date) -> (text: String, open: Bool)? {
        details.status(at: date).map { ($0.text, $0.isOpen) }
    }

    /// Today in the restaurant's time zone (the server's when it names none), `YYYY-MM-DD`.
    static func today(_ details: RestaurantDetails, at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = details.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// A day's periods as the page shows them, each kept on one line (`12:00–14:30,`), or
    /// "Closed".
    static func periods(_ periods: [OpeningPeriod]) -> [[String: String]] {
        guard !periods.isEmpty else { return [["text": "Closed"]] }
        return periods.enumerated().map { index, period in
            [
                "text": period.text.replacingOccurrences(of: "-", with: "–")
                    + (index < periods.count - 1 ? "," : "")
            ]
        }
    }

    /// The weekday of `day` (`YYYY-MM-DD`).
    static func weekday(of day: String) -> Weekday? {
        date(day).map {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return Weekday(calendarWeekday: calendar.component(.weekday, from: $0))
        }
    }

    /// `2026-12-25` as a guest reads it: "Friday 25 December", with its year when that is not
    /// `today`'s.
    static func dayName(_ day: String, sameYearAs today: String) -> String {
        guard let date = date(day) else { return day }
        let writer = DateFormatter()
        writer.locale = Locale(identifier: "en_GB")
        writer.timeZone = TimeZone(identifier: "UTC")
        writer.dateFormat = day.prefix(4) == today.prefix(4) ? "EEEE d MMMM" : "EEEE d MMMM yyyy"
        return writer.string(from: date)
    }

    private static func date(_ day: String) -> Date? {
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_US_POSIX")
        reader.timeZone = TimeZone(identifier: "UTC")
        reader.dateFormat = "yyyy-MM-dd"
        return reader.date(from: day)
    }

    /// A `tel:` link's number: its digits, and a leading `+`.
    static func phoneLink(_ phone: String) -> String {
        (phone.hasPrefix("+") ? "+" : "") + phone.filter(\.isNumber)
    }
}
