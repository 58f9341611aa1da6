import CasebookWire
import DiaryCore
import Foundation

/// A diary query as `GET /api/diary`'s parameters: `q`; `from` and `to` as days of `zone`
/// (with `tz`) where they bound whole days, else `from` and `before` as instants; `tag` for
/// each tag; `starred=true`. An instant the wire cannot carry exactly (finer than a
/// millisecond) is refused rather than moved.
enum DiaryServerQuery {
    static func parameters(of query: DiaryQuery, zone: TimeZone) throws(DiaryServerError)
        -> [(String, String)]
    {
        var parameters: [(String, String)] = []
        var days = false
        if let search = query.search { parameters.append(("q", search.text)) }
        if let from = query.from {
            let day = DiaryDay(containing: from, in: zone)
            if day.start(in: zone) == from {
                parameters.append(("from", text(of: day)))
                days = true
            } else {
                parameters.append(("from", try instant(from)))
            }
        }
        if let before = query.before {
            let day = DiaryDay(containing: before, in: zone).adding(days: -1)
            if day.next.start(in: zone) == before {
                parameters.append(("to", text(of: day)))
                days = true
            } else {
                parameters.append(("before", try instant(before)))
            }
        }
        if days { parameters.append(("tz", zone.identifier)) }
        for tag in query.tags { parameters.append(("tag", tag)) }
        if query.starredOnly { parameters.append(("starred", "true")) }
        return parameters
    }

    /// `date` as the wire writes it, when that is `date` exactly.
    static func instant(_ date: Date) throws(DiaryServerError) -> String {
        let text = WireDateText.text(of: date)
        guard WireDateText.date(from: text) == date else {
            throw DiaryServerError(
                "a server takes instants to the millisecond, and \(text) is not \(date) exactly")
        }
        return text
    }

    /// `YYYY-MM-DD`.
    static func text(of day: DiaryDay) -> String {
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(day.year, 4))-\(padded(day.month, 2))-\(padded(day.day, 2))"
    }
}
