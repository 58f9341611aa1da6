import CasebookURLSession
import Foundation
import SurveySyncCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends the respondent API's requests with an ephemeral URLSession (no cache) that follows no
/// redirect: a 3xx is handed to the client, and the bearer token goes nowhere else.
public struct URLSessionRespondentTransport: RespondentAPITransport {
    private let session: EphemeralSession

    public init(timeout: TimeInterval = 30) {
        session = EphemeralSession(timeout: timeout)
    }

    public func send(_ request: RespondentAPIRequest) async throws(UploadError)
        -> RespondentAPIAnswer
    {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        urlRequest.httpBody = request.body.map { Data($0) }
        let result: Result<RespondentAPIAnswer, UploadError> = await withCheckedContinuation {
            continuation in
            session.dataTask(with: urlRequest) { data, response, error in
                if let error {
                    continuation.resume(returning: .failure(.unavailable(Self.reason(for: error))))
                } else if let response = response as? HTTPURLResponse {
                    let headers = response.allHeaderFields.map {
                        (name: "\($0.key)", value: "\($0.value)")
                    }
                    continuation.resume(
                        returning: .success(
                            RespondentAPIAnswer(
                                status: response.statusCode, headers: headers,
                                body: Array(data ?? Data()))))
                } else {
                    continuation.resume(returning: .failure(.unavailable("no HTTP response")))
                }
            }.resume()
        }
        return try result.get()
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
