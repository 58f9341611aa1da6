import Foundation

/// Which respondents a list, a count or an export takes: those in a review state, sent by a
/// user or from a device, found by a search, whose current version arrived from
/// `receivedFrom` (inclusive) to `receivedBefore` (exclusive), or whose field has a value
/// (`RespondentFieldValue`); a member left nil takes any.
public struct RespondentFilter: Equatable, Sendable {
    public var state: ReviewState?
    public var user: String?
    public var device: String?
    public var search: RespondentSearch?
    public var receivedFrom: Date?
    public var receivedBefore: Date?
    /// Only respondents whose field has this value.
    public var field: RespondentFieldValue?

    public init(
        state: ReviewState? = nil, user: String? = nil, device: String? = nil,
        search: RespondentSearch? = nil
    ) {
        self.state = state
        self.user = user
        self.device = device
        self.search = search
    }

    public init(
        state: ReviewState? = nil, user: String? = nil, device: String? = nil,
        search: RespondentSearch? = nil, receivedFrom: Date?, receivedBefore: Date?
    ) {
        self.init(state: state, user: user, device: device, search: search)
        self.receivedFrom = receivedFrom
        self.receivedBefore = receivedBefore
    }

    /// `bound` held to the years 1 to 9999, which every store can compare with (a time
    /// outside them takes the same respondents as the year it is held to).
    public static func heldToStoredYears(_ bound: Date) -> Date {
        min(max(bound, earliestBound), latestBound)
    }

    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
    static let earliestBound = Date(timeIntervalSinceReferenceDate: -63_113_904_000)
    static let latestBound = Date(timeIntervalSinceReferenceDate: 252_423_993_599)

    /// Whether the counts a store keeps per state and sender answer the filter: it has no
    /// search and no time of arrival, which only the respondents' rows can answer.
    public var isCountedByStateAndSender: Bool {
        search == nil && receivedFrom == nil && receivedBefore == nil && field == nil
    }

    /// Whether it takes a respondent whose status is `status` and whose indexed words are
    /// `searchText` (`RespondentSearch.searchText(of:)`), its field aside.
    public func matches(_ status: RespondentStatus, searchText: String) -> Bool {
        matches(status) && (search?.matches(searchText: searchText) ?? true)
    }

    /// Whether it takes `respondent`, whose status is `status` and whose indexed words are
    /// `searchText`.
    public func matches(_ respondent: Respondent, _ status: RespondentStatus, searchText: String)
        -> Bool
    {
        matches(status, searchText: searchText) && (field?.matches(respondent.fields) ?? true)
    }

    /// Whether it takes a respondent whose status is `status`, its search and field aside.
    public func matches(_ status: RespondentStatus) -> Bool {
        (state == nil || state == status.state) && (user == nil || user == status.sender.user)
            && (device == nil || device == status.sender.device)
            && (receivedFrom.map { status.receivedAt >= $0 } ?? true)
            && (receivedBefore.map { status.receivedAt < $0 } ?? true)
    }
}
