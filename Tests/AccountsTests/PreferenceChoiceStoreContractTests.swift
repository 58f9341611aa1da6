import Accounts
import CasebookTestSupport
import Foundation
import Testing

/// Every implementation of `PreferenceChoiceStore`, for the contract tests to run against each.
enum PreferenceChoiceStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqlite

    var testDescription: String { rawValue }

    func make(in directory: TemporaryDirectory) throws -> any PreferenceChoiceStore {
        switch self {
        case .inMemory: InMemoryPreferenceChoiceStore()
        case .sqlite:
            try SQLitePreferenceChoiceStore(
                path: directory.appending("p-\(UUID().uuidString).sqlite").path)
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
        let store = try kind.make(in: directory)
        #expect(try await store.choice(forUser: "u1") == nil)
        try await store.save(PreferenceChoice(choice: .never, username: nil), forUser: "u1")
        try await store.save(
            PreferenceChoice(choice: .save, username: "ädä 'x' \"y\""), forUser: "u2")
        #expect(
            try await store.choice(forUser: "u1") == PreferenceChoice(choice: .never, username: nil)
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
