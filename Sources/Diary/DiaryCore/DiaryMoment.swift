import Foundation

/// A moment as a diarist names when something happened, in their time zone: a day as
/// `DiaryDay` names one (`2025-11-02`, `today`, `yesterday`, `3 days ago`) or `last monday`
/// (to `last sunday`), then a time (`08:30`, 24-hour), or a time alone for today; a day
/// without a time is at 09:00, as jrnl's default. The page's `2025-11-02T08:30` and an
/// RFC 3339 instant are read too. A time the clocks skip in the zone (02:30 on a
/// spring-forward night) is refused, never moved; one they pass twice is the first.
public enum DiaryMoment {
    /// The hour a day named without a time is at (jrnl's `default_hour`).
    public static let defaultHour = 9

    public static func date(_ text: String, now: Date, zone: TimeZone) throws(DiaryMomentError)
        -> Date
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count > 10, trimmed.contains("T"),
            trimmed.last == "Z" || trimmed.contains("+")
                || trimmed.dropFirst(10).contains("-"),
            let instant = Self.instant(trimmed)
        {
            return instant
        }
        // The page's `2025-11-02T08:30`: the T between the day and the time, a space.
        var words = trimmed.replacing(/(\d)T(\d)/) { "\($0.1) \($0.2)" }.lowercased()
            .split(separator: " ").map(String.init)
        guard !words.isEmpty, words.count <= 4 else { throw DiaryMomentError(text: text) }
        var time = (hour: defaultHour, minute: 0)
        if let last = words.last, let clock = Self.clock(last) {
            time = clock
            words.removeLast()
        }
        let today = DiaryDay(containing: now, in: zone)
        let day: DiaryDay
        if words.isEmpty {
            guard trimmed.contains(":") else { throw DiaryMomentError(text: text) }
            day = today
        } else if words.count == 2, words[0] == "last", let weekday = Self.weekdays[words[1]] {
            day = Self.last(weekday, before: today, zone: zone)
        } else {
            do {
                day = try DiaryDay(words.joined(separator: " "), today: today)
            } catch {
                throw DiaryMomentError(text: text)
            }
        }
        return try moment(day, hour: time.hour, minute: time.minute, zone: zone, text: text)
    }

    /// A date at the start of `text` as jrnl reads one, `yesterday 20:30: Walked…`: the moment
    /// and the text after `: `; nil when the text does not start with a moment (`Note: …`).
    /// - Throws: `DiaryMomentError` when it starts like a date or a time written in digits
    ///   (`2025-13-45: …`, `25:00: …`) and is none, or names a time the clocks skip; words
    ///   that are no moment (`Last night: …`, `3 things: …`) are the text.
    public static func leading(in text: String, now: Date, zone: TimeZone)
        throws(DiaryMomentError) -> (date: Date, text: String)?
    {
        guard let colon = text.range(of: ": ") else { return nil }
        let head = String(text[..<colon.lowerBound])
        guard head.count <= 40, !head.contains("\n") else { return nil }
        let rest = String(text[colon.upperBound...])
        do {
            return (try date(head, now: now, zone: zone), rest)
        } catch {
            let first = head.split(separator: " ").first.map(String.init) ?? ""
            let looksLikeOne =
                first.first?.isNumber == true && (first.contains("-") || first.contains(":"))
            if looksLikeOne || error.reason != nil { throw error }
            return nil
        }
    }

    /// `day` at `hour:minute` in `zone`.
    static func moment(
        _ day: DiaryDay, hour: Int, minute: Int, zone: TimeZone, text: String
    ) throws(DiaryMomentError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let wanted = DateComponents(
            year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
        guard let date = calendar.date(from: wanted) else { throw DiaryMomentError(text: text) }
        let found = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        guard found.hour == hour, found.minute == minute, found.day == day.day else {
            throw DiaryMomentError(text: text, skipped: (day, hour, minute), zone: zone)
        }
        // Of a time the clocks pass twice, the first.
        let hourEarlier = date.addingTimeInterval(-3600)
        let earlier = calendar.dateComponents([.hour, .minute, .day], from: hourEarlier)
        if earlier.hour == hour, earlier.minute == minute, earlier.day == day.day {
            return hourEarlier
        }
        return date
    }

    /// An RFC 3339 instant, with or without fractions of a second.
    static func instant(_ text: String) -> Date? {
        (try? Date(text, strategy: .iso8601))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    /// `HH:MM` (or `H:MM`), 00:00 to 23:59.
    static func clock(_ word: String) -> (hour: Int, minute: Int)? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        return (hour, minute)
    }

    static let weekdays: [String: Int] = [
        "sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6,
        "saturday": 7,
    ]

    /// The last `weekday` (1 Sunday … 7 Saturday) before `today`: a week ago on that day.
    static func last(_ weekday: Int, before today: DiaryDay, zone: TimeZone) -> DiaryDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let noon = today.start(in: zone).addingTimeInterval(12 * 3600)
        let current = calendar.component(.weekday, from: noon)
        let back = (current - weekday + 7) % 7
        return today.adding(days: -(back == 0 ? 7 : back))
    }
}
