import AccountsCore
import ArgumentParser

/// `casebook user role NAME ROLE`: what a user may do, changed; their signed-in sessions end at
/// once (they sign in again as what they now are), and their API tokens act with the new role.
struct UserRoleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "role", abstract: "Change what a user may do, ending their signed-in sessions."
    )

    @Argument(help: "The user's name.")
    var name: String

    @Argument(help: "The new role: admin, surveyor, diarist or manager.")
    var role: UserRole

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        try await FailureReport.run("user role") {
            let (name, role) = (name, role)
            let services = try data.existingServices(mustExist: try database.url() == nil)
            let lastAdminGone = try await services.withUsers(database: try database.url()) {
                users, _ in
                try await LastAdmin.goneAfter(name: name, in: users) {
                    try await users.changeRole(of: name, to: role)
                }
            }
            await services.audit(
                .roleChanged, subject: name, detail: "→ \(role.rawValue)",
                database: try database.url())
            let named = (role == .admin ? "an " : "a ") + role.rawValue
            try StandardStreams.output(
                "\(name) is now \(named): their signed-in sessions have ended; "
                    + "their API tokens act as \(named)")
            if lastAdminGone { StandardStreams.error("casebook user role: \(LastAdmin.note)") }
        }
    }
}
