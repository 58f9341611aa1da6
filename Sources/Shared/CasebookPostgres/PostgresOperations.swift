import Foundation
import PostgresNIO
import StoreFailures

/// Every store operation on one database goes through here: each waits at most `deadline`
/// (see `PostgresDeadline`), and the counts say how busy the database is, for `/metrics`.
public final class PostgresOperations: @unchecked Sendable {
    /// What has happened so far.
    public struct Counts: Sendable, Equatable {
        /// Operations waiting for or using a connection now.
        public var inFlight = 0
        public var succeeded = 0
        /// Failed for any reason, timeouts included.
        public var failed = 0
        /// Gave up after the deadline.
        public var timedOut = 0
    }

    public let deadline: Duration
    private let lock = NSLock()
    private var state = Counts()

    /// Moves the operations to another host when the one in use is no longer fit; nil when
    /// the database has one host and asks for any server.
    let failover: PostgresFailover?

    public init(deadline: Duration = PostgresDeadline.standard) {
        self.deadline = deadline
        failover = nil
    }

    init(deadline: Duration, failover: PostgresFailover?) {
        self.deadline = deadline
        self.failover = failover
    }

    public var counts: Counts { lock.withLock { state } }

    public func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        try await run(deadlines: 1, operation)
    }

    /// `operation`, made of `deadlines` steps that may each take the deadline (a bulk write
    /// of many statements), within that many deadlines.
    public func run<T: Sendable>(
        deadlines: Int, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        lock.withLock { state.inFlight += 1 }
        do {
            let value = try await PostgresDeadline.run(
                within: deadline * max(1, deadlines), operation)
            lock.withLock {
                state.inFlight -= 1
                state.succeeded += 1
            }
            return value
        } catch {
            lock.withLock {
                state.inFlight -= 1
                state.failed += 1
                if error is PostgresDeadline.Exceeded { state.timedOut += 1 }
            }
            throw error
        }
    }

    /// `operation` on `client` (or on the pool of the host the database has moved to since),
    /// with failures said as the store's: an error from the database (or its deadline) is a
    /// `StoreUnavailableError` naming `store`, and the hosts are walked again if it says the
    /// host is gone or read-only; the store's own errors (a damaged row, a refusal) pass
    /// unchanged.
    public func run<T: Sendable>(
        store: String, on client: PostgresClient,
        _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        try await run(store: store, on: client, deadlines: 1, operation)
    }

    /// The same for an operation of `deadlines` steps, within that many deadlines.
    public func run<T: Sendable>(
        store: String, on client: PostgresClient, deadlines: Int,
        _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        let failover = failover
        let client = failover?.client ?? client
        do {
            return try await run(deadlines: deadlines) {
                do {
                    return try await operation(client)
                } catch  where PostgresFailure.isPoolShutDown(error) {
                    // The pool was replaced while this waited for a connection, which it never
                    // got: nothing was sent, so it goes to the new pool, within the deadline.
                    // Past the deadline (cancelled), the caller has been told it failed, and it
                    // is not sent at all.
                    guard !Task.isCancelled, let next = failover?.client, next !== client else {
                        throw error
                    }
                    return try await operation(next)
                }
            }
        } catch  where PostgresFailure.isFromDatabase(error) {
            failover?.noticed(error, on: client)
            throw StoreUnavailableError(
                store: store, reason: PostgresFailure.reason(error),
                isTemporary: PostgresFailure.mayMeanTheHostIsUnfit(error)
                    || PostgresFailure.isPoolShutDown(error))
        }
    }
}
