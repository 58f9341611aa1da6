import CasebookFileSystem
import Foundation

/// The restaurant itself, as its menu says: where it is, how to call it, when it is open (in
/// its own time zone) and what it serves. Every part is optional: a menu says what it knows.
public struct RestaurantDetails: Encodable, Equatable, Sendable {
    /// Its postal address, one line: "Via Roma 12, 00184 Roma".
    public var address: String?
    /// Its telephone number as guests dial it: "+39 06 1234 5678".
    public var phone: String?
    /// A link to it on a map (https).
    public var mapLink: String?
    /// Its time zone (an IANA name such as `Europe/Rome`): its hours are in it.
    public var timeZone: String?
    /// What it serves: "Italian, pizza".
    public var cuisine: String?
    /// When it is open.
    public var hours = OpeningHours()

    public init(
        address: String? = nil, phone: String? = nil, mapLink: String? = nil,
        timeZone: String? = nil, cuisine: String? = nil, hours: OpeningHours = OpeningHours()
    ) {
        self.address = address
        self.phone = phone
        self.mapLink = mapLink
        self.timeZone = timeZone
        self.cuisine = cuisine
        self.hours = hours
    }

    /// Whether it says nothing at all.
    public var isEmpty: Bool { self == RestaurantDetails() }

    /// The longest address, cuisine or link, in Unicode scalars.
    public static let longestText = 300
    /// The longest map link.
    public static let longestLink = 2_000

    /// Whether it is open at `date`, in its time zone (the server's when it names none).
    public func status(at date: Date) -> OpeningStatus? {
        guard !hours.isEmpty else { return nil }
        return hours.status(at: date, in: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
    }

    /// What is wrong with `phone` as a telephone number: digits, spaces and `+ - ( ) . /`,
    /// with at least 3 digits and at most 40 characters; nil when nothing is.
    public static func phoneProblem(_ phone: String) -> String? {
        let allowed = Set("0123456789 +-()./")
        guard phone.count <= 40, phone.allSatisfy(allowed.contains),
            phone.filter(\.isNumber).count >= 3
        else {
            return "'\(phone)' is not a telephone number (digits, spaces and + - ( ) . /)"
        }
        return nil
    }

    /// What is wrong with `link` as a map link: an https URL with a host, at most 2,000
    /// characters; nil when nothing is.
    public static func mapLinkProblem(_ link: String) -> String? {
        guard link.count <= longestLink, link.hasPrefix("https://"),
            let url = URL(string: link), url.scheme == "https", url.host?.isEmpty == false,
            !link.contains(where: { $0.isWhitespace })
        else { return "'\(link)' is not an https link (https://…)" }
        return nil
    }

    /// What is wrong with `zone` as a time zone; nil when it is one the system knows.
    public static func timeZoneProblem(_ zone: String) -> String? {
        guard TimeZone.knownTimeZoneIdentifiers.contains(zone) else {
            let suggestion = timeZone(named: zone).map { ": write \($0)" } ?? ""
            return
                "'\(zone)' is not a time zone (an IANA name such as Europe/Rome, a region and a city)"
                + suggestion
        }
        return nil
    }

    /// The time zone `name` names, its case aside (`europe/rome`: `Europe/Rome`); nil for none.
    public static func timeZone(named name: String) -> String? {
        let known = TimeZone.knownTimeZoneIdentifiers
        if known.contains(name) { return name }
        return known.first { $0.lowercased() == name.lowercased() }
    }

    /// What is wrong with `day` as a day (`YYYY-MM-DD`, a real date); nil when nothing is.
    public static func dayProblem(_ day: String) -> String? {
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2])
        else { return "'\(day)' is not a day (YYYY-MM-DD)" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: dayOfMonth)
        guard
            calendar.date(from: components).map({
                calendar.dateComponents([.year, .month, .day], from: $0) == components
            }) == true
        else { return "'\(day)' is not a day of the calendar" }
        return nil
    }

    /// What is wrong with `text` as one line of the restaurant's details (at most `longest`
    /// characters, no control, line or direction characters); nil when nothing is.
    public static func lineProblem(_ text: String, longest: Int = longestText) -> String? {
        guard text.unicodeScalars.count <= longest else {
            return "is at most \(longest) characters"
        }
        if let control = TextBytes.firstControlCharacter(in: text) {
            return "holds a control character (\(TextBytes.codePoint(control)))"
        }
        if let turning = TextBytes.firstLineOrDirectionCharacter(in: text) {
            return Dish.turningProblem(turning)
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case address, phone, map, timeZone, cuisine, hours, exceptions
    }

    /// As `/api/menu` gives it: what the menu says, each day's periods as a menu file writes
    /// them (`"tuesday": "12:00-14:30, 18:30-22:30"`, `"closed"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(address, forKey: .address)
        try container.encodeIfPresent(phone, forKey: .phone)
        try container.encodeIfPresent(mapLink, forKey: .map)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(cuisine, forKey: .cuisine)
        if !hours.weekly.isEmpty {
            try container.encode(
                Dictionary(
                    uniqueKeysWithValues: hours.weekly.map {
                        ($0.key.rawValue, MenuFileWriter.hoursText($0.value))
                    }), forKey: .hours)
        }
        if !hours.exceptions.isEmpty {
            try container.encode(
                hours.exceptions.mapValues(MenuFileWriter.hoursText), forKey: .exceptions)
        }
    }
}
