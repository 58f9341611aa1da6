import CasebookPostgres
import Foundation
import Testing

@Suite("Operations on the database, within their deadline")
struct PostgresOperationsTests {
    /// An operation of several steps (a bulk write) may take a deadline for each: it is given
    /// up no sooner than that many deadlines, and then as an exceeded deadline.
    @Test func anOperationOfSeveralStepsHasADeadlineForEach() async throws {
        let operations = PostgresOperations(deadline: .milliseconds(40))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: PostgresDeadline.Exceeded.self) {
            try await operations.run(deadlines: 3) { try await Task.sleep(for: .seconds(3600)) }
        }
        #expect(clock.now - start >= .milliseconds(120))
        #expect(operations.counts.timedOut == 1)
    }

    /// A statement the database holds (a commit waiting for a standby) cannot be cancelled: the
    /// caller is answered when the deadline passes all the same, not when the statement ends.
    @Test func anOperationThatIgnoresCancellationIsGivenUpAtTheDeadline() async throws {
        let operations = PostgresOperations(deadline: .milliseconds(50))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: PostgresDeadline.Exceeded.self) {
            try await operations.run {
                await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 120) { resumed.resume() }
                }
            }
        }
        // Far sooner than the operation's end, with room for a machine whose threads are all
        // busy with other tests.
        #expect(clock.now - start < .seconds(60))
    }
}
