import ArgumentParser
import CasebookJSON
import Foundation
import SurveySyncCore
import SurveySyncFiles

/// `casebook survey form FILE`: reads a form definition (XLSForm) and says what it defines.
struct SurveyFormCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Read a survey's form (XLSForm .xlsx, or YAML) and list its fields.",
        discussion: """
            Reads the form as pyxform reads an XLSForm (its survey, choices and settings \
            sheets) and lists each field with its type, choice list and rules; a form that \
            cannot be read is refused, naming the sheet, row and column. Rules this Casebook \
            cannot check (a path, a function it does not know) are named on standard error.
            """
    )

    @Argument(help: "The form: an .xlsx spreadsheet, or a .yaml file of the same sheets.")
    var file: String

    @Flag(help: "Print the form as JSON.")
    var json = false

    func run() async throws {
        try await FailureReport.run("survey form") {
            let form = try SurveyFormFile.form(atPath: file)
            for unchecked in RespondentFormCheck(form: form).uncheckedRules() {
                StandardStreams.error(
                    "casebook survey form: \(unchecked.field): its \(unchecked.rule) is not checked: \(unchecked.reason)"
                )
            }
            if json {
                try StandardStreams.outputJSON(form)
                return
            }
            let questions = form.questions()
            try StandardStreams.output(
                "\(form.title) (form \(form.id)\(form.version.map { ", version \($0)" } ?? "")): "
                    + "\(Self.count(questions.count { !$0.field.isContainer }, "question")), "
                    + "\(Self.count(questions.count { $0.field.isContainer }, "group")), "
                    + "\(Self.count(form.choices.count, "choice list"))")
            for (path, field) in questions {
                var line = path.joined(separator: "/") + "  " + field.type
                if let list = field.list { line += " " + list }
                if field.required != nil {
                    line +=
                        "  required" + (field.required == "true()" ? "" : " if \(field.required!)")
                }
                if let relevant = field.relevant { line += "  relevant if \(relevant)" }
                if let constraint = field.constraint { line += "  constraint \(constraint)" }
                try StandardStreams.output(VisibleText.escaping(line))
            }
        }
    }

    /// `1 question`, `2 questions`.
    private static func count(_ number: Int, _ thing: String) -> String {
        "\(number) \(thing)\(number == 1 ? "" : "s")"
    }
}
