import CasebookFileSystem
import Foundation

/// A Casebook server's respondent API: `POST <base>/api/respondents` with a JSON array, and
/// `<base>/api/respondent-store…` about the store; every answer about respondents names the
/// store in its `Casebook-Store` header. What it means is here, once; how the bytes travel is a
/// `RespondentAPITransport`'s.
public struct RespondentAPIClient: RespondentBackend {
    /// The header in which a Casebook server names its respondent store.
    public static let storeHeader = "Casebook-Store"
    /// The respondents endpoint.
    public let endpoint: URL
    private let storeEndpoint: URL
    /// Sent as `Authorization: Bearer …` when the server has users (`casebook token create`).
    private let token: String?
    private let transport: any RespondentAPITransport

    public init(baseURL: URL, token: String?, transport: any RespondentAPITransport) {
        self.token = token
        self.transport = transport
        endpoint = baseURL.appendingPathComponent("api").appendingPathComponent("respondents")
        storeEndpoint = baseURL.appendingPathComponent("api")
            .appendingPathComponent("respondent-store")
    }

    public var destination: String { endpoint.absoluteString }

    /// Whether a token sent to `baseURL` would cross the network unencrypted: plain http to a
    /// host other than this machine's loopback (`localhost`, 127.0.0.0/8, `::1`), which a
    /// token, being a password, must not do.
    public static func wouldSendTokenInClearText(to baseURL: URL) -> Bool {
        guard baseURL.scheme?.lowercased() == "http" else { return false }
        let host = (baseURL.host ?? "").lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" { return false }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopback =
            octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
        return !isLoopback
    }

    /// The base URL.
    public var address: String {
        endpoint.deletingLastPathComponent().deletingLastPathComponent().absoluteString
    }

    public func upload(_ respondents: [Respondent]) async throws(UploadError) {
        _ = try await uploadToStore(respondents)
    }

    /// Posts the respondents as a JSON array of each one's canonical JSON (kept from its
    /// digest); when any was read from a file, as `{"respondents": […], "originals": […]}`,
    /// with each file's text (null for one read from none), which the server keeps.
    public func uploadToStore(_ respondents: [Respondent]) async throws(UploadError) -> String {
        let withOriginals = respondents.contains { $0.originalYAML != nil }
        var body: [UInt8] = []
        body.reserveCapacity(respondents.count * (withOriginals ? 1_024 : 512))
        if withOriginals { body += Array(#"{"respondents":"#.utf8) }
        body.append(UInt8(ascii: "["))
        for (position, respondent) in respondents.enumerated() {
            if position > 0 { body.append(UInt8(ascii: ",")) }
            body += respondent.canonicalJSON
        }
        body.append(UInt8(ascii: "]"))
        if withOriginals {
            body += Array(#","originals":["#.utf8)
            for (position, respondent) in respondents.enumerated() {
                if position > 0 { body.append(UInt8(ascii: ",")) }
                if let original = respondent.originalYAML {
                    JSONWriter.writeString(original, to: &body)
                } else {
                    body += Array("null".utf8)
                }
            }
            body += Array("]}".utf8)
        }
        return try await exchange(endpoint, postingJSON: body).store
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

    /// `POST /api/respondent-store/mine`: which of `ids` this client's user and device sent; nil
    /// from a server that cannot tell (one older than senders, or whose store keeps none).
    public func sentByCaller(_ ids: [String]) async throws(UploadError) -> Set<String>? {
        let json: JSONValue
        do {
            (json, _) = try await exchange(
                storeEndpoint.appendingPathComponent("mine"),
                posting: ["ids": .array(ids.map(JSONValue.string))])
        } catch {
            if case .rejected(let status, _) = error, status == 404 || status == 501 { return nil }
            throw error
        }
        guard case .array(let listed)? = json["mine"] else {
            throw notAStore("it answered which respondents are this client's without a list")
        }
        var mine = Set<String>()
        for value in listed {
            guard case .string(let id) = value else { throw notAStore("an id is not text") }
            mine.insert(id)
        }
        return mine
    }

    /// GETs `url` (or POSTs `body` as JSON to it) and returns the JSON answer and the store the
    /// answer names. A 4xx is a refusal; anything else that is not a Casebook store's answer
    /// (5xx, no store named, not JSON) is the backend being unavailable.
    private func exchange(_ url: URL, posting body: JSONValue? = nil) async throws(UploadError)
        -> (JSONValue, store: String)
    {
        try await exchange(url, postingJSON: body.map(JSONWriter.data))
    }

    /// `exchange(_:posting:)` with the body already written as JSON.
    private func exchange(_ url: URL, postingJSON body: [UInt8]?) async throws(UploadError)
        -> (JSONValue, store: String)
    {
        var headers = [(name: "Accept", value: "application/json")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let answer = try await transport.send(
            RespondentAPIRequest(
                method: body == nil ? "GET" : "POST", url: url, headers: headers,
                body: body))
        switch answer.status {
        case 200..<300: break
        case 400..<500:
            throw .rejected(status: answer.status, message: Self.message(in: answer.body))
        default: throw .unavailable("HTTP \(answer.status): \(Self.message(in: answer.body))")
        }
        guard let store = answer.value(of: Self.storeHeader), !store.isEmpty else {
            throw notAStore("its answer names no store (\(Self.storeHeader) header)")
        }
        // Kept on every line of the ledger and shown in messages: short, and nothing but
        // characters that show (a Casebook server's is a UUID).
        guard store.utf8.count <= 128, TextBytes.isVisibleASCII(store) else {
            throw notAStore(
                "its store identity is not 1 to 128 printable ASCII characters without spaces"
                    + " (\(Self.storeHeader) header)")
        }
        guard let json = try? JSONParser.parse(answer.body) else {
            throw notAStore("its answer is not JSON")
        }
        return (json, store)
    }

    private func notAStore(_ problem: String) -> UploadError {
        .unavailable("it does not answer as a Casebook server does: \(problem)")
    }

    /// The server's message: a problem's `detail` (RFC 9457), or `error` as older servers
    /// wrote it; for a web page, that it is one (its markup would bury the line); else the
    /// body's first 500 bytes as text (cut before the character the 500th byte is in), or what
    /// it is when it is not text: never U+FFFD in place of a reply's bytes.
    static func message(in body: [UInt8]) -> String {
        let answer = try? JSONParser.parse(body)
        if case .string(let message)? = answer?["detail"] ?? answer?["error"] {
            return message
        }
        if body.drop(while: { [0x20, 0x09, 0x0A, 0x0D].contains($0) }).first == UInt8(ascii: "<") {
            return "a web page, not a Casebook answer: is the URL the server's own address?"
        }
        let text = TextBytes.quoted(body, upTo: 500)
        return text.isEmpty ? "no message" : text
    }
}
