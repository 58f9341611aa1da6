import CasebookTestSupport
import Diary
import DiaryPostgres
import Foundation
import PostgresTestSupport
import Testing

/// Every implementation of `DiaryStore`, for the contract tests to run against each.
enum DiaryStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqlite, sqliteOneConnection, postgres

    var testDescription: String { rawValue }

    /// A new, empty store that lives in this process or in `directory`.
    func make(in directory: TemporaryDirectory) throws -> any DiaryStore & Sendable {
        switch self {
        case .inMemory: InMemoryDiaryStore()
        case .sqlite:
            try SQLiteDiaryStore(path: directory.appending("d-\(UUID().uuidString).sqlite").path)
        case .sqliteOneConnection:
            try SQLiteDiaryStore(
                path: directory.appending("d-\(UUID().uuidString).sqlite").path, connections: .one)
        case .postgres: preconditionFailure("a PostgreSQL store lives only inside withStore")
        }
    }

    /// Runs `body` with a new, empty store, on a thread of its own (a synchronous store over
    /// PostgresNIO waits on its thread, which must not be one of the concurrency pool's); a
    /// PostgreSQL store lives in a new database on the tests' cluster.
    func withStore(
        in directory: TemporaryDirectory,
        _ body: @escaping @Sendable (any DiaryStore) throws -> Void
    ) async throws {
        switch self {
        case .inMemory, .sqlite, .sqliteOneConnection:
            let store = try make(in: directory)
            try await PostgresTesting.onOwnThread { try body(store) }
        case .postgres:
            try await PostgresTesting.withDatabase(schemas: [PostgresDiaryStore.schema]) {
                database in
                let store = PostgresDiaryStore(client: database.client)
                try await PostgresTesting.onOwnThread { try body(store) }
            }
        }
    }
}
