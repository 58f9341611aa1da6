/// A sync's or a verify's conversation with the backend: every call retried while the backend
/// is unavailable (with the caller's waits), and, with a `RespondentBackend`, every upload
/// checked to be acknowledged by the store the conversation began with.
struct BackendSession {
    let uploader: any RespondentUploading
    let sleeper: any Sleeping
    let retryDelays: [Duration]

    var backend: (any RespondentBackend)? { uploader as? any RespondentBackend }

    /// The key under which the ledger keeps a plain uploader's acknowledgements: it cannot say
    /// which store it is, so its destination stands in.
    var uploaderKey: String { "uploader " + uploader.destination }

    /// `operation`, retried while the backend is unavailable. A refusal (4xx) from anything but
    /// an upload means the backend is not one this sync can talk to.
    func retrying<T>(
        _ report: SyncReport, _ operation: () async throws(UploadError) -> T
    ) async throws(SyncError) -> T {
        try await withRetries(report, operation) { status, message throws(SyncError) in
            let reason =
                status == 401 || status == 403
                ? SyncError.refusedCredential + " (\(status): \(message))"
                : "it refused to say which store it is (\(status): \(message))"
            throw .backendUnavailable(
                destination: uploader.destination, reason: reason, report: report)
        }
    }

    /// What the backend answered an upload.
    private enum Answer {
        case acknowledged(by: String)
        case refused(String)
    }

    /// Uploads, retrying an unavailable backend; returns the refusal when the backend refuses
    /// the respondents. With a `RespondentBackend`, the store that acknowledges must be `store`.
    func upload(_ respondents: [Respondent], to store: String, report: SyncReport)
        async throws(SyncError) -> String?
    {
        let answer: Answer = try await withRetries(report) { () throws(UploadError) -> Answer in
            guard let backend else {
                try await uploader.upload(respondents)
                return .acknowledged(by: store)
            }
            return .acknowledged(by: try await backend.uploadToStore(respondents))
        } onRefusal: { status, message in
            .refused("refused (\(status)): \(message)")
        }
        switch answer {
        case .refused(let refusal):
            return refusal
        case .acknowledged(let acknowledgedBy) where acknowledgedBy == store:
            return nil
        case .acknowledged(let acknowledgedBy):
            throw .backendUnavailable(
                destination: uploader.destination,
                reason:
                    "its store changed during the sync (it was \(store), it is now \(acknowledgedBy)); sync again to send the new store everything it lacks",
                report: report)
        }
    }

    /// `operation`, retried with the caller's waits while the backend is unavailable; a
    /// refusal goes to `onRefusal`.
    private func withRetries<T>(
        _ report: SyncReport, _ operation: () async throws(UploadError) -> T,
        onRefusal: (Int, String) throws(SyncError) -> T
    ) async throws(SyncError) -> T {
        var attempt = 0
        while true {
            let failure: UploadError
            do {
                return try await operation()
            } catch {
                failure = error
            }
            switch failure {
            case .rejected(let status, let message):
                return try onRefusal(status, message)
            case .unavailable(let reason):
                guard attempt < retryDelays.count else {
                    throw .backendUnavailable(
                        destination: uploader.destination, reason: reason, report: report)
                }
                try? await sleeper.sleep(for: retryDelays[attempt])
                attempt += 1
            }
        }
    }
}
