import AccountsCore
import AccountsFiles
import ArgumentParser
import CasebookFileSystem
import Foundation

/// `casebook login`: the username remembered after a successful login.
struct LoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Remember and recall the last username that logged in.",
        discussion: "Kept in <data directory>/login.plist.",
        subcommands: [LoginRememberCommand.self, LoginPreviousCommand.self]
    )

    static func storage(_ data: DataDirectoryOption) throws -> KeyValueFile {
        try data.services().login()
    }
}

struct LoginRememberCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remember", abstract: "Remember USER as the last one who logged in.")

    @Argument(help: "The username.")
    var user: String

    @OptionGroup var data: DataDirectoryOption

    /// A username is one line of text, shown as it is (`TextBytes.oneLineProblem`).
    func validate() throws {
        if let problem = TextBytes.oneLineProblem(in: user) {
            throw ValidationError("the username must be one line of text: " + problem)
        }
    }

    func run() throws {
        try FailureReport.run("login") {
            let storage = try LoginCommand.storage(data)
            try LoginHandler(storage: storage).rememberUsername(afterLoggingInAs: user)
            if let error = storage.lastWriteError { throw error }
        }
    }
}

struct LoginPreviousCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "previous", abstract: "Print the last username that logged in.")

    @OptionGroup var data: DataDirectoryOption

    func run() throws {
        try FailureReport.run("login") {
            guard
                let username = LoginHandler(storage: try LoginCommand.storage(data))
                    .previousUsername
            else {
                throw FailureReport.Message("no username is remembered yet")
            }
            // Another program may have remembered it: its control characters are escaped.
            try StandardStreams.output(VisibleText.escaping(username))
        }
    }
}
