import AccountsCore
import ArgumentParser

/// `casebook user disable NAME`: the user can no longer sign in, their signed-in sessions end
/// at once, and their API tokens are refused; their role, tokens and everything they saved are
/// kept for `user enable`.
struct UserDisableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable",
        abstract: "Stop a user signing in, ending their sessions; their tokens are refused.")

    @Argument(help: "The user's name.")
    var name: String

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        try await Self.set(disabled: true, name: name, data: data, database: database)
    }

    /// Disables or enables `name`, records it in the audit log and says what it did.
    static func set(
        disabled: Bool, name: String, data: DataDirectoryOption, database: DatabaseOption
    ) async throws {
        let command = disabled ? "user disable" : "user enable"
        try await FailureReport.run(command) {
            let services = try data.existingServices(mustExist: try database.url() == nil)
            let already = try await services.withUsers(database: try database.url()) {
                users, _ in
                try await users.all().first { $0.name == name }.map { $0.disabled == disabled }
            }
            if already == true {
                try StandardStreams.output(
                    "\(name) is \(disabled ? "disabled" : "enabled") already")
                return
            }
            let lastAdminGone = try await services.withUsers(database: try database.url()) {
                users, _ in
                try await LastAdmin.goneAfter(name: name, in: users) {
                    try await users.setDisabled(disabled, name: name)
                }
            }
            await services.audit(
                disabled ? .userDisabled : .userEnabled, subject: name,
                database: try database.url())
            try StandardStreams.output(
                disabled
                    ? "\(name) is disabled: their signed-in sessions have ended, and their API tokens are refused until `casebook user enable \(name)`"
                    : "\(name) is enabled: they can sign in, and their API tokens work again")
            if lastAdminGone { StandardStreams.error("casebook \(command): \(LastAdmin.note)") }
        }
    }
}
