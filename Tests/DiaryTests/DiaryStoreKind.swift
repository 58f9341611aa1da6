import CasebookServer
import CasebookTestSupport
import CasebookWire
import Diary
import DiaryHTTPClient
import DiaryPostgres
import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresTestSupport
import Testing

/// Every implementation of `DiaryStore`, for the contract tests to run against each.
enum DiaryStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqlite, sqliteOneConnection, sealed, postgres, server

    var testDescription: String { rawValue }

    /// `date` as this kind of store keeps it: exactly, but for a server's, which keeps it to
    /// the millisecond, as its API writes it.
    func kept(_ date: Date) -> Date {
        guard self == .server else { return date }
        return WireDateText.date(from: WireDateText.text(of: date)) ?? date
    }

    /// A new, empty store that lives in this process or in `directory`.
    func make(in directory: TemporaryDirectory) throws -> any DiaryStore & Sendable {
        switch self {
        case .inMemory: InMemoryDiaryStore()
        case .sqlite:
            try SQLiteDiaryStore(path: directory.appending("d-\(UUID().uuidString).sqlite").path)
        case .sqliteOneConnection:
            try SQLiteDiaryStore(
                path: directory.appending("d-\(UUID().uuidString).sqlite").path, connections: .one)
        case .sealed:
            // An encrypted diary, opened: the database in memory that its file seals.
            try {
                let diary = try SealedDiaryTests.openedDiary(in: directory)
                diary.close()
                return diary.store
            }()
        case .postgres, .server:
            preconditionFailure("a PostgreSQL or a server's store lives only inside withStore")
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
        case .inMemory, .sqlite, .sqliteOneConnection, .sealed:
            let store = try make(in: directory)
            try await PostgresTesting.onOwnThread { try body(store) }
        case .postgres:
            try await PostgresTesting.withDatabase(schemas: [PostgresDiaryStore.schema]) {
                database in
                let store = PostgresDiaryStore(client: database.client)
                try await PostgresTesting.onOwnThread { try body(store) }
            }
        case .server:
            // A server on a loopback port, as `--server` reaches it, over stores in memory (its
            // stores' own kinds are the other cases): as few descriptors as a server holds.
            try await LiveServerTurns.shared.run {
                let app = Application(
                    router: try CasebookServer.router(
                        stores: CasebookServer.Stores.inMemory(dataDirectory: directory.url)),
                    configuration: .init(address: .hostname("127.0.0.1", port: 0)))
                try await app.test(.live) { client in
                    let port = try #require(client.port)
                    let store = ServerDiaryStore(
                        server: URL(string: "http://127.0.0.1:\(port)")!, token: nil, zone: .gmt)
                    try await PostgresTesting.onOwnThread { try body(store) }
                }
            }
        }
    }
}
