/// Waits: the sync's clock, so tests never sleep.
public protocol Sleeping: Sendable {
    func sleep(for duration: Duration) async throws
}

/// Really waits, with `Task.sleep`.
public struct TaskSleeper: Sleeping {
    public init() {}

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
