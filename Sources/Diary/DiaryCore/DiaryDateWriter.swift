import Foundation

/// The dates of a long list, written exactly as `DiaryDateFormatter` formats each one, with ICU
/// asked once a day and once a time of day instead of once a date (formatting was half the time
/// of listing 100,000 entries).
///
/// It relies only on what it checks: that a day's full dates are its date and a time joined by
/// the same words (checked on the first date it sees of each day), and that local time is UTC
/// plus one offset between the day's midnight and its next (or between a change of the clocks
/// and the midnight or change next to it: checked against the time zone's transitions). A date
/// within a millisecond of a minute's edge, where rounding could put it in the next minute, is
/// formatted whole, and so is every date of a day that fails a check.
public struct DiaryDateWriter {
    private let formatter: DiaryDateFormatter
    private var day: Day?
    /// Each minute of the day's time, as ICU wrote it: the same on every day it is checked on.
    private var times: [[UInt8]?] = Array(repeating: nil, count: 24 * 60)
    /// How many strings ICU made so far.
    private(set) var formattedByICU = 0

    public init(formatter: DiaryDateFormatter) {
        self.formatter = formatter
    }

    public mutating func write(_ date: Date, to output: inout [UInt8]) {
        // Milliseconds since 1970, as ICU receives them.
        let milliseconds = (date.timeIntervalSinceReferenceDate + 978_307_200) * 1_000
        guard abs(milliseconds) < 100_000_000_000_000 else {
            return writeWhole(date, to: &output)
        }
        if day.map({ !$0.holds(milliseconds) }) ?? true {
            day = makeDay(containing: date, at: milliseconds)
        }
        guard let day, let joint = day.joint else { return writeWhole(date, to: &output) }
        let intoDay = milliseconds - day.midnight
        let minute = Int(intoDay / 60_000)
        let intoMinute = intoDay - Double(minute) * 60_000
        guard intoMinute >= 1, intoMinute < 59_999 else { return writeWhole(date, to: &output) }
        let time = times[minute] ?? formatTime(ofMinute: minute, in: day)
        if joint.dateFirst {
            output.append(contentsOf: day.date)
            output.append(contentsOf: joint.glue)
            output.append(contentsOf: time)
        } else {
            output.append(contentsOf: time)
            output.append(contentsOf: joint.glue)
            output.append(contentsOf: day.date)
        }
    }

    private mutating func writeWhole(_ date: Date, to output: inout [UInt8]) {
        formattedByICU += 1
        output.append(contentsOf: formatter.string(from: date).utf8)
    }

    private mutating func formatTime(ofMinute minute: Int, in day: Day) -> [UInt8] {
        let middle = day.midnight + Double(minute) * 60_000 + 30_000
        let time = Array(Self.date(at: middle).formatted(formatter.timeStyle).utf8)
        formattedByICU += 1
        times[minute] = time
        return time
    }

    /// The stretch of the local day holding the date over which the offset from UTC does not
    /// change: the whole day, or the part of it before or after a change of the clocks.
    private mutating func makeDay(containing date: Date, at milliseconds: Double) -> Day {
        let zone = formatter.timeZone
        let offset = zone.secondsFromGMT(for: date)
        let offsetMilliseconds = Double(offset) * 1_000
        let localDay = ((milliseconds + offsetMilliseconds) / 86_400_000).rounded(.down)
        let midnight = localDay * 86_400_000 - offsetMilliseconds
        var day = Day(
            midnight: midnight, start: midnight, end: midnight + 86_400_000, date: [], joint: nil)
        // Clocks change a few times a year, so a day holds few changes; only a zone gone wrong
        // could give more, and then every date is formatted whole.
        var settled = false
        for _ in 0..<4 {
            guard
                let change = zone.nextDaylightSavingTimeTransition(after: Self.date(at: day.start)),
                change < Self.date(at: day.end)
            else {
                settled = true  // no change between the stretch's start and its end
                break
            }
            let at = (change.timeIntervalSinceReferenceDate + 978_307_200) * 1_000
            if at <= milliseconds { day.start = at } else { day.end = at }
        }
        guard settled, day.start <= milliseconds, milliseconds < day.end,
            zone.secondsFromGMT(for: Self.date(at: day.start)) == offset,
            zone.secondsFromGMT(for: Self.date(at: day.end - 1)) == offset
        else {
            return Day(
                midnight: midnight, start: milliseconds, end: milliseconds, date: [], joint: nil)
        }
        let whole = Array(formatter.string(from: date).utf8)
        let dateText = Array(date.formatted(formatter.dateStyle).utf8)
        let time = Array(date.formatted(formatter.timeStyle).utf8)
        formattedByICU += 3
        day.date = dateText
        let room = whole.count - dateText.count - time.count
        guard room >= 0 else { return day }
        if whole.starts(with: dateText), whole.suffix(time.count).elementsEqual(time) {
            day.joint = Joint(
                dateFirst: true, glue: Array(whole.dropFirst(dateText.count).prefix(room)))
        } else if whole.starts(with: time), whole.suffix(dateText.count).elementsEqual(dateText) {
            day.joint = Joint(
                dateFirst: false, glue: Array(whole.dropFirst(time.count).prefix(room)))
        }
        return day
    }

    private static func date(at milliseconds: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: milliseconds / 1_000 - 978_307_200)
    }

    /// One local day, or the part of it with one offset from UTC: its midnight (the midnight
    /// that offset gives), and the stretch, in milliseconds since 1970 (UTC).
    private struct Day {
        var midnight: Double
        var start: Double
        var end: Double
        var date: [UInt8]
        /// How the day's date and a time make the full date; nil: format each date whole.
        var joint: Joint?

        func holds(_ milliseconds: Double) -> Bool {
            milliseconds >= start && milliseconds < end
        }
    }

    private struct Joint {
        var dateFirst: Bool
        var glue: [UInt8]
    }
}
