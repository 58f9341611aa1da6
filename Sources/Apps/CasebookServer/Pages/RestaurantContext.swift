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
            .map { day -> [String: String] in
                let periods = details.hours.exceptions[day] ?? []
                return [
                    "day": Self.dayName(day),
                    "text": periods.isEmpty
                        ? "Closed"
                        : periods.map(\.text).joined(separator: ", ")
                            .replacingOccurrences(of: "-", with: "–"),
                ]
            }
        let hours = Weekday.allCases.map { weekday -> [String: String] in
            let periods = details.hours.weekly[weekday] ?? []
            return [
                "day": weekday.name,
                "text": periods.isEmpty
                    ? "Closed"
                    : periods.map(\.text).joined(separator: ", ").replacingOccurrences(
                        of: "-", with: "–"),
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
            "upcoming": Array(upcoming),
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

    /// `2026-12-25` as a guest reads it: "Friday 25 December".
    static func dayName(_ day: String) -> String {
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_US_POSIX")
        reader.timeZone = TimeZone(identifier: "UTC")
        reader.dateFormat = "yyyy-MM-dd"
        guard let date = reader.date(from: day) else { return day }
        let writer = DateFormatter()
        writer.locale = Locale(identifier: "en_GB")
        writer.timeZone = TimeZone(identifier: "UTC")
        writer.dateFormat = "EEEE d MMMM"
        return writer.string(from: date)
    }

    /// A `tel:` link's number: its digits, and a leading `+`.
    static func phoneLink(_ phone: String) -> String {
        (phone.hasPrefix("+") ? "+" : "") + phone.filter(\.isNumber)
    }
}
