import SurveySyncCore

/// A respondent's review and history as `GET /api/respondents/{id}/history` gives them: its
/// state (with who set it, when, and their comment), who sent its current version from which
/// device and when, and its events, oldest first (the latest thousand, with how many earlier
/// ones are left out). Members without a value are left out.
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
        /// The number of the version an arrival brought (`GET
        /// /api/respondents/{id}/versions/{version}`); absent for a review.
        public let version: Int?
    }

    public let id: String
    public let state: String
    public let reviewer: String?
    public let reviewedAt: String?
    public let comment: String?
    public let sentBy: Sender
    public let receivedAt: String
    public let history: [Event]
    /// How many earlier events `history` leaves out (it gives the latest `mostEvents`); absent
    /// when it leaves none out.
    public let earlierEvents: Int?

    /// The text of the file the current version was read from; absent when it came without
    /// one.
    public var original: String?

    /// The most events an answer gives: the latest.
    public static let mostEvents = 1_000

    public init(id: String, status: RespondentStatus, history: [RespondentEvent]) {
        let kept = Array(history.suffix(Self.mostEvents))
        self.init(id: id, status: status, latest: kept, earlier: history.count - kept.count)
    }

    /// The latest events of a history (`ReviewedRespondentStore.history(of:latest:)`), with
    /// how many earlier ones there are.
    public init(id: String, status: RespondentStatus, latest: [RespondentEvent], earlier: Int) {
        self.id = id
        state = status.state.rawValue
        reviewer = status.reviewer
        reviewedAt = status.reviewedAt.map(WireDateText.text(of:))
        comment = status.comment
        sentBy = Sender(user: status.sender.user, device: status.sender.device)
        receivedAt = WireDateText.text(of: status.receivedAt)
        earlierEvents = earlier > 0 ? earlier : nil
        self.history = latest.map {
            Event(
                kind: $0.kind.rawValue, state: $0.state.rawValue, at: WireDateText.text(of: $0.at),
                user: $0.sender.user, device: $0.sender.device, comment: $0.comment,
                version: $0.version)
        }
    }
}
