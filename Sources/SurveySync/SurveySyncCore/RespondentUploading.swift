/// Sends a batch of respondents to the backend, which stores them by id (upserting).
public protocol RespondentUploading: Sendable {
    /// Where the respondents go, for messages.
    var destination: String { get }
    /// Returns once the backend has acknowledged every respondent in the batch.
    func upload(_ respondents: [Respondent]) async throws(UploadError)
}

/// Why an upload was not acknowledged.
public enum UploadError: Error, Equatable, Sendable {
    /// The backend could not be reached or failed (5xx): worth trying again later.
    case unavailable(String)
    /// The backend refused the batch (4xx) and said why: sending it again will not help.
    case rejected(status: Int, message: String)
}
