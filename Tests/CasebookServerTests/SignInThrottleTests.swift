import Foundation
import Testing

@testable import CasebookServer

/// Guessing is slowed per name, per client address and overall, each over a 15-minute window.
@Suite("The sign-in throttle")
struct SignInThrottleTests {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func fiveFailuresForOneNameBlockItUntilTheFirstLeavesTheWindow() {
        let throttle = SignInThrottle()
        for minute in 0..<5 {
            #expect(throttle.blockedUntil(user: "dee", now: start) == nil)
            throttle.recordFailure(user: "dee", now: start + Double(minute) * 60)
        }
        let later = start + 5 * 60
        #expect(throttle.blockedUntil(user: "dee", now: later) == start + 15 * 60)
        #expect(throttle.blockedUntil(user: "dan", now: later) == nil)
        #expect(throttle.blockedUntil(user: "dee", now: start + 15 * 60 + 1) == nil)
    }

    @Test func twentyFailuresFromOneAddressBlockItWhateverTheNames() {
        let throttle = SignInThrottle()
        for guess in 0..<20 {
            throttle.recordFailure(user: "name\(guess)", address: "203.0.113.7", now: start)
        }
        #expect(throttle.blockedUntil(user: "fresh", address: "203.0.113.7", now: start) != nil)
        #expect(throttle.blockedUntil(user: "fresh", address: "198.51.100.1", now: start) == nil)
    }

    @Test func aSuccessClearsTheNamesFailures() {
        let throttle = SignInThrottle()
        for _ in 0..<4 { throttle.recordFailure(user: "dee", now: start) }
        throttle.recordSuccess(user: "dee")
        throttle.recordFailure(user: "dee", now: start)
        #expect(throttle.blockedUntil(user: "dee", now: start) == nil)
    }
}
