/// A day of the week, Monday first (ISO 8601's order).
public enum Weekday: String, CaseIterable, Comparable, Sendable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Its name as the pages write it: "Tuesday".
    public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The weekday of Gregorian `Calendar`'s `weekday` component (1 is Sunday).
    public init(calendarWeekday: Int) {
        self = Self.allCases[(calendarWeekday + 5) % 7]
    }

    /// schema.org's name for it: `https://schema.org/Tuesday`.
    public var schemaOrg: String { "https://schema.org/" + name }

    public static func < (left: Weekday, right: Weekday) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
