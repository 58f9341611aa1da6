/// Runs a test's body at high priority: for a test that mostly waits (out a deadline, on
/// servers it starts), so that each of its steps is not queued behind the hundreds of tests that
/// keep both cores busy beside it. Its waiting then starts early in the run, not last, where
/// the run would end waiting on it alone. Task-local values (the running test, which records
/// its failures) are carried into the task; cancelling the test does not cancel it.
public enum HighPriority {
    public static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        try await Task(priority: .high) { try await body() }.value
    }
}
