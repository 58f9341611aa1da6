import SurveySync

/// Sends a sync's respondents straight into this server's own store: what the survey page's
/// "Sync now" uses for "this server", with no request over the network at all.
struct StoreUploader: RespondentUploading {
    let store: any RespondentStore

    var destination: String { "this server" }

    func upload(_ respondents: [Respondent]) async throws(UploadError) {
        do {
            _ = try await store.upsert(respondents)
        } catch {
            throw .unavailable("\(error)")
        }
    }
}
