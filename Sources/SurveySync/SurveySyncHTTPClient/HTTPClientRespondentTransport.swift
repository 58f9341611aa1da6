import CasebookHTTPClient
import SurveySyncCore

/// Sends the respondent API's requests with AsyncHTTPClient (`HTTPExchange`): what `casebook`
/// and the server use, as it loads no libcurl. An answer longer than `answerLimit` bytes is the
/// backend being unavailable, not something read whole.
public struct HTTPClientRespondentTransport: RespondentAPITransport {
    /// 64 MiB: far above any answer a Casebook server gives (a bucket's digests, a lookup's).
    public static let answerLimit = 64 << 20

    private let timeout: Duration

    public init(timeout: Duration = .seconds(30)) {
        self.timeout = timeout
    }

    public func send(_ request: RespondentAPIRequest) async throws(UploadError)
        -> RespondentAPIAnswer
    {
        do {
            let answer = try await HTTPExchange.send(
                request.method, to: request.url, headers: request.headers, body: request.body,
                timeout: timeout, answerLimit: Self.answerLimit)
            return RespondentAPIAnswer(
                status: answer.status, headers: answer.headers, body: answer.body)
        } catch {
            throw .unavailable(error.reason)
        }
    }
}
