import ArgumentParser

/// `casebook user enable NAME`: a disabled user signs in again, with their role and tokens.
struct UserEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Let a disabled user sign in again, with their tokens.")

    @Argument(help: "The user's name.")
    var name: String

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        try await UserDisableCommand.set(
            disabled: false, name: name, data: data, database: database)
    }
}
