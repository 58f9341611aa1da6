import Foundation

/// Slows down whoever guesses passwords: `perUser` sign-in attempts for one name within
/// `window`, and `perAddress` from one client address, then that name (or address) is refused
/// until its oldest failure leaves the window. An attempt is counted before its password is
/// checked (`admit`), in one step under a lock, so attempts made at once, or spread over many
/// addresses, get no more guesses at a name than the limit; a correct password then clears the
/// name's failures and takes its own attempt back (`succeeded`). There is no limit for
/// everybody: failures for names nobody has block their addresses, not other users. An IPv6
/// address counts by its /64 (what one machine is given). Kept in memory per server instance:
/// past `capacity` names (or addresses) it forgets those with the fewest failures first, and
/// never one that has used its guesses, so no flood of names buys a blocked name more.
final class SignInThrottle: @unchecked Sendable {
    static let perUser = 5
    static let perAddress = 20
    static let window: TimeInterval = 15 * 60
    static let capacity = 10_000

    /// One admitted attempt, to give back when its password was right.
    struct Attempt {
        let user: String
        let address: String?
        let at: Date
        /// When the name or address may try again, if this attempt was refused.
        let blockedUntil: Date?
    }

    private let lock = NSLock()
    private var failuresByUser: [String: [Date]] = [:]
    private var failuresByAddress: [String: [Date]] = [:]

    /// Counts an attempt at `user` from `address` unless either has used up its guesses, in
    /// which case the attempt says until when.
    func admit(user: String, address: String? = nil, now: Date = Date()) -> Attempt {
        lock.withLock {
            let start = now - Self.window
            let mine = Self.recent(&failuresByUser, user, since: start)
            if mine.count >= Self.perUser {
                return Attempt(
                    user: user, address: address, at: now,
                    blockedUntil: mine[mine.count - Self.perUser] + Self.window)
            }
            if let address = address.map(Self.key(ofAddress:)) {
                let theirs = Self.recent(&failuresByAddress, address, since: start)
                if theirs.count >= Self.perAddress {
                    return Attempt(
                        user: user, address: address, at: now,
                        blockedUntil: theirs[theirs.count - Self.perAddress] + Self.window)
                }
                failuresByAddress[address, default: []].append(now)
                Self.bound(
                    &failuresByAddress, since: start, keeping: Self.perAddress, sparing: address)
            }
            failuresByUser[user, default: []].append(now)
            Self.bound(&failuresByUser, since: start, keeping: Self.perUser, sparing: user)
            return Attempt(user: user, address: address, at: now, blockedUntil: nil)
        }
    }

    /// The attempt's password was right: the name's failures are forgotten, and the attempt no
    /// longer counts against its address (its other failures still do).
    func succeeded(_ attempt: Attempt) {
        lock.withLock {
            failuresByUser[attempt.user] = nil
            if let address = attempt.address.map(Self.key(ofAddress:)),
                var dates = failuresByAddress[address],
                let index = dates.lastIndex(of: attempt.at)
            {
                dates.remove(at: index)
                failuresByAddress[address] = dates.isEmpty ? nil : dates
            }
        }
    }

    /// How many names and addresses are remembered.
    var remembered: (names: Int, addresses: Int) {
        lock.withLock { (failuresByUser.count, failuresByAddress.count) }
    }

    /// The failures of `key` at or after `start`, the older ones dropped.
    private static func recent(_ failures: inout [String: [Date]], _ key: String, since start: Date)
        -> [Date]
    {
        guard let dates = failures[key] else { return [] }
        let kept = dates.filter { $0 >= start }
        failures[key] = kept.isEmpty ? nil : kept
        return kept
    }

    /// Keeps about `capacity` keys: past it, those with no failure since `start` go, then those
    /// with the fewest failures (the oldest first among equals) until half are left — but never
    /// a key with `limit` failures or more, which stays blocked whatever else is counted, nor
    /// the key just counted (`sparing`). Blocked keys cannot fill it: each takes `limit` checks
    /// of a password within the window, and bcrypt allows a few a second.
    private static func bound(
        _ failures: inout [String: [Date]], since start: Date, keeping limit: Int,
        sparing current: String
    ) {
        guard failures.count > capacity else { return }
        failures = failures.filter { ($0.value.last ?? .distantPast) >= start }
        guard failures.count > capacity else { return }
        let evictable = failures.filter { $0.value.count < limit && $0.key != current }.sorted {
            ($0.value.count, $0.value.last ?? .distantPast)
                < ($1.value.count, $1.value.last ?? .distantPast)
        }
        for (key, _) in evictable.prefix(failures.count - capacity / 2) {
            failures[key] = nil
        }
    }

    /// The key an address is counted under: what one machine is given (`IPAddress.machine`:
    /// an IPv4 address, also when written IPv4-mapped; an IPv6 address's /64), anything that is
    /// not an IP address as it is.
    static func key(ofAddress address: String) -> String {
        IPAddress(address)?.machine ?? address
    }
}
