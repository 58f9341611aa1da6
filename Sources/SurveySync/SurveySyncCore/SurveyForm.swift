/// A survey's form, as an XLSForm defines it (`SurveyFormReader`): its questions in order,
/// groups and repeats holding theirs, its choice lists, its id, title and version. Each
/// respondent is checked against one (`RespondentFormCheck`).
public struct SurveyForm: Sendable, Equatable, Codable {
    public struct Choice: Sendable, Equatable, Codable {
        public var name: String
        public var labels: [String: String]

        public init(name: String, labels: [String: String]) {
            self.name = name
            self.labels = labels
        }
    }

    /// `form_id` of its settings (else the file's name).
    public var id: String
    public var title: String
    /// `version` of its settings, as written; nil when it has none.
    public var version: String?
    public var defaultLanguage: String?
    public var fields: [SurveyFormField]
    /// Each choice list's choices, in the order of the sheet.
    public var choices: [String: [Choice]]

    public init(
        id: String, title: String, version: String?, defaultLanguage: String?,
        fields: [SurveyFormField], choices: [String: [Choice]]
    ) {
        self.id = id
        self.title = title
        self.version = version
        self.defaultLanguage = defaultLanguage
        self.fields = fields
        self.choices = choices
    }

    /// Every language its labels, hints and messages are in, the one with none named
    /// (`default`) first, then by name.
    public var languages: [String] {
        var all = Set<String>()
        for (_, field) in questions() {
            all.formUnion(field.labels.keys)
            all.formUnion(field.hints.keys)
        }
        for list in choices.values { for choice in list { all.formUnion(choice.labels.keys) } }
        return all.sorted { ($0 == "default" ? 0 : 1, $0) < ($1 == "default" ? 0 : 1, $1) }
    }

    /// The language a reader who asked for `wanted` reads: that one when the form has it,
    /// else the form's default language, else the one with none named, else the first.
    public func language(for wanted: String?) -> String? {
        let languages = languages
        for candidate in [wanted, defaultLanguage, "default"] {
            if let candidate, languages.contains(candidate) { return candidate }
        }
        return languages.first
    }

    /// `texts` (a field's labels, say) in `language`, else in any the form has, in the order of
    /// `languages`; nil when there is none.
    public func text(_ texts: [String: String], in language: String?) -> String? {
        if let language, let text = texts[language] { return text }
        return languages.lazy.compactMap { texts[$0] }.first ?? texts.values.sorted().first
    }

    /// Every question, groups looked into, with its path in a respondent's file.
    public func questions() -> [(path: [String], field: SurveyFormField)] {
        var all: [(path: [String], field: SurveyFormField)] = []
        func walk(_ fields: [SurveyFormField], _ prefix: [String]) {
            for field in fields {
                all.append((prefix + [field.name], field))
                walk(field.children, prefix + [field.name])
            }
        }
        walk(fields, [])
        return all
    }
}
