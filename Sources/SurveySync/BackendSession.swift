/// A sync's or a verify's conversation with the backend: every call retried while the backend
/// is unavailable (with the caller's waits), and, with a `RespondentBackend`, every answer
/// checked to come from the store the conversation began with.
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
                throw .backendUnavailable(
                    destination: uploader.destination,
                    reason: "it refused to say which store it is (\(status): \(message))",
                    report: report)
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

    /// Uploads, retrying an unavailable backend; returns the refusal when the backend refuses
    /// the respondents. With a `RespondentBackend`, the store that acknowledges must be `store`.
    func upload(_ respondents: [Respondent], to store: String, report: SyncReport)
        async throws(SyncError) -> String?
    {
        var attempt = 0
        while true {
            do {
                if let backend {
                    let acknowledgedBy = try await backend.uploadToStore(respondents)
                    guard acknowledgedBy == store else {
                        throw SyncError.backendUnavailable(
                            destination: uploader.destination,
                            reason:
                                "its store changed during the sync (it was \(store), it is now \(acknowledgedBy)); sync again to send the new store everything it lacks",
                            report: report)
                    }
                } else {
                    try await uploader.upload(respondents)
                }
                return nil
            } catch let error as SyncError {
                throw error
            } catch let error as UploadError {
                switch error {
                case .rejected(let status, let message):
                    return "refused (\(status)): \(message)"
                case .unavailable(let reason):
                    guard attempt < retryDelays.count else {
                        throw .backendUnavailable(
                            destination: uploader.destination, reason: reason, report: report)
                    }
                    try? await sleeper.sleep(for: retryDelays[attempt])
                    attempt += 1
                }
            } catch {
                throw .backendUnavailable(
                    destination: uploader.destination, reason: "\(error)", report: report)
            }
        }
    }
}
