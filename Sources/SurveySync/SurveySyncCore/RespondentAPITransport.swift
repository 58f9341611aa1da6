/// Sends a request of the respondent API over HTTP and returns whatever the server answered
/// (any status). It throws only when there is no answer, as `.unavailable` saying why
/// ("connection refused", "timed out"). The URLSession and AsyncHTTPClient adapters are two.
public protocol RespondentAPITransport: Sendable {
    func send(_ request: RespondentAPIRequest) async throws(UploadError) -> RespondentAPIAnswer
}
