/// One way a respondent breaks its form (`RespondentFormCheck`): the field, by its path in the
/// respondent's file (`household/size`; a repeat's answers by their number, `members/2/age`),
/// the answer as text (nil when there is none), the rule it breaks, and the whole in words.
public struct RespondentFormProblem: Sendable, Equatable, Codable {
    public let field: String
    public let value: String?
    /// `integer`, `decimal`, `date`, `choices of yes_no`, `required`, `constraint . >= 0`…
    public let rule: String
    public let message: String

    public init(field: String, value: String?, rule: String, message: String) {
        self.field = field
        self.value = value
        self.rule = rule
        self.message = message
    }
}
