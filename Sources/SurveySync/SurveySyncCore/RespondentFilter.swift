/// Which respondents a table, a count or an export takes: those in a review state, whose
/// current version a user sent, from a device; a member left nil takes any.
public struct RespondentFilter: Equatable, Sendable {
    public var state: ReviewState?
    public var user: String?
    public var device: String?

    public init(state: ReviewState? = nil, user: String? = nil, device: String? = nil) {
        self.state = state
        self.user = user
        self.device = device
    }

    /// Whether it takes a respondent whose status is `status`.
    public func matches(_ status: RespondentStatus) -> Bool {
        (state == nil || state == status.state) && (user == nil || user == status.sender.user)
            && (device == nil || device == status.sender.device)
    }
}
