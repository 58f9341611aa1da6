import Foundation

/// Slows down whoever guesses passwords, and gives nobody a way to lock a colleague out
/// (OWASP's advice on credential stuffing). Within `window`:
/// - `perNameFromAddress` failed attempts at one name from one client address refuse that
///   name from that address until the oldest leaves the window;
/// - `perAddress` failed attempts from one address refuse that address, whatever the names;
/// - a name is slowed, and never refused to an address that has not failed: once
///   `slowedAfter` attempts at it have failed, attempts at it from addresses that have failed
///   too are checked one after another, each `firstDelay` doubling with each failure to at
///   most `longestDelay` after the one before, so parallel guesses gain nothing; one that
///   would wait more than `longestWait` is refused, with when to come back, counted against
///   its address but not the name. An
///   address with no failures goes past that queue, so the right password from a new address
///   signs in at once, however many others guessed.
///
/// An attempt is counted before its password is checked (`admit`), in one step under a lock, so
/// attempts made at once get no more guesses than the limits; a correct password then clears
/// the name's failures and takes its own attempt back (`succeeded`). There is no limit for
/// everybody: failures for names nobody has refuse their addresses, not other users. An IPv6
/// address counts by its /64 (what one machine is given). Kept in memory per server instance:
/// past `capacity` keys it forgets those with the fewest failures first, and never one that
/// has used its guesses, so no flood of names buys a refused pair more.
final class SignInThrottle: @unchecked Sendable {
    static let perNameFromAddress = 5
    static let perAddress = 20
    static let slowedAfter = 5
    static let firstDelay: TimeInterval = 0.1
    static let longestDelay: TimeInterval = 2
    static let longestWait: TimeInterval = 10
    static let window: TimeInterval = 15 * 60
    static let capacity = 10_000

    /// One admitted attempt, to give back when its password was right.
    struct Attempt {
        let user: String
        let address: String?
        let at: Date
        /// When the name (from this address) or the address may try again, if this attempt
        /// was refused.
        let blockedUntil: Date?
        /// How long the attempt waits before its password is checked (zero: none).
        var delay: TimeInterval = 0
    }

    private let lock = NSLock()
    private var failuresByPair: [String: [Date]] = [:]
    private var failuresByAddress: [String: [Date]] = [:]
    private var failuresByUser: [String: [Date]] = [:]
    /// When the next slowed attempt at a name may have its password checked.
    private var nextSlowed: [String: Date] = [:]

    /// Counts an attempt at `user` from `address` unless that pair or that address has used up
    /// its guesses, in which case the attempt says until when; an attempt counted may have to
    /// wait (`delay`).
    func admit(user: String, address: String? = nil, now: Date = Date()) -> Attempt {
        lock.withLock {
            let start = now - Self.window
            let addressKey = address.map(Self.key(ofAddress:))
            let pair = Self.pair(user, addressKey)
            let pairs = Self.recent(&failuresByPair, pair, since: start)
            if pairs.count >= Self.perNameFromAddress {
                return Attempt(
                    user: user, address: address, at: now,
                    blockedUntil: pairs[pairs.count - Self.perNameFromAddress] + Self.window)
            }
            var addressFailed = addressKey == nil
            if let addressKey {
                let theirs = Self.recent(&failuresByAddress, addressKey, since: start)
                if theirs.count >= Self.perAddress {
                    return Attempt(
                        user: user, address: address, at: now,
                        blockedUntil: theirs[theirs.count - Self.perAddress] + Self.window)
                }
                addressFailed = !theirs.isEmpty
            }
            let names = Self.recent(&failuresByUser, user, since: start)
            var delay: TimeInterval = 0
            // Only an address that has failed before waits: a new one is nobody's guesser yet.
            if addressFailed, names.count >= Self.slowedAfter {
                let doublings = min(names.count - Self.slowedAfter, 30)
                let step = min(Self.firstDelay * pow(2, Double(doublings)), Self.longestDelay)
                let slot = max(now, nextSlowed[user] ?? now)
                delay = slot.timeIntervalSince(now)
                if delay > Self.longestWait {
                    // Refused unchecked, yet counted against the address: one that keeps
                    // pressing is refused outright soon.
                    count(now, against: addressKey, since: start)
                    return Attempt(
                        user: user, address: address, at: now,
                        blockedUntil: slot - Self.longestWait)
                }
                nextSlowed[user] = slot + step
                if nextSlowed.count > Self.capacity {
                    nextSlowed = nextSlowed.filter { $0.value > now }
                }
            }
            count(now, against: addressKey, since: start)
            failuresByPair[pair, default: []].append(now)
            Self.bound(
                &failuresByPair, since: start, keeping: Self.perNameFromAddress, sparing: pair)
            failuresByUser[user, default: []].append(now)
            Self.bound(&failuresByUser, since: start, keeping: Int.max, sparing: user)
            return Attempt(
                user: user, address: address, at: now, blockedUntil: nil, delay: delay)
        }
    }

    /// Counts an attempt at `now` against `address` (its key; nil: none known), under the lock.
    private func count(_ now: Date, against address: String?, since start: Date) {
        guard let address else { return }
        failuresByAddress[address, default: []].append(now)
        Self.bound(&failuresByAddress, since: start, keeping: Self.perAddress, sparing: address)
    }

    /// The attempt's password was right: the name's failures are forgotten, from every
    /// address, and the attempt no longer counts against its address (its other failures
    /// still do).
    func succeeded(_ attempt: Attempt) {
        lock.withLock {
            failuresByUser[attempt.user] = nil
            nextSlowed[attempt.user] = nil
            let addressKey = attempt.address.map(Self.key(ofAddress:))
            failuresByPair[Self.pair(attempt.user, addressKey)] = nil
            if let addressKey, var dates = failuresByAddress[addressKey],
                let index = dates.lastIndex(of: attempt.at)
            {
                dates.remove(at: index)
                failuresByAddress[addressKey] = dates.isEmpty ? nil : dates
            }
        }
    }

    /// How many names, addresses and names from an address are remembered.
    var remembered: (names: Int, addresses: Int, pairs: Int) {
        lock.withLock { (failuresByUser.count, failuresByAddress.count, failuresByPair.count) }
    }

    /// The key of a name tried from an address (a name and no address: the same name from
    /// nowhere known, as in a route test).
    private static func pair(_ user: String, _ address: String?) -> String {
        user + "\n" + (address ?? "")
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
    /// a key with `limit` failures or more, which stays refused whatever else is counted, nor
    /// the key just counted (`sparing`). Refused keys cannot fill it: each takes `limit` checks
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

    /// How long until `until`, as the pages say it: "Try again in 3 minutes."
    static func waitWords(until: Date) -> String {
        let minutes = max(1, Int((until.timeIntervalSinceNow / 60).rounded(.up)))
        return "Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    }
}
