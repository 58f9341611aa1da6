import ArgumentParser

/// `casebook survey`: the survey app's respondents.
struct SurveyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "survey",
        abstract: "Work with survey respondents' files.",
        subcommands: [
            SurveySyncCommand.self, SurveyVerifyCommand.self, SurveyExportCommand.self,
            SurveyFormCommand.self, SurveyCheckCommand.self,
        ]
    )
}
