import Foundation

/// A stretch of a day a restaurant is open, from `opens` to `closes`, each in minutes after
/// midnight (0 to 1,440); a period that closes at or before it opens closes the next day
/// (18:00-01:00).
public struct OpeningPeriod: Equatable, Hashable, Sendable {
    public var opens: Int
    public var closes: Int

    public init(opens: Int, closes: Int) {
        self.opens = opens
        self.closes = closes
    }

    /// Whether it runs past midnight into the next day.
    public var endsNextDay: Bool { closes <= opens }

    /// As a menu file and the form write it: `12:00-14:30`.
    public var text: String { Self.time(opens) + "-" + Self.time(closes) }

    /// `minutes` after midnight as `HH:MM` (24:00 for the end of the day).
    public static func time(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// The periods `text` names: `closed` for none, or periods such as
    /// `12:00-14:30, 18:30-22:30` (at most four, in order, none overlapping another).
    /// - Throws: a sentence saying what is wrong with it.
    public static func periods(in text: String) throws(OpeningHoursError) -> [OpeningPeriod] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "closed" { return [] }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 4 else {
            throw OpeningHoursError("at most 4 periods a day")
        }
        var periods: [OpeningPeriod] = []
        for part in parts {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, let opens = minutes(ends[0]), let closes = minutes(ends[1])
            else {
                throw OpeningHoursError(
                    "'\(part.trimmingCharacters(in: .whitespaces))' is not a period such as 12:00-14:30 (or write closed)"
                )
            }
            guard opens != closes, opens < 1440 else {
                throw OpeningHoursError(
                    "\(time(opens))-\(time(closes)) opens and closes at the same time")
            }
            let period = OpeningPeriod(opens: opens, closes: closes)
            if let last = periods.last, last.endsNextDay || opens < last.closes {
                throw OpeningHoursError(
                    "\(period.text) starts before \(last.text) ends: list a day's periods in order")
            }
            periods.append(period)
        }
        return periods
    }

    /// `HH:MM` (or `H:MM`) as minutes after midnight, 00:00 to 24:00; nil for anything else.
    static func minutes(_ text: Substring) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(
            separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hours = Int(parts[0]), let rest = Int(parts[1]), hours <= 24, rest < 60,
            hours * 60 + rest <= 1440
        else { return nil }
        return hours * 60 + rest
    }
}

/// What is wrong with a restaurant's opening hours as written.
public struct OpeningHoursError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
