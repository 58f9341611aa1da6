import CasebookPostgres
import CasebookTestSupport
import Foundation

/// Fresh PostgreSQL databases on the tests' throwaway cluster (`PostgresCluster`), migrated and
/// with their pools running for exactly as long as the body runs.
public enum PostgresTesting {
    /// Runs `body` with `count` new databases, each migrated with `schemas`.
    public static func withDatabases<T: Sendable>(
        _ count: Int = 1, schemas: [PostgresSchema],
        _ body: @Sendable ([PostgresDatabase]) async throws -> T
    ) async throws -> T {
        var databases: [PostgresDatabase] = []
        for _ in 0..<count {
            databases.append(try PostgresDatabase(url: DatabaseURL(try await newDatabaseURL())))
        }
        return try await withThrowingTaskGroup(of: Void.self) { pools in
            for database in databases {
                pools.addTask { await database.run() }
            }
            defer { pools.cancelAll() }
            for database in databases {
                try await database.prepare(schemas)
            }
            return try await body(databases)
        }
    }

    /// A new, empty database on the tests' cluster (started on first use). The cluster's
    /// programs are run and waited for on a thread of their own, never on the concurrency pool.
    public static func newDatabaseURL() async throws -> String {
        try await onOwnThread { try PostgresCluster.shared.makeDatabase() }
    }

    /// Runs `body` with one new database migrated with `schemas`.
    public static func withDatabase<T: Sendable>(
        schemas: [PostgresSchema], _ body: @Sendable (PostgresDatabase) async throws -> T
    ) async throws -> T {
        try await withDatabases(1, schemas: schemas) { try await body($0[0]) }
    }

    /// Runs `body` on a thread of its own, off the concurrency pool: for code that waits on its
    /// thread for async work (a synchronous store over PostgresNIO), which must never block the
    /// pool's few threads that the work itself needs.
    public static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T)
        async throws -> T
    {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.start()
        }
    }
}
