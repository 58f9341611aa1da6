/// A respondent store that keeps who sent each version and a survey team's review of each
/// respondent, with the history of both. `upsert(_:)` stores as an unknown sender would.
public protocol ReviewedRespondentStore: VerifiableRespondentStore {
    /// Stores every respondent in one transaction, as `upsert(_:)` does, recording `sender`
    /// for each one created or changed: a change sends a reviewed respondent back to
    /// `received`.
    func upsert(_ respondents: [Respondent], from sender: RespondentSender) async throws
        -> UpsertCounts
    /// Sets the review state of every respondent in `ids` at once, or of none: an id the
    /// store does not hold throws `UnknownRespondentError`.
    func setReview(_ state: ReviewState, of ids: [String], by reviewer: String, comment: String?)
        async throws
    /// The digest of each of `ids` the store holds (at most 10,000 ids at once): what an
    /// upload compares with, in one question rather than one per respondent.
    func digests(ofIDs ids: [String]) async throws -> [String: String]
    /// The status of each of `ids` the store holds.
    func statuses(of ids: [String]) async throws -> [String: RespondentStatus]
    /// What happened to a respondent, oldest first; empty for an id the store does not hold.
    func history(of id: String) async throws -> [RespondentEvent]
    /// The latest `limit` events of a respondent's history, oldest first, and how many earlier
    /// ones there are: what a page shows of a history that may be long.
    func history(of id: String, latest limit: Int) async throws
        -> (events: [RespondentEvent], earlier: Int)
    /// The respondents `filter` takes, most recently created or changed first, skipping
    /// `offset`.
    func newestRespondents(matching filter: RespondentFilter, limit: Int, offset: Int)
        async throws -> [Respondent]
    /// The respondents `filter` takes, in id order after `id`, as the JSON the store keeps of
    /// each (as `respondentBodies(limit:after:)` gives them): for an export of a filter.
    func respondentBodies(matching filter: RespondentFilter, limit: Int, after id: String?)
        async throws -> [(id: String, body: [UInt8])]
    /// The respondents `filter` takes that changed before `revision` (nil: the newest), most
    /// recently changed first, each with the revision of its last change: a page of a table
    /// that costs as much deep in the store as at its top.
    func newestRespondents(matching filter: RespondentFilter, limit: Int, before revision: Int?)
        async throws -> [(respondent: Respondent, revision: Int)]
    /// The respondents `filter` takes that changed after `revision`, the least recently
    /// changed first: the page before one that starts at `revision`, the other way round.
    func oldestRespondents(matching filter: RespondentFilter, limit: Int, after revision: Int)
        async throws -> [(respondent: Respondent, revision: Int)]
    /// How many respondents `filter` takes.
    func count(matching filter: RespondentFilter) async throws -> Int
    /// How many respondents are in each review state (a state none is in is absent).
    func reviewCounts() async throws -> [ReviewState: Int]
    /// How many respondents each sender sent the current version of: by user, then device,
    /// an unknown one last.
    func senderCounts() async throws -> [(sender: RespondentSender, count: Int)]
    /// The text of the file a respondent's current version was read from
    /// (`Respondent.originalYAML`); nil when it came without one, or is not stored.
    func original(of id: String) async throws -> String?
    /// The respondents `filter` takes, in id order after `id`, each with its JSON (as
    /// `respondentBodies(matching:limit:after:)` gives it) and its original, if kept: for an
    /// archive of their files.
    func originals(matching filter: RespondentFilter, limit: Int, after id: String?)
        async throws -> [(id: String, body: [UInt8], original: String?)]
    /// Version `number` of respondent `id` (1 is the first that arrived: the number its
    /// history's arrival gives), or nil when it has no such version.
    func version(_ number: Int, of id: String) async throws -> RespondentVersion?
}

extension ReviewedRespondentStore {
    /// A store that keeps no versions holds none.
    public func version(_ number: Int, of id: String) async throws -> RespondentVersion? { nil }

    /// Stores `respondents` from a sender no one named.
    public func upsert(_ respondents: [Respondent]) async throws -> UpsertCounts {
        try await upsert(respondents, from: .unknown)
    }
}

extension RespondentStore {
    /// Stores `respondents` as sent by `sender` when the store keeps senders (a
    /// `ReviewedRespondentStore`), else as `upsert(_:)` does.
    public func upsert(_ respondents: [Respondent], sentBy sender: RespondentSender) async throws
        -> UpsertCounts
    {
        guard let reviewed = self as? any ReviewedRespondentStore else {
            return try await upsert(respondents)
        }
        return try await reviewed.upsert(respondents, from: sender)
    }
}
