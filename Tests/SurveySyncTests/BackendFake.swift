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
    /// How many ids each lookup of digests asked about, in order.
    private(set) var lookups: [Int] = []
    /// The most ids a lookup may ask about, as the server's `RespondentsController` allows.
    static let maximumLookup = 10_000
    private var scriptedFailures: [UploadError] = []
    private var rejectedIDs: [String: String] = [:]
    /// The calls a test can step in before, to change the store mid-sync.
    enum Call { case upload, bucketSummary, lookup }
    /// What to do, once, before the next call of each kind is answered.
    private var hooks: [Call: @Sendable (BackendFake) async -> Void] = [:]

    func failNext(_ failures: UploadError...) {
        scriptedFailures += failures
    }

    func reject(id: String, message: String) {
        rejectedIDs[id] = message
    }

    /// Runs `action` once, before the next `call` is answered.
    func before(_ call: Call, _ action: @escaping @Sendable (BackendFake) async -> Void) {
        hooks[call] = action
    }

    private func runHook(before call: Call) async {
        if let action = hooks.removeValue(forKey: call) { await action(self) }
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
        await runHook(before: .upload)
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
        await runHook(before: .bucketSummary)
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
        await runHook(before: .lookup)
        try failIfScripted()
        lookups.append(ids.count)
        guard ids.count <= Self.maximumLookup else {
            throw .rejected(
                status: 400, message: "a lookup asks about at most \(Self.maximumLookup) ids")
        }
        var found: [String: String] = [:]
        for id in ids {
            if let respondent = try? await store.respondent(id: id) {
                found[id] = RespondentDigest(respondent).digest
            }
        }
        return (try await storeIdentity(), found)
    }

    /// The ids the caller sent, as a backend that keeps senders answers; nil: it cannot tell.
    private(set) var sentByCaller: Set<String>?
    private(set) var senderQuestions: [[String]] = []

    func answerSentByCaller(_ ids: Set<String>?) {
        sentByCaller = ids
    }

    func sentByCaller(_ ids: [String]) async throws(UploadError) -> Set<String>? {
        try failIfScripted()
        senderQuestions.append(ids)
        return sentByCaller.map { $0.intersection(ids) }
    }

    private func failIfScripted() throws(UploadError) {
        if !scriptedFailures.isEmpty { throw scriptedFailures.removeFirst() }
    }
}
