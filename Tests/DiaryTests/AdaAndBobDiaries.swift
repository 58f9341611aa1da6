import DiaryPostgres
import PostgresTestSupport

/// Ada's and Bob's diaries on the shared tables of a new PostgreSQL database, for the tests of
/// what one owner's store sees of another's.
enum AdaAndBobDiaries {
    /// Runs `body` with both stores, on a thread of its own (a synchronous store over
    /// PostgresNIO waits on its thread, which must not be one of the concurrency pool's).
    static func run(
        _ body:
            @escaping @Sendable (_ ada: PostgresDiaryStore, _ bob: PostgresDiaryStore) throws
            -> Void
    ) async throws {
        try await PostgresTesting.withDatabase(schemas: [PostgresDiaryStore.schema]) { database in
            let ada = PostgresDiaryStore(
                client: database.client, operations: database.operations, owner: "ada")
            let bob = PostgresDiaryStore(
                client: database.client, operations: database.operations, owner: "bob")
            try await PostgresTesting.onOwnThread { try body(ada, bob) }
        }
    }
}
