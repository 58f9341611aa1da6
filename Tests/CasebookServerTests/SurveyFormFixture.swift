/// A household survey's form as YAML (the same sheets an XLSForm has): labels in two
/// languages, a group, a choice list, a required field, a constraint with its message, a
/// field asked only when another's answer says so, and a rule no checker can work out.
enum SurveyFormFixture {
    static let household = """
        survey:
          - {type: text, name: name, "label::English (en)": Name, "label::Français (fr)": Nom, required: yes}
          - {type: begin_group, name: household, "label::English (en)": Household}
          - {type: integer, name: size, "label::English (en)": People, "label::Français (fr)": Personnes, constraint: ". >= 1 and . <= 30", "constraint_message::English (en)": Between 1 and 30}
          - {type: end_group}
          - {type: select_one village, name: village, "label::English (en)": Village, "label::Français (fr)": Village}
          - {type: integer, name: age, "label::English (en)": Age, constraint: ". >= 0 and . <= 120"}
          - {type: text, name: why_old, "label::English (en)": Why so old, relevant: "${age} > 100"}
          - {type: text, name: odd, "label::English (en)": Odd rule, constraint: "jr:choice-name(., 'x')"}
        choices:
          - {list_name: village, name: kis, "label::English (en)": Kisumu, "label::Français (fr)": Kisoumou}
          - {list_name: village, name: nak, "label::English (en)": Nakuru, "label::Français (fr)": Nakourou}
        settings: {form_id: household, version: "2026-12", form_title: Household survey, default_language: English (en)}
        """
}
