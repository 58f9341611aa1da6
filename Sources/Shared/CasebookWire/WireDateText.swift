import CasebookCalendar
import Foundation

/// The dates of the wire, as `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` wrote
/// them in UTC on the toolchain Casebook was built with: the calendar's nanosecond truncated to
/// milliseconds. Written by hand from 1970 to 9999 (Foundation's style was a sixth of the time
/// of listing a diary as JSON), by Foundation outside those years; the same text either way,
/// and the same whatever a later Foundation rounds.
public enum WireDateText {
    /// `date` as the wire spells it.
    public static func text(of date: Date) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(24)
        write(date, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `date` as the wire spells it to `output`.
    public static func write(_ date: Date, to output: inout [UInt8]) {
        let interval = date.timeIntervalSinceReferenceDate
        let second = interval.rounded(.down)
        // As the calendar takes a date apart: whole seconds down, then the nanosecond.
        let millisecond = second.isFinite ? Self.millisecond(of: interval, second: second) : 0
        guard second >= firstSecond, second < endSecond, millisecond < 1_000 else {
            output.append(
                contentsOf: date.formatted(
                    Date.ISO8601FormatStyle(includingFractionalSeconds: true)
                )
                .utf8)
            return
        }
        let sinceEpoch = Int(second) - Int(firstSecond)
        let (days, inDay) = sinceEpoch.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = civil(daysSinceEpoch: days)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            put(year, digits: 4, at: 0, in: text)
            text[4] = dash
            put(month, digits: 2, at: 5, in: text)
            text[7] = dash
            put(day, digits: 2, at: 8, in: text)
            text[10] = UInt8(ascii: "T")
            put(inDay / 3_600, digits: 2, at: 11, in: text)
            text[13] = colon
            put(inDay / 60 % 60, digits: 2, at: 14, in: text)
            text[16] = colon
            put(inDay % 60, digits: 2, at: 17, in: text)
            text[19] = UInt8(ascii: ".")
            put(millisecond, digits: 3, at: 20, in: text)
            text[23] = UInt8(ascii: "Z")
            output.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// The instant `text` names, an internet date and time of RFC 3339
    /// (`2026-03-01T12:00:00.250Z`, `2026-03-01T13:00:00+01:00`; the fraction optional, of any
    /// length, read to the millisecond as ISO8601DateFormatter reads it), read by hand for the
    /// years 1583 to 9999: the instant that the wire writes back as it was read (what
    /// ISO8601DateFormatter reads, or a last bit above it where that one would be written as
    /// the millisecond before). Earlier years, which Foundation counts in the Julian calendar,
    /// it reads itself. Nil for any other text (a leap second included), for a date, time or
    /// offset the calendar does not have (where ISO8601DateFormatter reads `2026-02-29` as the
    /// first of March), and for an instant an offset carries before the year 1 or into the
    /// year 10000, which the wire could not write back.
    public static func date(from text: String) -> Date? {
        reading(text)?.date
    }

    /// `date(from:)`'s instant, and whether the fraction goes past the millisecond and is not
    /// zero there (`finer`), which the instant, a whole millisecond, leaves out.
    private static func reading(_ text: String) -> (date: Date, finer: Bool)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + count] {
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes[4] == dash, bytes[7] == dash, bytes[10] | 0x20 == UInt8(ascii: "t"),
            bytes[13] == colon, bytes[16] == colon,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), hour < 24, minute < 60, second < 60,
            (1...daysIn(month: month, of: year)).contains(day)
        else { return nil }
        var index = 19
        var millisecond = 0
        var finer = false
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let first = index
            while index < bytes.count, isDigit(bytes[index]) {
                if index - first < 3 {
                    millisecond = millisecond * 10 + Int(bytes[index] & 0x0F)
                } else if bytes[index] != UInt8(ascii: "0") {
                    finer = true
                }
                index += 1
            }
            guard index > first else { return nil }
            for _ in min(index - first, 3)..<3 { millisecond *= 10 }
        }
        guard let offset = offsetSeconds(bytes[index...]) else { return nil }
        // Before the Gregorian calendar began (1582-10-15), Foundation counts Julian days.
        guard year >= 1583 else {
            // Nor has it the ten days the Gregorian calendar skipped.
            guard year >= 1, year != 1582 || month != 10 || !(5...14).contains(day),
                let date = foundationDate(
                    String(
                        decoding: bytes.map { $0 == 0x74 || $0 == 0x7A ? $0 - 0x20 : $0 },
                        as: UTF8.self)),
                date >= firstOfYearOne
            else { return nil }
            return (
                writtenBack(date.timeIntervalSinceReferenceDate, millisecond, within: 64), finer
            )
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        // An offset may carry the instant into the year 10000, which the wire cannot write.
        guard seconds < Int(endSecond - firstSecond) else { return nil }
        // Since 1970 first, as Foundation adds the fraction, to the same last bit.
        let whole = Double(seconds)
        let foundation = Date(timeIntervalSince1970: whole + Double(millisecond) / 1_000)
        let read = foundation.timeIntervalSinceReferenceDate
        guard Self.millisecond(of: read, second: read.rounded(.down)) != millisecond else {
            return (foundation, finer)
        }
        // The millisecond rounded once, since the reference date, then up to the first double
        // that writes back as it was read.
        return (
            writtenBack(
                (whole - 978_307_200) + Double(millisecond) / 1_000, millisecond, within: 16),
            finer
        )
    }

    /// The first instant the wire holds (a whole millisecond) at or after the instant `text`
    /// names, for a bound: `date(from:)`, or the next millisecond when the fraction goes past
    /// the millisecond and is not zero there, so that a list from (or before)
    /// `12:00:00.0005Z` neither takes in nor leaves out the entries of `12:00:00.000Z`. Nil for
    /// any text `date(from:)` does not read, and past the last millisecond of 9999.
    public static func firstMillisecond(notBefore text: String) -> Date? {
        guard let (read, finer) = reading(text) else { return nil }
        guard finer else { return read }
        // A millisecond and a half on from one the wire writes as the millisecond read is
        // written as the next; read back, it is that millisecond as every other text names it.
        let next = read.addingTimeInterval(0.001_5)
        guard next.timeIntervalSinceReferenceDate < endSecond else { return nil }
        return date(from: Self.text(of: next))
    }

    /// The seconds east of UTC that an offset names, `Z` (or `z`) or `±hh:mm` and nothing after
    /// it; nil for anything else.
    private static func offsetSeconds(_ bytes: ArraySlice<UInt8>) -> Int? {
        if bytes.count == 1, bytes.first! | 0x20 == UInt8(ascii: "z") { return 0 }
        guard bytes.count == 6 else { return nil }
        let start = bytes.startIndex
        let sign = bytes[start]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[start + 3] == colon,
            isDigit(bytes[start + 1]), isDigit(bytes[start + 2]), isDigit(bytes[start + 4]),
            isDigit(bytes[start + 5])
        else { return nil }
        let hours = Int(bytes[start + 1] & 0x0F) * 10 + Int(bytes[start + 2] & 0x0F)
        let minutes = Int(bytes[start + 4] & 0x0F) * 10 + Int(bytes[start + 5] & 0x0F)
        guard hours < 24, minutes < 60 else { return nil }
        return (sign == UInt8(ascii: "+") ? 1 : -1) * (hours * 3_600 + minutes * 60)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The instant `interval` (since the reference date), or the first of the next `steps`
    /// doubles above it that the wire writes with `millisecond`. The double nearest a
    /// millisecond may lie just below it, which the wire (truncating, as the calendar does)
    /// would write as the millisecond before: an entry exported, imported and exported again
    /// would move.
    private static func writtenBack(_ interval: Double, _ millisecond: Int, within steps: Int)
        -> Date
    {
        var interval = interval
        for _ in 0..<steps
        where Self.millisecond(of: interval, second: interval.rounded(.down)) != millisecond {
            interval = interval.nextUp
        }
        return Date(timeIntervalSinceReferenceDate: interval)
    }

    /// The millisecond the wire writes for `interval` (since the reference date) past its
    /// whole `second`: as the calendar takes a date apart, the nanosecond, truncated.
    private static func millisecond(of interval: Double, second: Double) -> Int {
        Int((interval - second) * 1_000_000_000) / 1_000_000
    }

    /// `text` as ISO8601DateFormatter reads an internet date and time, with or without a
    /// fraction of a second.
    private static func foundationDate(_ text: String) -> Date? {
        let precise = ISO8601DateFormatter()
        precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = precise.date(from: text) { return date }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        return plain.date(from: text)
    }

    /// The first instant of the year 1 as Foundation reads it (in the Julian calendar): the
    /// earliest the wire writes.
    private static let firstOfYearOne = foundationDate("0001-01-01T00:00:00Z")!

    /// The days of `month` in `year`, in the Julian calendar before 1583 as Foundation counts
    /// them (every fourth year a leap year), in the Gregorian one after.
    private static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2:
            year % 4 == 0 && (year < 1583 || year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date (negative before it).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        CivilDays.days(year: year, month: month, day: day)
    }

    /// 1970-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since the reference date.
    private static let firstSecond: Double = -978_307_200
    private static let endSecond: Double = 252_423_993_600

    private static let dash = UInt8(ascii: "-")
    private static let colon = UInt8(ascii: ":")

    /// The Gregorian year, month and day of a day counted from 1970-01-01.
    private static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        CivilDays.date(days: days)
    }

    @inline(__always)
    private static func put(
        _ value: Int, digits: Int, at position: Int, in text: UnsafeMutableBufferPointer<UInt8>
    ) {
        var value = value
        for index in stride(from: position + digits - 1, through: position, by: -1) {
            text[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
    }
}
