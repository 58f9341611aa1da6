import AccountsCore
import ArgumentParser
import CasebookWire
import Foundation

/// `casebook user add|list|passwd|rm`: the server's users, in the data directory or in the
/// PostgreSQL database the server runs on. Passwords are read from the terminal without echo,
/// or from standard input — never from the command line.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Add, list, change and remove the server's users.",
        discussion: """
            Users live where the server's stores do: in the data directory (--data), or in the \
            PostgreSQL database given by --database. A password is read from the terminal \
            without echo, or from the first line of standard input; it is kept only as a bcrypt \
            hash.
            """,
        subcommands: [
            UserAddCommand.self, UserListCommand.self, UserPasswdCommand.self,
            UserRoleCommand.self, UserDisableCommand.self, UserEnableCommand.self,
            UserRmCommand.self,
        ])

    /// A new password: asked twice on a terminal, read once from standard input.
    static func newPassword() throws -> String {
        let password = try PasswordInput.read()
        if PasswordInput.isTerminal {
            guard try PasswordInput.read(prompt: "Again: ") == password else {
                throw FailureReport.Message("the two passwords differ")
            }
        }
        return password
    }
}

struct UserAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a user (password from the terminal or standard input).")

    @Argument(help: "The user's name: 1 to 64 of a-z, 0-9, '.', '_' and '-'.")
    var name: String

    @Option(help: "What the user may do: admin, surveyor, diarist or manager.")
    var role: UserRole = .diarist

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard User.isValidName(name) else {
            throw ValidationError(VisibleText.escaping("\(UserError.invalidName(name))"))
        }
    }

    func run() async throws {
        try await FailureReport.run("user add") {
            let password = try UserCommand.newPassword()
            let (name, role) = (name, role)
            let services = try data.services()
            _ = try await services.withUsers(database: try database.url()) { users, _ in
                try await users.add(name: name, role: role, password: password)
            }
            await services.audit(
                .userAdded, subject: name, detail: role.rawValue, database: try database.url())
            try StandardStreams.output("added \(name) (\(role.rawValue))")
        }
    }
}

struct UserListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the users: name, role, when added, if disabled.")

    @Flag(help: "Print JSON: [{\"name\", \"role\", \"createdAt\", \"disabled\"?}].")
    var json = false

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        try await FailureReport.run("user list") {
            let all = try await data.existingServices(mustExist: try database.url() == nil)
                .withUsers(
                    database: try database.url()
                ) {
                    users, _ in try await users.all()
                }
            if json {
                try StandardStreams.outputJSON(all.map(UserWire.init))
                return
            }
            var table = TextTable(header: ["NAME", "ROLE", "ADDED"])
            for user in all {
                table.rows.append(
                    [
                        user.name, user.role.rawValue + (user.disabled ? " (disabled)" : ""),
                        user.createdAt.formatted(.iso8601),
                    ])
            }
            for line in table.lines { try StandardStreams.output(line) }
        }
    }
}

struct UserPasswdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Change a user's password, ending their signed-in sessions.",
        discussion: """
            Every session the user signed in with the old password ends at once, on every \
            server that shares the users. Their API tokens keep working unless \
            --revoke-tokens is given.
            """)

    @Argument(help: "The user's name.")
    var name: String

    @Flag(help: "Revoke every API token of the user as well.")
    var revokeTokens = false

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        try await FailureReport.run("user passwd") {
            let password = try UserCommand.newPassword()
            let (name, revokeTokens) = (name, revokeTokens)
            let services = try data.existingServices(mustExist: try database.url() == nil)
            let tokens =
                try await services
                .withUsers(
                    database: try database.url()
                ) {
                    users, tokens in
                    try await users.changePassword(of: name, to: password)
                    let live = try await tokens.list(user: name).filter {
                        !$0.revoked && ($0.expiresAt.map { $0 > Date() } ?? true)
                    }
                    if revokeTokens {
                        for token in live { try await tokens.revoke(id: token.id) }
                    }
                    return live.count
                }
            await services.audit(.passwordChanged, subject: name, database: try database.url())
            let counted = tokens == 1 ? "their 1 API token" : "their \(tokens) API tokens"
            let fate =
                tokens == 0
                ? "they have no API token"
                : revokeTokens
                    ? "\(counted) \(tokens == 1 ? "was" : "were") revoked"
                    : "\(counted) still \(tokens == 1 ? "works" : "work")"
                        + " (end \(tokens == 1 ? "it" : "them") with --revoke-tokens, or casebook token revoke)"
            try StandardStreams.output(
                "changed the password of \(name): their signed-in sessions have ended; \(fate)")
        }
    }
}

struct UserRmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a user and every token of theirs.",
        discussion: """
            What the user saved (their diary, preferences and the respondents they sent) is \
            kept: a user added later under the same name has it.
            """)

    @Argument(help: "The user's name.")
    var name: String

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        try await FailureReport.run("user rm") {
            let name = name
            let services = try data.existingServices(mustExist: try database.url() == nil)
            let lastAdminGone = try await services.withUsers(database: try database.url()) {
                users, _ in
                try await LastAdmin.goneAfter(name: name, in: users) {
                    try await users.remove(named: name)
                }
            }
            await services.audit(.userRemoved, subject: name, database: try database.url())
            try StandardStreams.output("removed \(name)")
            if lastAdminGone { StandardStreams.error("casebook user rm: \(LastAdmin.note)") }
            // Nothing a user saved is dropped with their account; whoever is added under the
            // name next has it, which whoever removes them should know.
            StandardStreams.error(
                "casebook user rm: what \(name) saved stays (their diary, preferences and the "
                    + "respondents they sent): a user added as \(name) will have it")
        }
    }
}

extension UserRole: ExpressibleByArgument {}
