import Accounts
import ArgumentParser
import Foundation

/// `casebook account age --born YYYY-MM-DD`.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Account details.", subcommands: [AccountAgeCommand.self])
}

struct AccountAgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "age", abstract: "Print the age, in whole years, of someone born on a date.")

    @Option(help: "The date of birth, such as 1990-05-10.")
    var born: String

    func run() throws {
        try FailureReport.run("account") {
            guard let dateOfBirth = Self.date(from: born) else {
                throw FailureReport.Message(
                    "--born must be a date such as 1990-05-10, not '\(born)'")
            }
            let account = Account(name: "", email: "", userId: "", dateOfBirth: dateOfBirth)
            StandardStreams.output(String(try account.age()))
        }
    }

    /// Noon of that day in the current calendar, for a real `YYYY-MM-DD` date only.
    static func date(from text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        let calendar = Calendar.current
        let components = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let date = calendar.date(from: components) else { return nil }
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        return check.year == year && check.month == month && check.day == day ? date : nil
    }
}
