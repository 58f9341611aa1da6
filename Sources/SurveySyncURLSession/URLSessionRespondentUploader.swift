import Foundation
import SurveySyncCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Uploads respondents to a Casebook server (`POST <base>/api/respondents` with a JSON array)
/// and asks it about its store (`<base>/api/respondent-store…`); every answer about respondents
/// names the store in its `Casebook-Store` header.
public struct URLSessionRespondentUploader: RespondentBackend {
    /// The header in which a Casebook server names its respondent store.
    public static let storeHeader = "Casebook-Store"

    /// The respondents endpoint.
    public let endpoint: URL
    private let storeEndpoint: URL
    private let session: URLSession
    /// Sent as `Authorization: Bearer …` when the server has users (`casebook token create`).
    private let token: String?

    public init(baseURL: URL, timeout: TimeInterval = 30) {
        self.init(baseURL: baseURL, token: nil, timeout: timeout)
    }

    /// An uploader that authenticates with an API token.
    public init(baseURL: URL, token: String?, timeout: TimeInterval = 30) {
        self.token = token
        endpoint = baseURL.appendingPathComponent("api").appendingPathComponent("respondents")
        storeEndpoint = baseURL.appendingPathComponent("api")
            .appendingPathComponent("respondent-store")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    public var destination: String { endpoint.absoluteString }

    /// The base URL.
    public var address: String {
        endpoint.deletingLastPathComponent().deletingLastPathComponent().absoluteString
    }

    public func upload(_ respondents: [Respondent]) async throws(UploadError) {
        _ = try await uploadToStore(respondents)
    }

    public func uploadToStore(_ respondents: [Respondent]) async throws(UploadError) -> String {
        let body = JSONValue.array(respondents.map { .object($0.fields) })
        let (_, store) = try await exchange(endpoint, posting: body)
        return store
    }

    public func storeIdentity() async throws(UploadError) -> String {
        try await exchange(storeEndpoint).store
    }

    public func digestBuckets() async throws(UploadError) -> (store: String, buckets: DigestBuckets)
    {
        let (json, store) = try await exchange(storeEndpoint.appendingPathComponent("digests"))
        guard case .array(let values)? = json["buckets"],
            let buckets = DigestBuckets(
                hex: values.compactMap { if case .string(let text) = $0 { text } else { nil } })
        else { throw notAStore("its digest buckets are not 256 digests") }
        return (store, buckets)
    }

    public func digests(inBucket bucket: Int) async throws(UploadError) -> (
        store: String, digests: [RespondentDigest]
    ) {
        let (json, store) = try await exchange(
            storeEndpoint.appendingPathComponent("digests").appendingPathComponent(String(bucket)))
        guard case .array(let entries)? = json["respondents"] else {
            throw notAStore("it listed no respondents for bucket \(bucket)")
        }
        var digests: [RespondentDigest] = []
        for entry in entries {
            guard case .string(let id)? = entry["id"], case .string(let digest)? = entry["digest"]
            else { throw notAStore("a respondent of bucket \(bucket) has no id or digest") }
            digests.append(RespondentDigest(id: id, digest: digest))
        }
        return (store, digests)
    }

    public func digests(ofIDs ids: [String]) async throws(UploadError) -> (
        store: String, digests: [String: String]
    ) {
        let (json, store) = try await exchange(
            storeEndpoint.appendingPathComponent("lookup"),
            posting: ["ids": .array(ids.map(JSONValue.string))])
        guard case .object(let found)? = json["digests"] else {
            throw notAStore("it answered a lookup without digests")
        }
        var digests: [String: String] = [:]
        for (id, value) in found {
            guard case .string(let digest) = value else { throw notAStore("a digest is not text") }
            digests[id] = digest
        }
        return (store, digests)
    }

    /// GETs `url` (or POSTs `body` as JSON to it) and returns the JSON answer and the store the
    /// answer names. A 4xx is a refusal; anything else that is not a Casebook store's answer
    /// (5xx, no store named, not JSON) is the backend being unavailable.
    private func exchange(_ url: URL, posting body: JSONValue? = nil) async throws(UploadError)
        -> (JSONValue, store: String)
    {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(JSONWriter.data(body))
        }
        let (data, response) = try await send(request)
        let status = response.statusCode
        switch status {
        case 200..<300: break
        case 400..<500: throw .rejected(status: status, message: Self.message(in: data))
        default: throw .unavailable("HTTP \(status): \(Self.message(in: data))")
        }
        guard let store = response.value(forHTTPHeaderField: Self.storeHeader), !store.isEmpty
        else {
            throw notAStore("its answer names no store (\(Self.storeHeader) header)")
        }
        guard let json = try? JSONParser.parse(data) else {
            throw notAStore("its answer is not JSON")
        }
        return (json, store)
    }

    private func notAStore(_ problem: String) -> UploadError {
        .unavailable("it does not answer as a Casebook server does: \(problem)")
    }

    private func send(_ request: URLRequest) async throws(UploadError) -> (Data, HTTPURLResponse) {
        let result: Result<(Data, HTTPURLResponse), UploadError> = await withCheckedContinuation {
            continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(returning: .failure(.unavailable(Self.reason(for: error))))
                } else if let response = response as? HTTPURLResponse {
                    continuation.resume(returning: .success((data ?? Data(), response)))
                } else {
                    continuation.resume(returning: .failure(.unavailable("no HTTP response")))
                }
            }.resume()
        }
        return try result.get()
    }

    /// The server's `{"error": "…"}` message, or the body's text.
    static func message(in data: Data) -> String {
        if let body = try? JSONDecoder().decode([String: String].self, from: data),
            let message = body["error"]
        {
            return message
        }
        let text = String(decoding: data.prefix(500), as: UTF8.self)
        return text.isEmpty ? "no message" : text
    }

    static func reason(for error: any Error) -> String {
        guard let error = error as? URLError else { return "\(error)" }
        switch error.code {
        case .cannotConnectToHost: return "connection refused"
        case .timedOut: return "timed out"
        case .cannotFindHost, .dnsLookupFailed: return "unknown host"
        case .networkConnectionLost: return "connection lost"
        case .notConnectedToInternet: return "no network"
        default: return "network error \(error.code.rawValue)"
        }
    }
}
