import Accounts
import Foundation
import Testing

@testable import CasebookServer

/// Who a cookie or token stands for is remembered briefly (a signed-in page need not read the
/// user store each time), forgotten at sign-out, and never remembered when the look-up failed.
@Suite("Remembered credentials")
struct CredentialCacheTests {
    let ada = User(name: "ada", role: .admin, passwordHash: "-", createdAt: Date())

    @Test func aSuccessfulLookUpIsRememberedAndForgottenOnRequest() async throws {
        let cache = CredentialCache(lifetime: .seconds(60))
        let lookUps = Counter()
        for _ in 0..<3 {
            let user = try await cache.user(for: "session x") {
                lookUps.add()
                return ada
            }
            #expect(user == ada)
        }
        #expect(lookUps.value == 1)
        cache.forget("session x")
        _ = try await cache.user(for: "session x") {
            lookUps.add()
            return nil
        }
        _ = try await cache.user(for: "session x") {
            lookUps.add()
            return nil
        }
        #expect(lookUps.value == 3, "a failed look-up is not remembered")
    }

    /// Where the store can say it changed (the users' database in a data directory, watched),
    /// a change ends everything remembered at once: a new password, a removed user or a
    /// revoked token takes effect on the next request, whatever the lifetime.
    @Test func aChangeOfTheStoreEndsWhatWasRememberedAtOnce() async throws {
        let signal = ChangeSignalStub(answers: [false, false, true, false])
        let cache = CredentialCache(
            lifetime: .seconds(60), changes: ChangeGeneration(signal: signal))
        let lookUps = Counter()
        for _ in 0..<4 {
            _ = try await cache.user(for: "session x") {
                lookUps.add()
                return ada
            }
        }
        // Read once, kept while nothing changed, read again after the change, then kept.
        #expect(lookUps.value == 2)
    }

    @Test func aZeroLifetimeLooksUpEveryTime() async throws {
        let cache = CredentialCache(lifetime: .zero)
        let lookUps = Counter()
        for _ in 0..<3 {
            _ = try await cache.user(for: "token y") {
                lookUps.add()
                return ada
            }
        }
        #expect(lookUps.value == 3)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
