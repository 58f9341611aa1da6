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
