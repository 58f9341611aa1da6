import SurveySync

/// A working in-memory backend: it upserts respondents by id, as the real one does, and can be
/// scripted to fail the next uploads.
actor BackendFake: RespondentUploading {
    nonisolated let destination = "http://backend.test"
    private(set) var stored: [String: Respondent] = [:]
    private(set) var uploads: [[String]] = []
    private var scriptedFailures: [UploadError] = []
    private var rejectedIDs: [String: String] = [:]

    func failNext(_ failures: UploadError...) {
        scriptedFailures += failures
    }

    func reject(id: String, message: String) {
        rejectedIDs[id] = message
    }

    func upload(_ respondents: [Respondent]) async throws(UploadError) {
        uploads.append(respondents.map(\.id))
        if !scriptedFailures.isEmpty { throw scriptedFailures.removeFirst() }
        if let rejected = respondents.first(where: { rejectedIDs[$0.id] != nil }) {
            throw .rejected(status: 422, message: rejectedIDs[rejected.id]!)
        }
        for respondent in respondents { stored[respondent.id] = respondent }
    }

    var uploadedIDCount: Int { uploads.reduce(0) { $0 + $1.count } }
}
