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

    /// `operation`, or `Exceeded` once `limit` has passed (the operation is then cancelled;
    /// a transaction it had begun is rolled back by the database when its connection goes).
    public static func run<T: Sendable>(
        within limit: Duration = standard,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw Exceeded(limit: limit)
            }
            return value
        }
    }
}
