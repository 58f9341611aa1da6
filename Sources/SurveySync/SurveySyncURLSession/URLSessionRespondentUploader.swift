import Foundation
import SurveySyncCore

/// Uploads respondents to a Casebook server (`POST <base>/api/respondents` with a JSON array)
/// and asks it about its store (`<base>/api/respondent-store…`) with URLSession: a
/// `RespondentAPIClient` over a `URLSessionRespondentTransport`.
public struct URLSessionRespondentUploader: RespondentBackend {
    /// The header in which a Casebook server names its respondent store.
    public static let storeHeader = RespondentAPIClient.storeHeader

    private let client: RespondentAPIClient

    public init(baseURL: URL, timeout: TimeInterval = 30) {
        self.init(baseURL: baseURL, token: nil, timeout: timeout)
    }

    /// An uploader that authenticates with an API token.
    public init(baseURL: URL, token: String?, timeout: TimeInterval = 30) {
        client = RespondentAPIClient(
            baseURL: baseURL, token: token,
            transport: URLSessionRespondentTransport(timeout: timeout))
    }

    /// The respondents endpoint.
    public var endpoint: URL { client.endpoint }

    public var destination: String { client.destination }

    /// The base URL.
    public var address: String { client.address }

    public func upload(_ respondents: [Respondent]) async throws(UploadError) {
        try await client.upload(respondents)
    }

    public func uploadToStore(_ respondents: [Respondent]) async throws(UploadError) -> String {
        try await client.uploadToStore(respondents)
    }

    public func storeIdentity() async throws(UploadError) -> String {
        try await client.storeIdentity()
    }

    public func digestBuckets() async throws(UploadError) -> (store: String, buckets: DigestBuckets)
    {
        try await client.digestBuckets()
    }

    public func digests(inBucket bucket: Int) async throws(UploadError) -> (
        store: String, digests: [RespondentDigest]
    ) {
        try await client.digests(inBucket: bucket)
    }

    public func digests(ofIDs ids: [String]) async throws(UploadError) -> (
        store: String, digests: [String: String]
    ) {
        try await client.digests(ofIDs: ids)
    }
}
