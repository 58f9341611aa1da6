import SurveySync

/// Records how long it was asked to wait, and returns at once.
actor SleeperSpy: Sleeping {
    private(set) var delays: [Duration] = []

    func sleep(for duration: Duration) async throws {
        delays.append(duration)
    }
}
