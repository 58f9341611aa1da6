import ArgumentParser
import Foundation
import SurveySyncCore
import SurveySyncFiles

/// `casebook survey check --form FILE`: checks every respondent file of the folder against
/// the form, as the server checks each one that arrives.
struct SurveyCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the respondents folder's files against the survey's form.",
        discussion: """
            Reads each respondent file of the folder and checks its answers against the form \
            (an XLSForm .xlsx, or YAML): each answer of its field's type, one of its list's \
            choices, each required field answered where it is relevant, each constraint met. \
            Prints one line per problem (the file, the field, the answer, the rule), then how \
            many respondents have issues; exits 1 when any has.
            """
    )

    @Option(help: "The form: an .xlsx spreadsheet, or a .yaml file of the same sheets.")
    var form: String

    @Option(help: "The respondents folder (default: ~/Documents/Respondents, ~ being $HOME).")
    var from: String?

    func run() async throws {
        try await FailureReport.run("survey check") {
            let check = RespondentFormCheck(form: try SurveyFormFile.form(atPath: form))
            var options = try SurveyFolderOptions.parse([])
            options.from = from
            let folder = try options.folder()
            var checked = 0
            var withIssues = 0
            var unreadable = 0
            for name in try folder.respondentFileNames() {
                let respondent: Respondent
                do {
                    respondent = try RespondentParser.respondent(
                        fromYAML: try folder.contents(of: name), fileName: name)
                } catch {
                    StandardStreams.error("casebook survey check: \(error)")
                    unreadable += 1
                    continue
                }
                checked += 1
                let problems = check.problems(in: respondent.fields)
                if !problems.isEmpty { withIssues += 1 }
                for problem in problems {
                    try StandardStreams.output(VisibleText.escaping("\(name): \(problem.message)"))
                }
            }
            try StandardStreams.output(
                "checked \(checked) respondents against \(check.form.title): "
                    + (withIssues == 0 ? "none has issues" : "\(withIssues) have issues")
                    + (unreadable > 0 ? "; \(unreadable) files cannot be read" : ""))
            if withIssues > 0 || unreadable > 0 { throw ExitCode.failure }
        }
    }
}
