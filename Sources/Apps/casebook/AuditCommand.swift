import AccountsCore
import ArgumentParser
import Foundation

/// `casebook audit`: the audit log the server keeps with its users — sign-ins and refusals,
/// sign-outs, users added, changed and removed, passwords and tokens — newest first, as a table
/// or, with `--json`, as JSON Lines (one object a line) for a log shipper.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract:
            "Show the audit log: sign-ins, users, passwords, second factors, tokens and work, newest first."
    )

    @Option(help: "How many entries, at most (1 to 100,000).")
    var limit = 100

    @Option(help: "Only entries older than this number (as the first column shows).")
    var before: Int64?

    @Option(
        help: "Only entries of this action (as the ACTION column shows it: sign-in, menu-saved…).")
    var action: String?

    @Option(help: "Only entries about this person: who did it, or whom it was done to.")
    var user: String?

    @Flag(
        help:
            "Print JSON Lines: one {\"number\", \"at\", \"action\", \"actor\", \"subject\", \"address\", \"detail\"} a line."
    )
    var json = false

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard (1...100_000).contains(limit) else {
            throw ValidationError("--limit is 1 to 100,000, not \(limit)")
        }
        if let action, AuditEvent.Action(rawValue: action) == nil {
            throw ValidationError(
                "--action is one of "
                    + AuditEvent.Action.allCases.map(\.rawValue).joined(separator: ", ")
                    + ", not '\(action)'")
        }
    }

    func run() async throws {
        try await FailureReport.run("audit") {
            let (limit, before) = (limit, before)
            let filter = AuditFilter(action: action.flatMap(AuditEvent.Action.init), person: user)
            let entries = try await data.existingServices(mustExist: try database.url() == nil)
                .withAudit(database: try database.url()) { log in
                    try await log.entries(limit: limit, before: before, matching: filter)
                }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                encoder.dateEncodingStrategy = .iso8601
                for entry in entries {
                    let line = Line(entry)
                    try StandardStreams.output(
                        String(decoding: try encoder.encode(line), as: UTF8.self))
                }
                return
            }
            var table = TextTable(header: [
                "#", "AT", "ACTION", "ACTOR", "SUBJECT", "ADDRESS", "DETAIL",
            ])
            for entry in entries {
                let event = entry.event
                table.rows.append([
                    String(entry.number), event.at.formatted(.iso8601), event.action.rawValue,
                    VisibleText.line(event.actor ?? ""), VisibleText.line(event.subject ?? ""),
                    VisibleText.line(event.address ?? ""), VisibleText.line(event.detail ?? ""),
                ])
            }
            for line in table.lines { try StandardStreams.output(line) }
        }
    }

    /// One entry as a JSON Lines line.
    struct Line: Encodable {
        let number: Int64
        let at: Date
        let action: String
        let actor: String?
        let subject: String?
        let address: String?
        let detail: String?

        init(_ entry: AuditEntry) {
            number = entry.number
            at = entry.event.at
            action = entry.event.action.rawValue
            actor = entry.event.actor
            subject = entry.event.subject
            address = entry.event.address
            detail = entry.event.detail
        }
    }
}
