/// One row of a form's survey sheet as a respondent's answers are checked against it: a
/// question (its name, type, labels, rules), or a group, repeat or loop with the fields inside.
public struct SurveyFormField: Sendable, Equatable, Codable {
    /// The name its answer has in a respondent's file.
    public var name: String
    /// Its type as XLSForm names it, aliases made one (`int` is `integer`, `select one from`
    /// is `select_one`): `text`, `integer`, `decimal`, `date`, `select_one`, `geopoint`,
    /// `image`, `group`, `repeat`, `loop`…
    public var type: String
    /// The choice list of a `select_one`, `select_multiple`, `rank` or `loop`.
    public var list: String?
    /// The file a `select_one_from_file` or `select_multiple_from_file` takes its choices from.
    public var file: String?
    /// Its labels by language (`default` when the column names none).
    public var labels: [String: String] = [:]
    public var hints: [String: String] = [:]
    /// When an answer is required: an expression (`true()` for `yes`), or nil for never.
    public var required: String?
    public var requiredMessages: [String: String] = [:]
    /// The rule a given answer must meet (`. >= 0 and . <= 120`), or nil.
    public var constraint: String?
    public var constraintMessages: [String: String] = [:]
    /// When it is asked at all, or nil for always.
    public var relevant: String?
    public var calculation: String?
    public var appearance: String?
    public var choiceFilter: String?
    public var repeatCount: String?
    /// Its row in the survey sheet.
    public var row: Int
    /// The fields of a group, repeat or loop.
    public var children: [SurveyFormField] = []

    public init(name: String, type: String, row: Int) {
        self.name = name
        self.type = type
        self.row = row
    }

    /// Whether it holds other fields rather than an answer.
    public var isContainer: Bool { type == "group" || type == "repeat" || type == "loop" }
}
