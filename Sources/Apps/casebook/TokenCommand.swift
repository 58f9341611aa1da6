import AccountsCore
import ArgumentParser
import CasebookWire
import Foundation

/// `casebook token create|list|revoke`: API tokens, which programs send as
/// `Authorization: Bearer …` (`casebook survey sync --token`). A token's secret is printed once,
/// when it is made; only its SHA-256 is kept.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Make, list and revoke API tokens.",
        subcommands: [TokenCreateCommand.self, TokenListCommand.self, TokenRevokeCommand.self])
}

struct TokenCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Make a token for a user and print it (once: it is not kept).")

    @Option(help: "The user the token acts as.")
    var user: String

    @Option(help: "A label to tell the token apart, such as the machine it is for.")
    var name: String?

    @Option(help: "Days until the token expires (default: never).")
    var expires: Int?

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if let expires, !(1...3650).contains(expires) {
            throw ValidationError("--expires must be from 1 to 3650 days, not \(expires)")
        }
        if let name, name.utf8.count > 200 || name.contains(where: \.isNewline) {
            throw ValidationError("--name must be one line of at most 200 bytes")
        }
    }

    func run() async throws {
        try await FailureReport.run("token create") {
            let (user, name, expires) = (user, name, expires)
            let services = try data.services()
            let (token, secret) = try await services.withUsers(database: try database.url()) {
                _, tokens in
                try await tokens.create(user: user, label: name, expiresInDays: expires)
            }
            await services.audit(
                .tokenMade, subject: token.id,
                detail: [user, name].compactMap { $0 }.joined(separator: ": "),
                database: try database.url())
            try StandardStreams.output(secret)
            StandardStreams.error(
                "token \(token.id) for \(user): shown once, keep it safe (revoke with: casebook token revoke \(token.id))"
            )
        }
    }
}

struct TokenListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List tokens (never their secrets).")

    @Option(help: "Only this user's tokens.")
    var user: String?

    @Flag(
        help:
            "Print JSON: [{\"id\", \"user\", \"label\", \"createdAt\", \"expiresAt\", \"state\"}]."
    )
    var json = false

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        try await FailureReport.run("token list") {
            let user = user
            let all = try await data.existingServices(mustExist: try database.url() == nil)
                .withUsers(
                    database: try database.url()
                ) {
                    _, tokens in try await tokens.list(user: user)
                }
            let now = Date()
            let wires = all.map { APITokenWire($0, at: now) }
            if json {
                try StandardStreams.outputJSON(wires)
                return
            }
            var table = TextTable(header: ["ID", "USER", "STATE", "EXPIRES", "LABEL"])
            for (token, wire) in zip(all, wires) {
                table.rows.append([
                    token.id, token.user, wire.state,
                    token.expiresAt.map { $0.formatted(.iso8601) } ?? "never",
                    VisibleText.line(token.label ?? ""),
                ])
            }
            for line in table.lines { try StandardStreams.output(line) }
        }
    }
}

struct TokenRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke a token for good.")

    @Argument(help: "The token's id, as token list shows it.")
    var id: String

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        try await FailureReport.run("token revoke") {
            let id = id
            let services = try data.existingServices(mustExist: try database.url() == nil)
            try await services.withUsers(database: try database.url()) { _, tokens in
                try await tokens.revoke(id: id)
            }
            await services.audit(.tokenRevoked, subject: id, database: try database.url())
            try StandardStreams.output("revoked \(id)")
        }
    }
}
