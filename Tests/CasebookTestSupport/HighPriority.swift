import Testing

/// A test that runs at high priority (`@Test(.highPriority)`): for a test that mostly waits (out
/// a deadline, on a long run of round trips to PostgreSQL), so that each of its steps is not
/// queued behind the hundreds of tests that keep both cores busy beside it. Its waiting then
/// starts early in the run, not last, where the run would end waiting on it alone. Task-local
/// values (the running test, which records its failures) are carried into the task;
/// cancelling the test does not cancel it.
public struct HighPriority: TestTrait, TestScoping {
    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        // The task is awaited to its end, so the test's function outlives this call in no way.
        try await withoutActuallyEscaping(function) { function in
            try await Task(priority: .high) { try await function() }.value
        }
    }
}

extension Trait where Self == HighPriority {
    /// The test runs at high priority (`HighPriority`).
    public static var highPriority: Self { Self() }
}
