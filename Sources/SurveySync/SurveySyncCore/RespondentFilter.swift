/// Which respondents a table, a count or an export takes: those in a review state, whose
/// current version a user sent, from a device, found by a search; a member left nil takes any.
public struct RespondentFilter: Equatable, Sendable {
    public var state: ReviewState?
    public var user: String?
    public var device: String?
    public var search: RespondentSearch?

    public init(
        state: ReviewState? = nil, user: String? = nil, device: String? = nil,
        search: RespondentSearch? = nil
    ) {
        self.state = state
        self.user = user
        self.device = device
        self.search = search
    }

    /// Whether it takes a respondent whose status is `status` and whose indexed words are
    /// `searchText` (`RespondentSearch.searchText(of:)`).
    public func matches(_ status: RespondentStatus, searchText: String) -> Bool {
        matches(status) && (search?.matches(searchText: searchText) ?? true)
    }

    /// Whether it takes a respondent whose status is `status`, its search aside.
    public func matches(_ status: RespondentStatus) -> Bool {
        (state == nil || state == status.state) && (user == nil || user == status.sender.user)
            && (device == nil || device == status.sender.device)
    }
}
