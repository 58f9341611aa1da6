import Foundation

/// A time format as jrnl's `timeformat` writes one (`strftime`'s: `%F %r`, `%Y-%m-%d %H:%M`,
/// `%d.%m.%Y %I:%M %p`…), read back: each directive a date's part, everything else itself.
/// The directives a date can be read from are kept (`%Y %y %m %d %e %H %I %M %S %p %F %T %R %r
/// %b %B %h %a %A %j %%`); a format with any other (`%Z`, `%U`…) is refused, naming it.
public struct JrnlTimeFormat: Sendable, Equatable, CustomStringConvertible {
    /// One piece of a format.
    enum Piece: Sendable, Equatable {
        case literal(UInt8)
        case year, shortYear, month, day, hour, hour12, minute, second, meridiem, dayOfYear
        case monthName, weekdayName
    }

    /// The format as written.
    public let format: String
    let pieces: [Piece]

    /// What jrnl writes by default (`%F %r`, a 12-hour clock), what Casebook writes
    /// (`%Y-%m-%d %H:%M`), and with seconds (`%F %T`).
    public static let defaults: [JrnlTimeFormat] = ["%Y-%m-%d %H:%M", "%F %r", "%F %T"].map {
        // Known good: these are read.
        try! JrnlTimeFormat($0)
    }

    public var description: String { format }

    public init(_ format: String) throws(JrnlJournal.Refusal) {
        let pieces = try Self.pieces(of: format, in: format)
        guard pieces.contains(.year) || pieces.contains(.shortYear),
            pieces.contains(.day) && (pieces.contains(.month) || pieces.contains(.monthName))
                || pieces.contains(.dayOfYear)
        else {
            throw JrnlJournal.Refusal(
                message: "the time format '\(format)' has no year, month and day to read")
        }
        self.format = format
        self.pieces = pieces
    }

    /// The pieces of `text`, a part of `format` (`%F` is `%Y-%m-%d`).
    private static func pieces(of text: String, in format: String) throws(JrnlJournal.Refusal)
        -> [Piece]
    {
        var pieces: [Piece] = []
        var bytes = Array(text.utf8).makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "%") else {
                pieces.append(.literal(byte))
                continue
            }
            guard var directive = bytes.next() else {
                throw JrnlJournal.Refusal(
                    message: "the time format '\(format)' ends with a % and no directive")
            }
            // glibc's `%-d` (no padding) reads as `%d` does.
            if directive == UInt8(ascii: "-"), let next = bytes.next() { directive = next }
            let expansions = [
                "F": "%Y-%m-%d", "T": "%H:%M:%S", "R": "%H:%M", "r": "%I:%M:%S %p",
                "D": "%m/%d/%y",
            ]
            let name = String(Character(Unicode.Scalar(directive)))
            if let expansion = expansions[name] {
                pieces += try Self.pieces(of: expansion, in: format)
                continue
            }
            switch name {
            case "Y": pieces.append(.year)
            case "y": pieces.append(.shortYear)
            case "m": pieces.append(.month)
            case "d", "e": pieces.append(.day)
            case "H", "k": pieces.append(.hour)
            case "I", "l": pieces.append(.hour12)
            case "M": pieces.append(.minute)
            case "S": pieces.append(.second)
            case "p", "P": pieces.append(.meridiem)
            case "j": pieces.append(.dayOfYear)
            case "b", "B", "h": pieces.append(.monthName)
            case "a", "A": pieces.append(.weekdayName)
            case "%": pieces.append(.literal(UInt8(ascii: "%")))
            default:
                throw JrnlJournal.Refusal(
                    message:
                        "the time format '\(format)' has %\(name), which no date can be read back from: use %Y %m %d %H %M and the like"
                )
            }
        }
        return pieces
    }

    /// The date `text` starts with in this format, in `zone`, and how many bytes it took; nil
    /// when it does not start with one (or names a day or time there is not).
    public func date(atStartOf text: Substring, zone: TimeZone) -> (date: Date, length: Int)? {
        let bytes = Array(text.utf8)
        var place = 0
        var year: Int?
        var month: Int?
        var day: Int?
        var dayOfYear: Int?
        var hour = 0
        var hour12: Int?
        var minute = 0
        var second = 0
        var pm: Bool?
        func number(_ most: Int, least: Int = 1) -> Int? {
            // A space before a number (`%e`'s padding) is read past.
            while place < bytes.count, bytes[place] == UInt8(ascii: " "), most <= 2,
                place + 1 < bytes.count, (48...57).contains(bytes[place + 1])
            {
                place += 1
            }
            var value = 0
            var digits = 0
            while digits < most, place < bytes.count, (48...57).contains(bytes[place]) {
                value = value * 10 + Int(bytes[place] - 48)
                place += 1
                digits += 1
            }
            return digits < least ? nil : value
        }
        func word(from names: [String]) -> Int? {
            for (index, name) in names.enumerated() {
                for candidate in [name, String(name.prefix(3))] {
                    let utf8 = Array(candidate.lowercased().utf8)
                    guard place + utf8.count <= bytes.count else { continue }
                    let slice = bytes[place..<place + utf8.count].map {
                        (65...90).contains($0) ? $0 + 32 : $0
                    }
                    if slice.elementsEqual(utf8) {
                        place += utf8.count
                        return index + 1
                    }
                }
            }
            return nil
        }
        for piece in pieces {
            switch piece {
            case .literal(let byte):
                guard place < bytes.count, bytes[place] == byte else { return nil }
                place += 1
            case .year:
                guard let value = number(4, least: 4) else { return nil }
                year = value
            case .shortYear:
                guard let value = number(2) else { return nil }
                year = value < 69 ? 2000 + value : 1900 + value
            case .month:
                guard let value = number(2) else { return nil }
                month = value
            case .day:
                guard let value = number(2) else { return nil }
                day = value
            case .dayOfYear:
                guard let value = number(3) else { return nil }
                dayOfYear = value
            case .hour:
                guard let value = number(2) else { return nil }
                hour = value
            case .hour12:
                guard let value = number(2) else { return nil }
                hour12 = value
            case .minute:
                guard let value = number(2) else { return nil }
                minute = value
            case .second:
                guard let value = number(2) else { return nil }
                second = value
            case .meridiem:
                guard let value = word(from: ["am", "pm"]) else { return nil }
                pm = value == 2
            case .monthName:
                guard let value = word(from: Self.months) else { return nil }
                month = value
            case .weekdayName:
                guard word(from: Self.weekdays) != nil else { return nil }
            }
        }
        if let hour12 {
            guard (1...12).contains(hour12), let pm else { return nil }
            hour = hour12 % 12 + (pm ? 12 : 0)
        }
        guard let year, year >= 1, hour < 24, minute < 60, second < 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        if let dayOfYear, month == nil {
            guard (1...366).contains(dayOfYear) else { return nil }
            components.month = 1
            components.day = dayOfYear
        }
        guard let date = calendar.date(from: components) else { return nil }
        // A day the month does not have is no date (rather than the next month's), nor a day
        // of the year past the year's last.
        let read = calendar.dateComponents([.year, .month, .day], from: date)
        if dayOfYear == nil || month != nil {
            guard read == DateComponents(year: year, month: month, day: day) else { return nil }
        } else {
            guard read.year == year else { return nil }
        }
        return (date, place)
    }

    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
    ]
    static let weekdays = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]
}
