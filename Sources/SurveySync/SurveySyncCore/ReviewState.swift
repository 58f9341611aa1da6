import StoreFailures

/// Where a respondent stands in a survey team's review, as ODK Central's review states are:
/// every respondent arrives `received`; a reviewer marks it `hasIssues`, `approved` or
/// `rejected`; a later change sends it back to `received`.
public enum ReviewState: String, CaseIterable, Codable, Sendable {
    case received
    case hasIssues = "has-issues"
    case approved
    case rejected

    /// The state's name in a sentence: "has issues".
    public var words: String {
        switch self {
        case .received: "received"
        case .hasIssues: "has issues"
        case .approved: "approved"
        case .rejected: "rejected"
        }
    }
}

extension ReviewState {
    /// The state a store kept for respondent `id` as `text`; a `DamagedRowError` naming it
    /// when the text is no state.
    public init(stored text: String, of id: String) throws {
        guard let state = ReviewState(rawValue: text) else {
            throw DamagedRowError(
                store: "respondents", key: id,
                problem: "its review state '\(text)' is not one known")
        }
        self = state
    }
}
