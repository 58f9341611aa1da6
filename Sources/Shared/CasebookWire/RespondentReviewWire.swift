/// What `POST /api/respondent-reviews` answers: how many respondents it set, and to what.
public struct RespondentReviewWire: Codable, Equatable, Sendable {
    public let reviewed: Int
    public let state: String

    public init(reviewed: Int, state: String) {
        self.reviewed = reviewed
        self.state = state
    }
}
