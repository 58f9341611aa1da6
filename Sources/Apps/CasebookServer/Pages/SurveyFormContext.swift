import CasebookWire
import Foundation
import SurveySyncCore

/// A form version as the form's page shows it: what it is and where it came from, then a data
/// dictionary, a row per question in the form's order (groups and repeats as rows heading
/// theirs), each rule said as the form writes it.
enum SurveyFormContext {
    /// The most choices a question's row lists before "and N more".
    static let shownChoices = 12

    static func form(
        _ read: SurveyForms.Read, language: String?, zone: TimeZone, issues: Int?
    ) -> [String: Any] {
        let form = read.form
        let version = read.version
        let questions = form.questions()
        let unchecked = read.check.uncheckedRules()
        return [
            "number": version.number, "title": form.title, "formID": form.id,
            "formVersion": form.version ?? false, "fileName": version.fileName,
            "by": version.uploadedBy ?? "someone not signed in",
            "at": WireDateText.text(of: version.uploadedAt),
            "atShown": RespondentReviewContext.shown(version.uploadedAt, zone: zone),
            "questionCount": EnglishCount.phrase(
                questions.count { !$0.field.isContainer }, "question"),
            "issues": issues.map { count -> [String: Any] in
                count == 0
                    ? ["none": "No respondent checked against it has issues.", "some": false]
                    : [
                        "none": false,
                        "some": EnglishCount.phrase(
                            count, "respondent has", plural: "respondents have") + " issues",
                    ]
            } ?? false,
            "apiPath": "/api/survey-form/versions/\(version.number)",
            "rows": questions.map { row($0.path, $0.field, in: form, language: language) },
            "unchecked": unchecked.isEmpty
                ? false
                : [
                    "list": unchecked.map {
                        ["field": $0.field, "rule": $0.rule, "reason": $0.reason]
                    }
                ],
        ]
    }

    private static func row(
        _ path: [String], _ field: SurveyFormField, in form: SurveyForm, language: String?
    ) -> [String: Any] {
        let label = form.text(field.labels, in: language)
        var type = field.type
        if let list = field.list { type += " " + list }
        return [
            "container": field.isContainer,
            "depth": path.count - 1,
            "label": label ?? false,
            "name": path.joined(separator: "/"),
            "type": type,
            "choices": choices(of: field, in: form, language: language),
            "required": required(field.required),
            "constraint": field.constraint ?? false,
            "constraintMessage": form.text(field.constraintMessages, in: language) ?? false,
            "relevant": field.relevant ?? false,
            "calculation": field.calculation ?? false,
        ]
    }

    /// `code = label` for each of a select's choices, the first `shownChoices` of them.
    private static func choices(
        of field: SurveyFormField, in form: SurveyForm, language: String?
    ) -> Any {
        guard let list = field.list, let choices = form.choices[list], !field.isContainer else {
            return false
        }
        var shown = choices.prefix(shownChoices).map { choice -> String in
            guard let label = form.text(choice.labels, in: language), label != choice.name else {
                return choice.name
            }
            return "\(choice.name) = \(label)"
        }
        if choices.count > shownChoices {
            shown.append("and \(choices.count - shownChoices) more")
        }
        return shown.joined(separator: "; ")
    }

    private static func required(_ expression: String?) -> Any {
        switch expression {
        case nil: false
        case "true()": "required"
        case let other?: "required when " + other
        }
    }
}
