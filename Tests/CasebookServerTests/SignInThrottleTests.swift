import Foundation
import Testing

@testable import CasebookServer

/// Guessing is limited per name from one client address and per address, each over a 15-minute
/// window, and a name alone is only slowed, never refused: nobody can lock a colleague out.
/// Every attempt is counted before its password is checked, so no number of attempts at once
/// buys more guesses; and no switch for everybody exists that failures could flip.
@Suite("The sign-in throttle")
struct SignInThrottleTests {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func fiveAttemptsAtANameFromOneAddressBlockThatPairUntilTheFirstLeavesTheWindow() {
        let throttle = SignInThrottle()
        for minute in 0..<5 {
            let attempt = throttle.admit(
                user: "dee", address: "203.0.113.7", now: start + Double(minute) * 60)
            #expect(attempt.blockedUntil == nil)
        }
        let later = start + 5 * 60
        #expect(
            throttle.admit(user: "dee", address: "203.0.113.7", now: later).blockedUntil
                == start + 15 * 60)
        #expect(throttle.admit(user: "dan", address: "203.0.113.7", now: later).blockedUntil == nil)
        #expect(
            throttle.admit(user: "dee", address: "198.51.100.1", now: later).blockedUntil == nil)
        #expect(
            throttle.admit(user: "dee", address: "203.0.113.7", now: start + 15 * 60 + 1)
                .blockedUntil == nil)
    }

    /// A thousand wrong guesses at maria from fifty addresses refuse or slow those addresses;
    /// from a new address her attempt is neither refused nor slowed: a name alone never
    /// refuses the right password. Slowed attempts are checked one after another, so guesses
    /// sent at once gain nothing.
    @Test func guessesAtANameFromManyAddressesNeverLockItsOwnerOut() {
        let throttle = SignInThrottle()
        var refused = 0
        for guess in 0..<1_000 {
            let attempt = throttle.admit(
                user: "maria", address: "203.0.113.\(guess % 50)", now: start + Double(guess) / 10)
            if attempt.blockedUntil != nil { refused += 1 }
            #expect(attempt.delay <= SignInThrottle.longestWait)
        }
        #expect(refused >= 1_000 - 50 * SignInThrottle.perNameFromAddress)
        let fresh = throttle.admit(user: "maria", address: "198.51.100.9", now: start + 100)
        #expect(fresh.blockedUntil == nil && fresh.delay == 0)
        for address in 0..<50 {
            let again = throttle.admit(
                user: "maria", address: "203.0.113.\(address)", now: start + 100)
            #expect(again.blockedUntil != nil || again.delay > 0, "203.0.113.\(address)")
        }
    }

    /// Slowed attempts at a name wait their turn: at once, each waits a step more than the one
    /// before, and one that would wait past the longest wait is refused.
    @Test func slowedAttemptsAtANameAreCheckedOneAfterAnother() {
        let throttle = SignInThrottle()
        for guess in 0..<SignInThrottle.slowedAfter {
            _ = throttle.admit(user: "maria", address: "203.0.113.\(guess)", now: start)
        }
        _ = throttle.admit(user: "zed", address: "192.0.2.1", now: start)
        let waits = (0..<8).map { _ in
            throttle.admit(user: "maria", address: "192.0.2.1", now: start + 1)
        }
        #expect(waits.prefix(4).map { ($0.delay * 10).rounded() / 10 } == [0, 0.1, 0.3, 0.7])
        #expect(waits.contains { $0.blockedUntil != nil })
        #expect(waits.allSatisfy { $0.delay <= SignInThrottle.longestWait })
    }

    @Test func twentyAttemptsFromOneAddressBlockItWhateverTheNames() {
        let throttle = SignInThrottle()
        for guess in 0..<20 {
            #expect(
                throttle.admit(user: "name\(guess)", address: "203.0.113.7", now: start)
                    .blockedUntil == nil)
        }
        #expect(
            throttle.admit(user: "fresh", address: "203.0.113.7", now: start).blockedUntil != nil)
        #expect(
            throttle.admit(user: "fresh", address: "198.51.100.1", now: start).blockedUntil == nil)
    }

    @Test func aSuccessClearsTheNamesFailuresButNotTheAddresss() {
        let throttle = SignInThrottle()
        for _ in 0..<4 { _ = throttle.admit(user: "dee", address: "203.0.113.7", now: start) }
        let right = throttle.admit(user: "dee", address: "203.0.113.7", now: start)
        throttle.succeeded(right)
        #expect(throttle.admit(user: "dee", now: start).blockedUntil == nil)
        for guess in 0..<15 {
            _ = throttle.admit(user: "other\(guess)", address: "203.0.113.7", now: start)
        }
        // 4 failures + 15 = 19 counted against the address; the success was not one.
        #expect(throttle.admit(user: "x", address: "203.0.113.7", now: start).blockedUntil == nil)
        #expect(throttle.admit(user: "y", address: "203.0.113.7", now: start).blockedUntil != nil)
    }

    /// Forty guesses at once for one name from one address: five are let through to the
    /// password check, the others are refused before it.
    @Test func attemptsAtOnceFromOneAddressGetNoMoreThanTheLimit() async {
        let throttle = SignInThrottle()
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    throttle.admit(user: "admin", address: "127.0.0.9", now: start)
                        .blockedUntil == nil
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(admitted == SignInThrottle.perNameFromAddress)
    }

    /// A flood of failures for names nobody has, from a few addresses, blocks those addresses,
    /// not everybody: a user elsewhere still signs in.
    @Test func aFloodOfFailuresForUnknownNamesLocksNobodyElseOut() {
        let throttle = SignInThrottle()
        for guess in 0..<1_000 {
            _ = throttle.admit(
                user: "nobody\(guess)", address: "203.0.113.\(guess % 5)", now: start)
        }
        #expect(
            throttle.admit(user: "admin", address: "198.51.100.1", now: start).blockedUntil == nil)
    }

    /// Flooding it with names cannot make it forget a name and address that used their guesses:
    /// past its capacity it forgets those with the fewest failures first, never one at its
    /// limit.
    @Test func aFloodOfNamesNeverMakesItForgetABlockedName() {
        let throttle = SignInThrottle()
        for _ in 0..<SignInThrottle.perNameFromAddress {
            _ = throttle.admit(user: "admin", address: "198.51.100.1", now: start)
        }
        for guess in 0..<(SignInThrottle.capacity * 2) {
            _ = throttle.admit(
                user: "made-up-\(guess)", address: "2001:db8:\(guess / 20):1::1", now: start + 1)
        }
        #expect(
            throttle.admit(user: "admin", address: "198.51.100.1", now: start + 2).blockedUntil
                != nil)
    }

    /// Addresses of one IPv6 /64 (what one machine is given) count as one address.
    @Test func anIPv6NetworkCountsAsOneAddress() {
        let throttle = SignInThrottle()
        for host in 0..<SignInThrottle.perAddress {
            _ = throttle.admit(
                user: "name\(host)", address: "2001:db8:1:2::\(host + 1)", now: start)
        }
        #expect(
            throttle.admit(user: "fresh", address: "2001:db8:1:2:ffff::9", now: start).blockedUntil
                != nil)
        #expect(
            throttle.admit(user: "fresh", address: "2001:db8:1:3::1", now: start).blockedUntil
                == nil)
        #expect(SignInThrottle.key(ofAddress: "::ffff:192.0.2.7") == "192.0.2.7")
        #expect(SignInThrottle.key(ofAddress: "2001:DB8:0:0:1::1") == "2001:db8:0:0::/64")
    }

    /// The names and addresses it remembers are bounded, the oldest forgotten first.
    @Test func itRemembersABoundedNumberOfNamesAndAddresses() {
        let throttle = SignInThrottle()
        for guess in 0..<(SignInThrottle.capacity + 10) {
            _ = throttle.admit(
                user: "n\(guess)", address: "a\(guess)", now: start + Double(guess) / 1000)
        }
        #expect(throttle.remembered.names <= SignInThrottle.capacity)
        #expect(throttle.remembered.addresses <= SignInThrottle.capacity)
        #expect(throttle.remembered.pairs <= SignInThrottle.capacity)
    }
}
