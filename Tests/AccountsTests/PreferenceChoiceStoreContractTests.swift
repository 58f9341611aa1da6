import Accounts
import AccountsPostgres
import CasebookTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// Every implementation of `PreferenceChoiceStore`, for the contract tests to run against each.
enum PreferenceChoiceStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqlite, postgres

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store; a file-backed one lives in `directory`, a
    /// PostgreSQL one in a new database on the tests' cluster.
    func withStore(
        in directory: TemporaryDirectory,
        _ body: @Sendable (any PreferenceChoiceStore) async throws -> Void
    ) async throws {
        switch self {
        case .inMemory: try await body(InMemoryPreferenceChoiceStore())
        case .sqlite:
            try await body(
                SQLitePreferenceChoiceStore(
                    path: directory.appending("p-\(UUID().uuidString).sqlite").path))
        case .postgres:
            try await PostgresTesting.withDatabase(
                schemas: [PostgresPreferenceChoiceStore.schema]
            ) { database in
                try await body(PostgresPreferenceChoiceStore(client: database.client))
            }
        }
    }
}

/// What every preference choice store promises: one choice per user, replaced by the next,
/// kept exactly (a username with any characters), and none for a user who never chose.
@Suite("The preference choice store contract")
struct PreferenceChoiceStoreContractTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test(arguments: PreferenceChoiceStoreKind.allCases)
    func keepsOneChoicePerUserReplacedByTheNext(kind: PreferenceChoiceStoreKind) async throws {
        try await kind.withStore(in: directory) { store in
            #expect(try await store.choice(forUser: "u1") == nil)
            try await store.save(PreferenceChoice(choice: .never, username: nil), forUser: "u1")
            try await store.save(
                PreferenceChoice(choice: .save, username: "ädä 'x' \"y\""), forUser: "u2")
            #expect(
                try await store.choice(forUser: "u1")
                    == PreferenceChoice(choice: .never, username: nil)
            )
            try await store.save(PreferenceChoice(choice: .notNow, username: nil), forUser: "u1")
            #expect(
                try await store.choice(forUser: "u1")
                    == PreferenceChoice(choice: .notNow, username: nil))
            #expect(
                try await store.choice(forUser: "u2")
                    == PreferenceChoice(choice: .save, username: "ädä 'x' \"y\""))
            #expect(try await store.choice(forUser: "U1") == nil, "user ids are exact")
        }
    }
}
