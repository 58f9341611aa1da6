import Foundation

/// Slows down whoever guesses passwords: after `perUser` failed sign-ins for one name within
/// `window`, that name is refused until the oldest failure leaves the window; after
/// `perAddress` from one client address, that address is; after `overall` failures across
/// all, every sign-in is. Kept in memory per server instance.
final class SignInThrottle: @unchecked Sendable {
    static let perUser = 5
    static let perAddress = 20
    static let overall = 100
    static let window: TimeInterval = 15 * 60

    private let lock = NSLock()
    private var failuresByUser: [String: [Date]] = [:]
    private var failuresByAddress: [String: [Date]] = [:]
    private var failures: [Date] = []

    /// When the name (from that address) may try again, if it may not now.
    func blockedUntil(user: String, address: String? = nil, now: Date = Date()) -> Date? {
        lock.withLock {
            prune(now)
            let mine = failuresByUser[user] ?? []
            if mine.count >= Self.perUser { return mine[mine.count - Self.perUser] + Self.window }
            let theirs = address.flatMap { failuresByAddress[$0] } ?? []
            if theirs.count >= Self.perAddress {
                return theirs[theirs.count - Self.perAddress] + Self.window
            }
            if failures.count >= Self.overall {
                return failures[failures.count - Self.overall] + Self.window
            }
            return nil
        }
    }

    func recordFailure(user: String, address: String? = nil, now: Date = Date()) {
        lock.withLock {
            failuresByUser[user, default: []].append(now)
            if let address { failuresByAddress[address, default: []].append(now) }
            failures.append(now)
        }
    }

    func recordSuccess(user: String) {
        lock.withLock { failuresByUser[user] = nil }
    }

    private func prune(_ now: Date) {
        let start = now - Self.window
        failures.removeAll { $0 < start }
        failuresByUser = Self.since(start, failuresByUser)
        failuresByAddress = Self.since(start, failuresByAddress)
    }

    /// The failures at or after `start`, by key; keys with none left are dropped.
    private static func since(_ start: Date, _ failures: [String: [Date]]) -> [String: [Date]] {
        failures.compactMapValues { dates in
            let kept = dates.filter { $0 >= start }
            return kept.isEmpty ? nil : kept
        }
    }
}
