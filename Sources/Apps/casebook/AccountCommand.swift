import AccountsCore
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
            guard let dateOfBirth = Account.dateOfBirth(from: born) else {
                throw FailureReport.Message(
                    "--born must be a date such as 1990-05-10, not '\(born)'")
            }
            let account = Account(name: "", email: "", userId: "", dateOfBirth: dateOfBirth)
            do {
                try StandardStreams.output(String(try account.age()))
            } catch AccountError.cannotCalculateAge where dateOfBirth > account.now {
                throw FailureReport.Message("--born \(born) is after today: there is no age yet")
            }
        }
    }
}
