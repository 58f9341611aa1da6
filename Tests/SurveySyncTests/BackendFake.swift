import SurveySync

/// A working in-memory backend over an `InMemoryRespondentStore`, as the real one works over
/// its database: it upserts respondents by id and answers for its store. It can be scripted to
/// fail the next calls, to refuse some ids, and its store can be replaced (a new database) or
/// restored from a copy taken earlier.
actor BackendFake: RespondentBackend {
    nonisolated let destination = "http://backend.test"
    private(set) var store = InMemoryRespondentStore()
    private(set) var uploads: [[String]] = []
    /// The buckets asked for respondent by respondent, in order.
    private(set) var bucketsListed: [Int] = []
    private var scriptedFailures: [UploadError] = []
    private var rejectedIDs: [String: String] = [:]
    /// Called before each upload is stored: a test can change the store mid-sync there.
    private var beforeUpload: (@Sendable (BackendFake) async -> Void)?
    /// Called once before the next summary of digest buckets, or lookup of ids, is answered.
    private var beforeBuckets: (@Sendable (BackendFake) async -> Void)?
    private var beforeLookup: (@Sendable (BackendFake) async -> Void)?

    func failNext(_ failures: UploadError...) {
        scriptedFailures += failures
    }

    func reject(id: String, message: String) {
        rejectedIDs[id] = message
    }

    func whenUploading(_ action: @escaping @Sendable (BackendFake) async -> Void) {
        beforeUpload = action
    }

    func whenSummarisingBuckets(_ action: @escaping @Sendable (BackendFake) async -> Void) {
        beforeBuckets = action
    }

    func whenLookingUp(_ action: @escaping @Sendable (BackendFake) async -> Void) {
        beforeLookup = action
    }

    /// A new, empty store behind the same address.
    func replaceStore() {
        store = InMemoryRespondentStore()
    }

    /// A copy of the store as it is now, to restore later.
    func snapshot() async throws -> (identity: String, respondents: [Respondent]) {
        (try await store.identity(), store.all)
    }

    func restore(_ snapshot: (identity: String, respondents: [Respondent])) {
        store = InMemoryRespondentStore(
            identity: snapshot.identity, respondents: snapshot.respondents)
    }

    var stored: [String: Respondent] {
        Dictionary(uniqueKeysWithValues: store.all.map { ($0.id, $0) })
    }

    /// Stores respondents as another client would have, without counting an upload.
    func upsertDirectly(_ respondents: [Respondent]) async throws -> UpsertCounts {
        try await store.upsert(respondents)
    }

    var uploadedIDCount: Int { uploads.reduce(0) { $0 + $1.count } }

    func upload(_ respondents: [Respondent]) async throws(UploadError) {
        _ = try await uploadToStore(respondents)
    }

    func uploadToStore(_ respondents: [Respondent]) async throws(UploadError) -> String {
        uploads.append(respondents.map(\.id))
        if let beforeUpload {
            self.beforeUpload = nil
            await beforeUpload(self)
        }
        try failIfScripted()
        if let rejected = respondents.first(where: { rejectedIDs[$0.id] != nil }) {
            throw .rejected(status: 422, message: rejectedIDs[rejected.id]!)
        }
        _ = try? await store.upsert(respondents)
        return try await storeIdentity()
    }

    func storeIdentity() async throws(UploadError) -> String {
        (try? await store.identity()) ?? ""
    }

    func digestBuckets() async throws(UploadError) -> (store: String, buckets: DigestBuckets) {
        if let beforeBuckets {
            self.beforeBuckets = nil
            await beforeBuckets(self)
        }
        try failIfScripted()
        return (try await storeIdentity(), (try? await store.digestBuckets()) ?? DigestBuckets())
    }

    func digests(inBucket bucket: Int) async throws(UploadError) -> (
        store: String, digests: [RespondentDigest]
    ) {
        try failIfScripted()
        bucketsListed.append(bucket)
        return (try await storeIdentity(), (try? await store.digests(inBucket: bucket)) ?? [])
    }

    func digests(ofIDs ids: [String]) async throws(UploadError) -> (
        store: String, digests: [String: String]
    ) {
        if let beforeLookup {
            self.beforeLookup = nil
            await beforeLookup(self)
        }
        try failIfScripted()
        var found: [String: String] = [:]
        for id in ids {
            if let respondent = try? await store.respondent(id: id) {
                found[id] = RespondentDigest(respondent).digest
            }
        }
        return (try await storeIdentity(), found)
    }

    private func failIfScripted() throws(UploadError) {
        if !scriptedFailures.isEmpty { throw scriptedFailures.removeFirst() }
    }
}
