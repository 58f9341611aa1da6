/// A backend that can say which store it keeps respondents in and what that store holds. With
/// one, a sync keeps its acknowledgements per store and checks them against the store on every
/// run, so that a new store, or one restored from an older copy, gets everything it lacks; and
/// `SurveyVerifier` compares a folder with it. A plain `RespondentUploading` is trusted as
/// before.
public protocol RespondentBackend: RespondentUploading {
    /// Where the backend is, as a person names it (a base URL): for the ledger and the notes.
    var address: String { get }
    /// The identity of the store behind the backend.
    func storeIdentity() async throws(UploadError) -> String
    /// Every respondent of the store, summarised, and the store's identity.
    func digestBuckets() async throws(UploadError) -> (store: String, buckets: DigestBuckets)
    /// The id and digest of every respondent in `bucket`, in id order.
    func digests(inBucket bucket: Int) async throws(UploadError) -> (
        store: String, digests: [RespondentDigest]
    )
    /// The digests of the respondents with `ids` that the store holds (those it lacks are absent).
    func digests(ofIDs ids: [String]) async throws(UploadError) -> (
        store: String, digests: [String: String]
    )
    /// Uploads, and returns the identity of the store that acknowledged them.
    func uploadToStore(_ respondents: [Respondent]) async throws(UploadError) -> String
    /// Which of `ids` the caller sent the current version of (the same user and device, as the
    /// backend knows the caller); another device sent the rest. Nil when the backend cannot
    /// tell, as one that keeps no senders.
    func sentByCaller(_ ids: [String]) async throws(UploadError) -> Set<String>?
}

extension RespondentBackend {
    public var address: String { destination }

    /// A backend that keeps no senders cannot tell.
    public func sentByCaller(_ ids: [String]) async throws(UploadError) -> Set<String>? { nil }
}
