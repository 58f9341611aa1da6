import SurveySyncCore
import Testing

/// A form's sheets read as pyxform reads an XLSForm: columns and their aliases, the types and
/// their older spellings, groups, repeats, `or_other`, settings, and each refusal naming the
/// sheet, the row and the column.
@Suite("Reading a form (XLSForm)")
struct SurveyFormReaderTests {
    static func sheet(_ name: String, _ rows: [[String]]) -> SurveyFormSheet {
        SurveyFormSheet(
            name: name,
            rows: rows.enumerated().map {
                SurveyFormSheet.Row(number: $0.offset + 1, cells: $0.element)
            })
    }

    static let household = [
        sheet(
            "survey",
            [
                [
                    "type", "name", "label::English (en)", "label::Français (fr)", "required",
                    "constraint", "constraint_message", "relevant",
                ],
                ["text", "name", "Name", "Nom", "yes", "", "", ""],
                [
                    "integer", "age", "Age", "Âge", "yes", ". >= 0 and . <= 120", "Age is 0 to 120",
                    "",
                ],
                ["select_one yes_no", "consent", "Consent?", "", "yes", "", "", ""],
                ["begin group", "household", "Household", "", "", "", "", "${consent} = 'yes'"],
                ["select all that apply from crops", "crops", "Crops", "", "", "", "", ""],
                ["begin_repeat", "members", "Members", "", "", "", "", ""],
                ["int", "member_age", "Age", "", "true()", "", "", ""],
                ["end repeat", "", "", "", "", "", "", ""],
                ["end group", "", "", "", "", "", "", ""],
                ["geopoint", "gps", "Where", "", "no", "", "", ""],
                ["select_one yes_no or_other", "water", "Water?", "", "", "", "", ""],
            ]),
        sheet(
            "choices",
            [
                ["list name", "name", "label"], ["yes_no", "yes", "Yes"], ["yes_no", "no", "No"],
                ["crops", "maize", "Maize"], ["crops", "beans", "Beans"],
            ]),
        sheet(
            "SETTINGS",
            [
                ["form_title", "form_id", "version"],
                ["Household survey", "household", "2026120301"],
            ]),
    ]

    @Test func readsFieldsGroupsRepeatsAndSettings() throws {
        let form = try SurveyFormReader.form(sheets: Self.household, fileName: "household")
        #expect(form.id == "household")
        #expect(form.title == "Household survey")
        #expect(form.version == "2026120301")
        let questions = form.questions().map { ($0.path.joined(separator: "/"), $0.field.type) }
        #expect(
            questions.map(\.0) == [
                "name", "age", "consent", "household", "household/crops", "household/members",
                "household/members/member_age", "gps", "water", "water_other",
            ])
        #expect(
            questions.map(\.1) == [
                "text", "integer", "select_one", "group", "select_multiple", "repeat", "integer",
                "geopoint", "select_one", "text",
            ])
        let age = form.fields[1]
        #expect(age.labels == ["English (en)": "Age", "Français (fr)": "Âge"])
        #expect(age.required == "true()")
        #expect(age.constraint == ". >= 0 and . <= 120")
        #expect(age.constraintMessages == ["default": "Age is 0 to 120"])
        #expect(form.fields[3].relevant == "${consent} = 'yes'")
        #expect(form.fields[4].required == nil)
        // `or_other` adds its choice to the list, and the field for the other answer.
        #expect(form.choices["yes_no"]?.map(\.name) == ["yes", "no", "other"])
        #expect(form.fields[6].relevant == "selected(${water}, 'other')")
    }

    @Test(arguments: [
        (
            [["type", "name"], ["integr", "age"]],
            "survey sheet, row 2, column type (A2): integr is not a type XLSForm knows"
        ),
        (
            [["type", "name"], ["select_one colours", "colour"]],
            "survey sheet, row 2, column type (A2): the list colours is not in the choices sheet"
        ),
        (
            [["type", "name"], ["begin group", "g"], ["text", "t"]],
            "survey sheet, row 2: the group g is begun and never ended (end group)"
        ),
        (
            [["type", "name"], ["end group", ""]],
            "survey sheet, row 2, column type (A2): end group with no begin group before it"
        ),
        (
            [["type", "name"], ["begin group", "g"], ["end repeat", ""]],
            "survey sheet, row 3, column type (A3): end repeat where the group g (row 2) is to end"
        ),
        (
            [["type", "name"], ["text", "a"], ["integer", "A"]],
            "survey sheet, row 3, column name (B3): the name A is taken already (row 2) in the same group"
        ),
        (
            [["type", "name"], ["text", "2nd"]],
            "survey sheet, row 2, column name (B2): 2nd is not a name a form can use: a letter or _ first, then letters, digits, _, - or ."
        ),
        (
            [["type", "name"], ["text", ""]],
            "survey sheet, row 2, column name (B2): the text field has no name"
        ),
        (
            [["type", "name", "label", "label"], ["text", "a", "A", "B"]],
            "survey sheet, row 1, column label (D1): the column label is there twice"
        ),
        (
            [["type", "name", "relevant"], ["text", "a", "${b} = 1"]],
            "survey sheet, row 2: the relevant of a names ${b}, and no field is named b"
        ),
        ([["name"], ["a"]], "survey sheet: it has no type column"),
    ])
    func refusesWhatPyxformRefusesNamingWhere(rows: [[String]], message: String) {
        #expect {
            try SurveyFormReader.form(
                sheets: [
                    Self.sheet("survey", rows),
                    Self.sheet("choices", [["list_name", "name"], ["yes_no", "yes"]]),
                ],
                fileName: "f")
        } throws: { "\($0)" == message }
    }

    @Test func aChoiceListWithAChoiceTwiceIsRefusedUnlessTheSettingsAllowIt() throws {
        let survey = Self.sheet("survey", [["type", "name"], ["select_one l", "q"]])
        let choices = Self.sheet("choices", [["list_name", "name"], ["l", "a"], ["l", "a"]])
        #expect {
            try SurveyFormReader.form(sheets: [survey, choices], fileName: "f")
        } throws: {
            "\($0)".hasPrefix(
                "choices sheet, row 3, column name (B3): the list l has the choice a twice")
        }
        let settings = Self.sheet("settings", [["allow_choice_duplicates"], ["yes"]])
        let form = try SurveyFormReader.form(sheets: [survey, choices, settings], fileName: "f")
        #expect(form.choices["l"]?.count == 2)
    }

    @Test func theSameFormReadsFromYAML() throws {
        let yaml = """
            survey:
              - {type: integer, name: age, label: Age, constraint: ". >= 0 and . <= 120"}
              - {type: select_one yes_no, name: consent, required: yes}
            choices:
              - {list_name: yes_no, name: "yes", label: "Yes"}
              - {list_name: yes_no, name: "no", label: "No"}
            settings: {form_id: mini, version: 3}
            """
        let form = try SurveyFormReader.form(yaml: yaml, fileName: "mini-form")
        #expect(form.id == "mini")
        #expect(form.version == "3")
        #expect(form.title == "mini-form")
        #expect(form.fields.map(\.name) == ["age", "consent"])
        #expect(form.fields[1].required == "true()")
        #expect(form.choices["yes_no"]?.map(\.name) == ["yes", "no"])
    }
}
