import Foundation

/// Where a respondent stands now: its review state (and who set it, when, with what comment)
/// and who sent its current version, when.
public struct RespondentStatus: Equatable, Sendable {
    public var state: ReviewState
    /// Who set the state; nil while it is `received` as it arrived.
    public var reviewer: String?
    public var reviewedAt: Date?
    public var comment: String?
    public var sender: RespondentSender
    /// When its current version arrived.
    public var receivedAt: Date

    public init(
        state: ReviewState, reviewer: String? = nil, reviewedAt: Date? = nil,
        comment: String? = nil, sender: RespondentSender, receivedAt: Date
    ) {
        self.state = state
        self.reviewer = reviewer
        self.reviewedAt = reviewedAt
        self.comment = comment
        self.sender = sender
        self.receivedAt = receivedAt
    }
}
