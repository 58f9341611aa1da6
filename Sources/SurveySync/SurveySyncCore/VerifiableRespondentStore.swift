/// A respondent store that can say which store it is and what it holds, in digests: what a sync
/// needs to know that the store it talks to still has everything it acknowledged, and what
/// `casebook survey verify` compares a folder with.
public protocol VerifiableRespondentStore: RespondentStore {
    /// The identity created with the store: a UUID no other store has. A copy of the store (a
    /// backup restored) keeps it; what the copy lost shows in its digests.
    func identity() async throws -> String
    /// Every respondent summarised in `DigestBuckets`.
    func digestBuckets() async throws -> DigestBuckets
    /// The id and digest of every respondent whose id falls in `bucket`, in id order.
    func digests(inBucket bucket: Int) async throws -> [RespondentDigest]
}
