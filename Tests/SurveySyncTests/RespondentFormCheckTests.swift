import CasebookJSON
import Foundation
import SurveySyncCore
import Testing

/// A respondent's answers checked against its form: each problem named by its field, its
/// answer and the rule it breaks; nothing said of fields the form does not have.
@Suite("Checking a respondent against its form")
struct RespondentFormCheckTests {
    let check: RespondentFormCheck

    init() throws {
        check = RespondentFormCheck(
            form: try SurveyFormReader.form(
                sheets: SurveyFormReaderTests.household, fileName: "household"))
    }

    static let today = Date(timeIntervalSince1970: 1_796_256_000)  // 2026-12-03

    func problems(_ fields: [String: JSONValue]) -> [RespondentFormProblem] {
        check.problems(in: fields, today: Self.today)
    }

    @Test func aRespondentThatKeepsEveryRuleHasNoProblem() {
        let fields: [String: JSONValue] = [
            "id": "r1", "name": "Zoë", "age": 42, "consent": "yes",
            "household": [
                "crops": ["maize", "beans"], "members": [["member_age": 12], ["member_age": "40"]],
            ],
            "gps": "-1.2921 36.8219 1795 5", "phone": "0761780050",
        ]
        #expect(problems(fields) == [])
    }

    @Test func eachProblemNamesTheFieldTheAnswerAndTheRule() {
        let fields: [String: JSONValue] = [
            "age": "forty", "consent": "yes",
            "household": ["crops": "maize rice", "members": [["member_age": 3], [:]]],
            "gps": "91 10", "water": "sometimes",
        ]
        #expect(
            problems(fields).map { [$0.field, $0.value ?? "nil", $0.rule] } == [
                ["name", "nil", "required"],
                ["age", "forty", "integer"],
                ["household/crops", "maize rice", "choices of crops"],
                ["household/members/2/member_age", "nil", "required"],
                ["gps", "91 10", "geopoint"],
                ["water", "sometimes", "choices of yes_no"],
            ])
        #expect(problems(fields)[0].message == "name is required and has no answer")
        #expect(problems(fields)[1].message == "age: 'forty' is not a whole number")
        #expect(
            problems(fields)[2].message
                == "household/crops: 'maize rice' has rice, which is not one of the choices of crops (maize, beans)"
        )
        #expect(
            problems(fields)[5].message
                == "water: 'sometimes' is not one of the choices of yes_no (yes, no, other)")
    }

    @Test func aFailedConstraintSaysTheRuleAndTheFormsMessage() {
        let found = problems(["name": "A", "age": 150, "consent": "no"])
        #expect(found.count == 1)
        #expect(found.first?.rule == "constraint . >= 0 and . <= 120")
        #expect(
            found.first?.message
                == "age: '150' breaks the rule . >= 0 and . <= 120: Age is 0 to 120")
    }

    @Test func aFieldThatIsNotRelevantNeedsNoAnswer() {
        // The household group is asked only with consent: its required member ages are not due.
        let found = problems([
            "name": "A", "age": 30, "consent": "no", "household": ["members": [[:]]],
        ])
        #expect(found == [])
    }

    @Test func rulesThatCannotBeCheckedAreNamed() throws {
        let form = try SurveyFormReader.form(
            sheets: [
                SurveyFormReaderTests.sheet(
                    "survey",
                    [
                        ["type", "name", "constraint"],
                        ["integer", "n", "pulldata('p', 'a', 'b', .) > 0"],
                    ])
            ], fileName: "f")
        let check = RespondentFormCheck(form: form)
        #expect(check.uncheckedRules().map(\.field) == ["n"])
        #expect(check.problems(in: ["n": 5]) == [])
    }
}
