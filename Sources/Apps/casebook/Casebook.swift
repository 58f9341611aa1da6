import ArgumentParser

/// The `casebook` command: one subcommand per Casebook system (started by `CasebookMain`).
struct Casebook: AsyncParsableCommand {
    /// This build's version, as `casebook --version` prints it.
    static let version = "0.7.0"
    /// What `--version` prints: the whole `BuildDescription` when it is asked for, and only
    /// then, since finding the commit reads files that no other command needs (a tenth of a
    /// `diary list`'s time).
    static var versionText: String {
        CommandLine.arguments.dropFirst().contains("--version")
            ? BuildDescription.text(version: version) : "casebook \(version)"
    }

    static let configuration = CommandConfiguration(
        commandName: "casebook",
        abstract: "Working software for five test-driven-development case studies.",
        version: Casebook.versionText,
        subcommands: [
            FactorCommand.self, MenuCommand.self, DiaryCommand.self, SurveyCommand.self,
            DocumentCommand.self, AttachmentCommand.self, AccountCommand.self, LoginCommand.self,
            PreferenceCommand.self, UserCommand.self, TokenCommand.self, AuditCommand.self,
            ServeCommand.self,
        ]
    )
}
