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
    /// The operation here ends only when the test lets it (or after two minutes, so that a
    /// deadline that waited for it fails the test rather than hanging it).
    @Test func anOperationThatIgnoresCancellationIsGivenUpAtTheDeadline() async throws {
        let operations = PostgresOperations(deadline: .milliseconds(50))
        let gate = Gate()
        await #expect(throws: PostgresDeadline.Exceeded.self) {
            try await operations.run {
                await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                    gate.hold(resumed)
                    DispatchQueue.global().asyncAfter(deadline: .now() + 120) { gate.open() }
                }
                gate.markEnded()
            }
        }
        #expect(!gate.hasEnded, "the caller was answered before the operation ended")
        gate.open()
    }

    /// Holds an operation until opened, and says whether it went on to its end.
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var held: CheckedContinuation<Void, Never>?
        private var ended = false

        var hasEnded: Bool { lock.withLock { ended } }

        func hold(_ continuation: CheckedContinuation<Void, Never>) {
            lock.withLock { held = continuation }
        }

        func open() {
            let held = lock.withLock {
                defer { self.held = nil }
                return self.held
            }
            held?.resume()
        }

        func markEnded() {
            lock.withLock { ended = true }
        }
    }
}
