import SurveySyncCore

/// A respondent's check against the form as `GET /api/respondents/{id}/check` gives it: the
/// form version it was read against, when, whether it has issues and each problem, and
/// whether it is of the respondent as it is now (`current` false: a later version arrived
/// before it could be checked).
public struct RespondentCheckWire: Codable, Equatable, Sendable {
    public let id: String
    public let formVersion: Int
    public let checkedAt: String
    public let current: Bool
    public let hasIssues: Bool
    public let problems: [RespondentFormProblem]

    public init(_ record: RespondentCheckRecord, current: Bool) {
        id = record.id
        formVersion = record.formVersion
        checkedAt = WireDateText.text(of: record.checkedAt)
        self.current = current
        hasIssues = record.hasIssues
        problems = record.problems
    }
}
