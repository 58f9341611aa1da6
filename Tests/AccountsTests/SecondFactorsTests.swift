import Accounts
import Foundation
import Testing

/// A second factor turned on with the app's code, each code accepted once, a recovery code
/// once each, and nothing once it is turned off.
@Suite("Second factors")
struct SecondFactorsTests {
    let directory = InMemoryUserDirectory()
    let clock = ClockStub(Date(timeIntervalSince1970: 1_700_000_000))
    var factors: SecondFactors { SecondFactors(store: directory, clock: { [clock] in clock.now }) }

    init() async throws {
        try await directory.add(
            User(name: "ana", role: .surveyor, passwordHash: "h", createdAt: Date()))
    }

    @Test func aCodeTurnsItOnAndEachCodeWorksOnce() async throws {
        let totp = TOTP.random()
        #expect(
            try await factors.enable(user: "ana", secret: totp.base32, code: "000000") == nil
                || totp.code(at: clock.now) == "000000")
        let codes = try #require(
            try await factors.enable(
                user: "ana", secret: totp.base32, code: totp.code(at: clock.now)))
        #expect(codes.count == 10)
        #expect(Set(codes).count == 10)
        #expect(try await factors.isOn(for: "ana"))
        // The code that turned it on is spent; the next step's is not.
        #expect(try await factors.verify(user: "ana", code: totp.code(at: clock.now)) == false)
        clock.now += 30
        let next = totp.code(at: clock.now)
        #expect(try await factors.verify(user: "ana", code: next))
        #expect(try await factors.verify(user: "ana", code: next) == false, "replayed")
        #expect(try await factors.verify(user: "ana", code: codes[0].uppercased()))
        #expect(try await factors.verify(user: "ana", code: codes[0]) == false, "once")
        #expect(try await factors.recoveryCodesLeft(user: "ana") == 9)
        try await factors.disable(user: "ana")
        #expect(try await factors.isOn(for: "ana") == false)
        #expect(try await factors.verify(user: "ana", code: codes[1]) == false)
    }
}
