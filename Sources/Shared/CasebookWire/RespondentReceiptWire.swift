import SurveySyncCore

/// What `POST /api/respondents` answers: what the upsert did, and, when the server has a form,
/// each respondent sent that breaks it with its problems (a respondent is stored as sent all
/// the same, marked as having issues).
public struct RespondentReceiptWire: Codable, Equatable, Sendable {
    /// One respondent that breaks the form, and how.
    public struct Issue: Codable, Equatable, Sendable {
        public let id: String
        public let problems: [RespondentFormProblem]
    }

    public let received: Int
    public let created: Int
    public let updated: Int
    public let unchanged: Int
    /// In the order the respondents came; empty when every one keeps the form, or the server
    /// has none.
    public let issues: [Issue]

    /// `counts`, with `problems` by id (those with none leave nothing).
    public init(counts: UpsertCounts, problems: [String: [RespondentFormProblem]]) {
        received = counts.received
        created = counts.created
        updated = counts.updated
        unchanged = counts.unchanged
        issues = problems.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
            .map { Issue(id: $0.key, problems: $0.value) }
    }
}
