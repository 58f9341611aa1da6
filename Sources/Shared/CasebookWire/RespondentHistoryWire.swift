import SurveySyncCore

/// A respondent's review and history as `GET /api/respondents/{id}/history` gives them: its
/// state (with who set it, when, and their comment), who sent its current version from which
/// device and when, and every event, oldest first. Members without a value are left out.
public struct RespondentHistoryWire: Codable, Equatable, Sendable {
    public struct Sender: Codable, Equatable, Sendable {
        public let user: String?
        public let device: String?
    }

    public struct Event: Codable, Equatable, Sendable {
        /// received, changed or reviewed.
        public let kind: String
        public let state: String
        public let at: String
        public let user: String?
        public let device: String?
        public let comment: String?
    }

    public let id: String
    public let state: String
    public let reviewer: String?
    public let reviewedAt: String?
    public let comment: String?
    public let sentBy: Sender
    public let receivedAt: String
    public let history: [Event]

    public init(id: String, status: RespondentStatus, history: [RespondentEvent]) {
        self.id = id
        state = status.state.rawValue
        reviewer = status.reviewer
        reviewedAt = status.reviewedAt.map(WireDateText.text(of:))
        comment = status.comment
        sentBy = Sender(user: status.sender.user, device: status.sender.device)
        receivedAt = WireDateText.text(of: status.receivedAt)
        self.history = history.map {
            Event(
                kind: $0.kind.rawValue, state: $0.state.rawValue, at: WireDateText.text(of: $0.at),
                user: $0.sender.user, device: $0.sender.device, comment: $0.comment)
        }
    }
}
