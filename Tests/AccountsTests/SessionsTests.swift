import Accounts
import Foundation
import Testing

/// Signing in by cookie: a session's secret signs its user in for 12 hours, until sign-out,
/// or until the user is removed.
@Suite("Signed-in sessions")
struct SessionsTests {
    let directory = InMemoryUserDirectory()
    let clock = ClockStub(Date(timeIntervalSince1970: 1_700_000_000))
    var sessions: Sessions {
        Sessions(store: directory, users: directory, clock: { [clock] in clock.now })
    }

    func addAda() async throws -> User {
        let user = User(name: "ada", role: .admin, passwordHash: "fake:x", createdAt: clock.now)
        try await directory.add(user)
        return user
    }

    @Test func aSessionSignsItsUserInForTwelveHoursByDefault() async throws {
        let ada = try await addAda()
        let secret = try await sessions.start(for: "ada")
        #expect(try await sessions.user(forSecret: secret) == ada)
        clock.now += 12 * 3600 - 1
        #expect(try await sessions.user(forSecret: secret) == ada, "a second before it ends")
        clock.now += 1
        #expect(try await sessions.user(forSecret: secret) == nil, "at twelve hours")
    }

    @Test func aSessionOfAnotherLifetimeEndsThen() async throws {
        let ada = try await addAda()
        let short = Sessions(
            store: directory, users: directory, lifetime: .seconds(90),
            clock: { [clock] in clock.now })
        let secret = try await short.start(for: "ada")
        clock.now += 89
        #expect(try await short.user(forSecret: secret) == ada)
        clock.now += 1
        #expect(try await short.user(forSecret: secret) == nil)
    }

    /// A sign-in whose password was checked against a hash that a new password has replaced
    /// meanwhile (while bcrypt ran) starts no session: the old password signs nobody in.
    @Test func aSignInCheckedAgainstAReplacedPasswordStartsNoSession() async throws {
        let ada = try await addAda()
        #expect(try await sessions.start(for: ada) != nil)
        try await directory.setPasswordHash("fake:new", forUser: "ada")
        #expect(try await sessions.start(for: ada) == nil)
        let current = try #require(try await directory.user(named: "ada"))
        let secret = try #require(try await sessions.start(for: current))
        #expect(try await sessions.user(forSecret: secret) == current)
    }

    @Test func aSessionEndsAtSignOutAndWhenItsUserIsRemoved() async throws {
        _ = try await addAda()
        let first = try await sessions.start(for: "ada")
        let second = try await sessions.start(for: "ada")
        try await sessions.end(first)
        #expect(try await sessions.user(forSecret: first) == nil)
        #expect(try await sessions.user(forSecret: second)?.name == "ada")
        try await directory.remove(named: "ada")
        #expect(try await sessions.user(forSecret: second) == nil)
    }

    /// 32 random bytes, URL-safe base64 without padding: 43 characters a cookie carries as they
    /// are, new every time; a secret never issued signs nobody in.
    @Test func eachSecretIsNewAndCookieSafeAndOnlyAnIssuedOneSignsIn() async throws {
        _ = try await addAda()
        var secrets: Set<String> = []
        for _ in 0..<20 {
            let secret = try await sessions.start(for: "ada")
            #expect(secret.utf8.count == 43)
            #expect(
                secret.allSatisfy {
                    $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0))
                })
            secrets.insert(secret)
        }
        #expect(secrets.count == 20)
        for forged in [
            "", "x", String(repeating: "A", count: 43), String(repeating: "A", count: 200),
        ] {
            #expect(try await sessions.user(forSecret: forged) == nil)
        }
    }

    /// A user sees their own sessions that have not expired, with the browser each began in,
    /// and ends one by its handle, or all but the current one; nobody ends another's.
    @Test func aUserListsAndEndsTheirOwnSessions() async throws {
        _ = try await addAda()
        try await directory.add(
            User(name: "bob", role: .diarist, passwordHash: "fake:x", createdAt: clock.now))
        let laptop = try await sessions.start(for: "ada", userAgent: "Firefox\u{7}\non Linux")
        clock.now += 60
        let phone = try await sessions.start(for: "ada", userAgent: nil)
        let bobs = try await sessions.start(for: "bob")
        let listed = try await sessions.list(user: "ada")
        #expect(listed.map(\.session.userAgent) == [nil, "Firefoxon Linux"])
        #expect(listed.map(\.handle).allSatisfy { $0.count == 16 })
        let bobsHandle = try #require(try await sessions.list(user: "bob").first).handle
        #expect(try await sessions.end(user: "ada", handle: bobsHandle) == false)
        #expect(try await sessions.user(forSecret: bobs)?.name == "bob")
        #expect(try await sessions.end(user: "ada", handle: listed[1].handle))
        #expect(try await sessions.user(forSecret: laptop) == nil)
        _ = try await sessions.start(for: "ada")
        #expect(try await sessions.endAll(user: "ada", except: phone) == 1)
        #expect(try await sessions.list(user: "ada").map(\.handle) == [listed[0].handle])
        clock.now += 12 * 3600
        #expect(try await sessions.list(user: "ada").isEmpty, "expired ones are not listed")
    }

    /// A disabled user's sessions sign nobody in (the store ended them; one started meanwhile
    /// is refused too), and no new one starts for them.
    @Test func aDisabledUserHasNoSession() async throws {
        let ada = try await addAda()
        let secret = try await sessions.start(for: "ada")
        var disabled = ada
        disabled.disabled = true
        try await directory.remove(named: "ada")
        try await directory.add(disabled)
        let kept = try await sessions.start(for: "ada")
        #expect(try await sessions.user(forSecret: secret) == nil)
        #expect(try await sessions.user(forSecret: kept) == nil)
        #expect(try await sessions.refusal(ofSecret: kept) == .revoked)
        #expect(try await sessions.start(for: disabled) == nil)
    }
}
