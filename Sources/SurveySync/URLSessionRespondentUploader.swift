import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Uploads respondents to a Casebook server: `POST <base>/api/respondents` with a JSON array.
public struct URLSessionRespondentUploader: RespondentUploading {
    /// The respondents endpoint.
    public let endpoint: URL
    private let session: URLSession

    public init(baseURL: URL, timeout: TimeInterval = 30) {
        endpoint = baseURL.appendingPathComponent("api").appendingPathComponent("respondents")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    public var destination: String { endpoint.absoluteString }

    public func upload(_ respondents: [Respondent]) async throws(UploadError) {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(JSONWriter.data(.array(respondents.map { .object($0.fields) })))
        let (data, response) = try await send(request)
        let status = response.statusCode
        switch status {
        case 200..<300: return
        case 400..<500: throw .rejected(status: status, message: Self.message(in: data))
        default: throw .unavailable("HTTP \(status): \(Self.message(in: data))")
        }
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
