/// How a sync or a verification talks to its backend: how many respondents go in one request,
/// and how long it waits before each retry of an unavailable backend (after the last wait, it
/// stops).
struct SyncPacing {
    let sleeper: any Sleeping
    let retryDelays: [Duration]
    let batchSize: Int

    init(sleeper: any Sleeping, retryDelays: [Duration], batchSize: Int) {
        self.sleeper = sleeper
        self.retryDelays = retryDelays
        self.batchSize = max(1, batchSize)
    }

    /// A session with `uploader` that retries as this pacing says.
    func session(with uploader: any RespondentUploading) -> BackendSession {
        BackendSession(uploader: uploader, sleeper: sleeper, retryDelays: retryDelays)
    }
}
