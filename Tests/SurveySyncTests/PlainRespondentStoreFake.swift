import SurveySyncCore

/// A respondent store that is only a `RespondentStore` (no digests asked in one question, no
/// senders): an in-memory store's respondents behind the plain protocol, for the code that
/// asks such a store respondent by respondent.
final class PlainRespondentStoreFake: RespondentStore {
    private let store = InMemoryRespondentStore()

    func upsert(_ respondents: [Respondent]) async throws -> UpsertCounts {
        try await store.upsert(respondents)
    }

    func respondents(limit: Int, after id: String?) async throws -> [Respondent] {
        try await store.respondents(limit: limit, after: id)
    }

    func newestRespondents(limit: Int, offset: Int) async throws -> [Respondent] {
        try await store.newestRespondents(limit: limit, offset: offset)
    }

    func respondent(id: String) async throws -> Respondent? {
        try await store.respondent(id: id)
    }

    func count() async throws -> Int {
        try await store.count()
    }
}
