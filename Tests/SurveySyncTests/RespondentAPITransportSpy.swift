import Foundation
import SurveySync

/// Records every request a `RespondentAPIClient` sends and answers each with the next scripted
/// answer (or failure).
final class RespondentAPITransportSpy: RespondentAPITransport, @unchecked Sendable {
    private let lock = NSLock()
    private var scripted: [Result<RespondentAPIAnswer, UploadError>]
    private var recorded: [RespondentAPIRequest] = []

    init(_ answers: Result<RespondentAPIAnswer, UploadError>...) {
        scripted = answers
    }

    var requests: [RespondentAPIRequest] { lock.withLock { recorded } }

    func send(_ request: RespondentAPIRequest) async throws(UploadError) -> RespondentAPIAnswer {
        let next: Result<RespondentAPIAnswer, UploadError> = lock.withLock {
            recorded.append(request)
            return scripted.isEmpty
                ? .failure(.unavailable("no answer scripted")) : scripted.removeFirst()
        }
        return try next.get()
    }

    /// A Casebook server's answer: `status`, the store named in its header, `body` as JSON.
    static func answer(
        _ status: Int = 200, store: String? = "store-1", body: String = "{}"
    ) -> Result<RespondentAPIAnswer, UploadError> {
        var headers = [("Content-Type", "application/json")]
        if let store { headers.append(("casebook-store", store)) }
        return .success(
            RespondentAPIAnswer(status: status, headers: headers, body: Array(body.utf8)))
    }
}
