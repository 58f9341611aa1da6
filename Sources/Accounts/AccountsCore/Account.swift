import Foundation

/// Why an account's age cannot be told.
public enum AccountError: Error, Equatable, CustomStringConvertible {
    case cannotCalculateAge

    public var description: String { "the age cannot be calculated from that date of birth" }
}

/// A user's account. `now` is the system clock; a subclass overrides it to fix the time.
open class Account {
    public let name: String
    public let email: String
    public let userId: String
    public let dateOfBirth: Date

    public init(name: String, email: String, userId: String, dateOfBirth: Date) {
        self.name = name
        self.email = email
        self.userId = userId
        self.dateOfBirth = dateOfBirth
    }

    open var now: Date { Date() }

    /// Whole years from the start of the birth day to the start of today, in the current
    /// calendar: turning 30 today is 30; born on 29 February, one is a year older on 1 March.
    public func age() throws -> Int {
        let calendar = Calendar.current
        let born = calendar.dateComponents([.year, .month, .day], from: dateOfBirth)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        guard let bornYear = born.year, let bornMonth = born.month, let bornDay = born.day,
            let year = today.year, let month = today.month, let day = today.day
        else { throw AccountError.cannotCalculateAge }
        let hadBirthday = (month, day) >= (bornMonth, bornDay)
        let age = year - bornYear - (hadBirthday ? 0 : 1)
        guard age >= 0 else { throw AccountError.cannotCalculateAge }
        return age
    }

    /// Noon of the day a `YYYY-MM-DD` text names, in the current calendar; nil unless it is a
    /// real date in exactly that form.
    public static func dateOfBirth(from text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({
                $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        let calendar = Calendar.current
        let components = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let date = calendar.date(from: components) else { return nil }
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        return check.year == year && check.month == month && check.day == day ? date : nil
    }
}
