import Accounts
import Foundation
import Testing

@Suite("The remembered username, with user defaults injected")
struct LoginHandlerTests {
    @Test func readsThePreviousUsernameFromItsStorage() {
        let handler = LoginHandler(
            storage: LoginStorageStub(values: [LoginHandler.previousUsernameKey: "ada"]))
        #expect(handler.previousUsername == "ada")
    }

    @Test func thereIsNoPreviousUsernameAtFirst() {
        #expect(LoginHandler(storage: LoginStorageStub(values: [:])).previousUsername == nil)
    }

    @Test func remembersTheUsernameAfterASuccessfulLogin() throws {
        let storage = UserDefaultsStorageFake()
        let handler = LoginHandler(storage: storage)
        try handler.rememberUsername(afterLoggingInAs: "grace")
        #expect(handler.previousUsername == "grace")
    }

    @Test func cannotRememberInReadOnlyStorage() {
        let handler = LoginHandler(storage: LoginStorageStub(values: [:]))
        #expect(throws: LoginError.storageIsReadOnly) {
            try handler.rememberUsername(afterLoggingInAs: "x")
        }
    }

    @Test func refusesABlankUsername() {
        #expect(throws: LoginError.blankUsername) {
            try LoginHandler(storage: UserDefaultsStorageFake()).rememberUsername(
                afterLoggingInAs: "  ")
        }
    }

    @Test func worksWithARealUserDefaultsSuite() throws {
        let suite = "casebook-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let handler = LoginHandler(storage: defaults)
        try handler.rememberUsername(afterLoggingInAs: "linus")
        #expect(LoginHandler(storage: defaults).previousUsername == "linus")
    }
}

/// Answers string lookups from preset values; it cannot be written.
struct LoginStorageStub: LoginStorage {
    let values: [String: String]

    func string(forKey key: String) -> String? { values[key] }
}
