/// Where the backend keeps respondents: upserted by id, so a batch sent twice stores nothing twice.
public protocol RespondentStore: Sendable {
    /// Stores every respondent in one transaction: all of them or, on error, none.
    func upsert(_ respondents: [Respondent]) async throws -> UpsertCounts
    /// Respondents in id order, starting after `id` (nil: from the start).
    func respondents(limit: Int, after id: String?) async throws -> [Respondent]
    /// Respondents, most recently created or changed first, skipping `offset`.
    func newestRespondents(limit: Int, offset: Int) async throws -> [Respondent]
    func respondent(id: String) async throws -> Respondent?
    func count() async throws -> Int
}

/// What an upsert did.
public struct UpsertCounts: Codable, Equatable, Sendable {
    public var received = 0
    public var created = 0
    public var updated = 0
    public var unchanged = 0

    public init(received: Int = 0, created: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.received = received
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
    }
}
