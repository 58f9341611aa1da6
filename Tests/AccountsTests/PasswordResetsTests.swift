import Accounts
import Foundation
import Testing

/// A one-time link to set a new password: it works once, for a day, for its user only; a
/// password the rules refuse leaves it to be tried again; using it ends the user's sessions.
@Suite("Password reset links")
struct PasswordResetsTests {
    let directory = InMemoryUserDirectory()
    let clock = ClockStub(Date(timeIntervalSince1970: 1_700_000_000))
    var users: Users { Users(store: directory, hasher: PasswordHasherFake()) }
    var resets: PasswordResets {
        PasswordResets(store: directory, users: users, clock: { [clock] in clock.now })
    }

    @Test func aLinkSetsThePasswordOnceAndEndsTheSessions() async throws {
        try await users.add(name: "ada", role: .diarist, password: "forgotten one")
        let session = try await Sessions(store: directory, users: directory).start(for: "ada")
        let (reset, secret) = try await resets.create(for: "ada")
        #expect(reset.expiresAt == clock.now.addingTimeInterval(24 * 3600))
        #expect(try await resets.pending(secret)?.user == "ada")
        await #expect(throws: UserError.self) {
            try await resets.redeem(secret, password: "short")
        }
        #expect(try await resets.pending(secret) != nil, "a refused password leaves the link")
        #expect(try await resets.redeem(secret, password: "a new password")?.user == "ada")
        #expect(try await users.authenticate(name: "ada", password: "a new password") != nil)
        #expect(
            try await Sessions(store: directory, users: directory).user(forSecret: session) == nil)
        #expect(try await resets.redeem(secret, password: "another one") == nil, "once only")
        #expect(try await users.authenticate(name: "ada", password: "another one") == nil)
    }

    @Test func aLinkExpiresAfterADayAndANewOneReplacesIt() async throws {
        try await users.add(name: "ada", role: .diarist, password: "forgotten one")
        let (_, old) = try await resets.create(for: "ada")
        let (_, new) = try await resets.create(for: "ada")
        #expect(try await resets.pending(old) == nil)
        clock.now += 24 * 3600 - 1
        #expect(try await resets.pending(new) != nil)
        clock.now += 1
        #expect(try await resets.pending(new) == nil)
        #expect(try await resets.redeem(new, password: "a new password") == nil)
        #expect(try await resets.pending("not a secret") == nil)
        await #expect(throws: UserError.unknown("bob")) {
            try await resets.create(for: "bob")
        }
    }
}
