import Foundation

/// A bound on how long a store waits for the database. PostgresNIO's pool keeps a request
/// waiting while it retries a database that went away (for up to a minute); a request to
/// Casebook should instead be told at once that the store is unavailable (503), and succeed
/// again when the database is back.
public enum PostgresDeadline {
    /// How long a store operation may wait, connection included.
    public static let standard: Duration = .seconds(5)

    /// Why an operation was given up.
    public struct Exceeded: Error, CustomStringConvertible {
        public let limit: Duration
        public var description: String { "the database did not answer within \(limit)" }
    }

    /// `operation`, or `Exceeded` once `limit` has passed. The operation is then cancelled but
    /// not waited for: PostgresNIO cannot cancel a statement under way (a commit waiting for a
    /// standby, a lock held by another session), and the caller must be answered all the same.
    /// A transaction it had begun is rolled back by the database when its connection goes; a
    /// commit already sent may still take effect, which is why the caller says "unavailable",
    /// not "not done".
    public static func run<T: Sendable>(
        within limit: Duration = standard,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.begin(
                    continuation,
                    work: Task { race.end(with: await Result { try await operation() }) },
                    timer: Task {
                        try? await Task.sleep(for: limit)
                        race.end(with: .failure(Exceeded(limit: limit)))
                    })
            }
        } onCancel: {
            race.end(with: .failure(CancellationError()))
        }
    }

    /// The operation against the clock: the first to end answers, and the other is cancelled.
    private final class Race<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var tasks: [Task<Void, Never>] = []
        private var outcome: Result<T, any Error>?

        func begin(
            _ continuation: CheckedContinuation<T, any Error>, work: Task<Void, Never>,
            timer: Task<Void, Never>
        ) {
            let ended = lock.withLock { () -> Result<T, any Error>? in
                tasks = [work, timer]
                if outcome == nil { self.continuation = continuation }
                return outcome
            }
            if let ended {
                work.cancel()
                timer.cancel()
                continuation.resume(with: ended)
            }
        }

        func end(with result: Result<T, any Error>) {
            let (continuation, tasks) = lock.withLock {
                () -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) in
                guard outcome == nil else { return (nil, []) }
                outcome = result
                defer { self.continuation = nil }
                return (self.continuation, self.tasks)
            }
            for task in tasks { task.cancel() }
            continuation?.resume(with: result)
        }
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async `body`.
    fileprivate init(_ body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
