import CasebookPostgres
import CasebookTestSupport
import Foundation
import PostgresNIO

/// Fresh PostgreSQL databases on the tests' throwaway cluster (`PostgresCluster`), migrated and
/// with their pools running for exactly as long as the body runs.
public enum PostgresTesting {
    /// Runs `body` with `count` new databases, each migrated with `schemas`.
    public static func withDatabases<T: Sendable>(
        _ count: Int = 1, schemas: [PostgresSchema],
        _ body: @Sendable ([CasebookPostgres.PostgresDatabase]) async throws -> T
    ) async throws -> T {
        var databases: [CasebookPostgres.PostgresDatabase] = []
        for _ in 0..<count {
            databases.append(
                try CasebookPostgres.PostgresDatabase(url: DatabaseURL(try await newDatabaseURL())))
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

    /// A new, empty database on the tests' cluster (started on first use, its programs run and
    /// waited for on a thread of their own, never on the concurrency pool), made with
    /// `CREATE DATABASE` over a connection rather than by starting `createdb`: the tests start
    /// as few processes as they can (Foundation's `Process.run()` has crashed under load).
    public static func newDatabaseURL() async throws -> String {
        let cluster = try await onOwnThread { try PostgresCluster.shared }
        let name = cluster.nextDatabaseName()
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: "127.0.0.1", port: cluster.port, username: cluster.user, password: nil,
                database: "postgres", tls: .disable),
            id: 1, logger: CasebookPostgres.PostgresDatabase.quietLogger)
        do {
            try await connection.query(
                PostgresQuery(unsafeSQL: "CREATE DATABASE \"\(name)\""),
                logger: CasebookPostgres.PostgresDatabase.quietLogger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        return cluster.url(database: name)
    }

    /// Runs `body` with one new database migrated with `schemas`.
    public static func withDatabase<T: Sendable>(
        schemas: [PostgresSchema],
        _ body: @Sendable (CasebookPostgres.PostgresDatabase) async throws -> T
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
