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
    /// Respondents in id order, after `id`, as the JSON the store keeps of each.
    func respondentBodies(limit: Int, after id: String?) async throws
        -> [(id: String, body: [UInt8])]
}

extension RespondentStore {
    /// A page of respondents in id order, after `id`, as the JSON a store keeps of each (keys
    /// sorted, no spaces: `JSONWriter`'s): for a reader that needs less than every value, such
    /// as an export's pass over the columns. A store that keeps the JSON gives it as it is.
    public func respondentBodies(limit: Int, after id: String?) async throws
        -> [(id: String, body: [UInt8])]
    {
        try await respondents(limit: limit, after: id).map { ($0.id, $0.canonicalJSON) }
    }
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
