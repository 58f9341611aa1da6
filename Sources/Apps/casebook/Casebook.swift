import ArgumentParser

/// The `casebook` command: one subcommand per Casebook system (started by `CasebookMain`).
struct Casebook: AsyncParsableCommand {
    /// This build's version, as `casebook --version` prints it.
    static let version = "0.3.0"
    static let configuration = CommandConfiguration(
        commandName: "casebook",
        abstract: "Working software for five test-driven-development case studies.",
        version: BuildDescription.text(version: Casebook.version),
        subcommands: [
            FactorCommand.self, MenuCommand.self, DiaryCommand.self, SurveyCommand.self,
            DocumentCommand.self, AttachmentCommand.self, AccountCommand.self, LoginCommand.self,
            PreferenceCommand.self, UserCommand.self, TokenCommand.self, ServeCommand.self,
        ]
    )
}
