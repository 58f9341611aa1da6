import SurveySyncCore

/// Sends a sync's respondents straight into this server's own store, and answers for that
/// store: what the survey page's "Sync now" and "Verify" use for "this server", with no request
/// over the network at all.
struct StoreUploader: RespondentBackend {
    let store: any RespondentStore
    /// The form what arrives is checked against, when the server keeps one.
    var forms: SurveyForms? = nil

    var destination: String { "this server" }

    func upload(_ respondents: [Respondent]) async throws(UploadError) {
        _ = try await uploadToStore(respondents)
    }

    func uploadToStore(_ respondents: [Respondent]) async throws(UploadError) -> String {
        // Sent by whoever asked the page to sync.
        let sender = SignedInUser.sender
        try await attempt { _ = try await store.upsert(respondents, sentBy: sender) }
        await forms?.check(respondents)
        return try await storeIdentity()
    }

    /// Which of `ids` whoever asked the page sent, as the store's senders tell.
    func sentByCaller(_ ids: [String]) async throws(UploadError) -> Set<String>? {
        guard let reviews = store as? any ReviewedRespondentStore else { return nil }
        let caller = SignedInUser.sender
        let statuses = try await attempt { try await reviews.statuses(of: ids) }
        return Set(statuses.filter { $0.value.sender.mayBe(caller) }.keys)
    }

    func storeIdentity() async throws(UploadError) -> String {
        try await attempt { try await verifiable().identity() }
    }

    func digestBuckets() async throws(UploadError) -> (store: String, buckets: DigestBuckets) {
        let buckets = try await attempt { try await verifiable().digestBuckets() }
        return (try await storeIdentity(), buckets)
    }

    func digests(inBucket bucket: Int) async throws(UploadError) -> (
        store: String, digests: [RespondentDigest]
    ) {
        let digests = try await attempt { try await verifiable().digests(inBucket: bucket) }
        return (try await storeIdentity(), digests)
    }

    func digests(ofIDs ids: [String]) async throws(UploadError) -> (
        store: String, digests: [String: String]
    ) {
        let wanted = Set(ids)
        var found: [String: String] = [:]
        for bucket in Set(ids.map(RespondentDigest.bucket(ofID:))) {
            let (_, digests) = try await digests(inBucket: bucket)
            for digest in digests where wanted.contains(digest.id) {
                found[digest.id] = digest.digest
            }
        }
        return (try await storeIdentity(), found)
    }

    private func verifiable() throws -> any VerifiableRespondentStore {
        guard let store = store as? any VerifiableRespondentStore else {
            throw UploadError.rejected(
                status: 501, message: "this server's store cannot tell what it holds")
        }
        return store
    }

    /// `body`, with any failure of the store turned into the backend being unavailable (or the
    /// refusal it already is).
    private func attempt<T>(_ body: () async throws -> T) async throws(UploadError) -> T {
        do {
            return try await body()
        } catch let error as UploadError {
            throw error
        } catch {
            throw .unavailable("\(error)")
        }
    }
}
