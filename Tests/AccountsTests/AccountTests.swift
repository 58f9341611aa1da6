import Accounts
import Foundation
import Testing

@Suite("Account age, with the clock replaced by a subclass")
struct AccountTests {
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0)
        -> Date
    {
        Calendar.current.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    func account(born: Date, now: Date) -> Account {
        AccountStub(
            name: "Ada", email: "ada@example.com", userId: "u1", dateOfBirth: born, fixedNow: now)
    }

    @Test(arguments: [
        (date(1990, 5, 10), date(2020, 5, 10), 30),  // turning 30 today counts
        (date(1990, 5, 10), date(2020, 5, 9), 29),
        (date(1990, 5, 10, 23, 30), date(2020, 5, 10, 0, 10), 30),  // start of day, not the hour
        (date(2000, 2, 29), date(2021, 2, 28), 20),
        (date(2000, 2, 29), date(2021, 3, 1), 21),
        (date(2000, 2, 29), date(2024, 2, 29), 24),
        (date(2020, 1, 1), date(2020, 1, 1), 0),
    ])
    func ageCountsWholeYearsBetweenTheStartsOfTheDays(born: Date, now: Date, age: Int) throws {
        #expect(try account(born: born, now: now).age() == age)
    }

    @Test func someoneNotYetBornHasNoAge() {
        #expect(throws: AccountError.cannotCalculateAge) {
            try account(born: Self.date(2030, 1, 1), now: Self.date(2020, 1, 1)).age()
        }
    }

    @Test(arguments: [
        ("1990-05-10", true), ("2000-02-29", true), ("2001-02-29", false), ("1990-13-01", false),
        ("10/05/1990", false), ("1990-5-10", false), ("", false), ("1990-05-10x", false),
        // Digits only, in exactly three parts: no sign, no empty part, no part left over.
        ("+990-05-10", false), ("1990-+5-10", false), ("1990-05-+1", false), ("-990-05-10", false),
        ("1990--05-10", false), ("1990-05-10-", false), ("१९९०-05-10", false),
    ])
    func readsADateOfBirthOnlyWhenItIsARealDate(text: String, valid: Bool) {
        #expect((Account.dateOfBirth(from: text) != nil) == valid)
    }

    /// Noon, as documented: the furthest time from either midnight, so that no time-zone or
    /// daylight-saving shift moves the birthday to another day.
    @Test func aDateOfBirthIsNoonOfThatDay() throws {
        let date = try #require(Account.dateOfBirth(from: "1990-05-10"))
        let parts = Calendar.current.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: date)
        #expect(parts.year == 1990 && parts.month == 5 && parts.day == 10)
        #expect(parts.hour == 12 && parts.minute == 0 && parts.second == 0)
    }

    @Test func keepsItsDetails() {
        let account = Account(
            name: "Ada", email: "ada@example.com", userId: "u1",
            dateOfBirth: Self.date(1815, 12, 10))
        #expect(
            account.name == "Ada" && account.email == "ada@example.com" && account.userId == "u1")
        #expect(abs(account.now.timeIntervalSinceNow) < 60)
    }
}

/// An account whose clock is stopped: the case study's subclass-and-override seam.
final class AccountStub: Account {
    private let fixedNow: Date

    init(name: String, email: String, userId: String, dateOfBirth: Date, fixedNow: Date) {
        self.fixedNow = fixedNow
        super.init(name: name, email: email, userId: userId, dateOfBirth: dateOfBirth)
    }

    override var now: Date { fixedNow }
}
