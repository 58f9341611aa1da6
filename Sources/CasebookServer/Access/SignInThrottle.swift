import Foundation

/// Slows down whoever guesses passwords: `perUser` sign-in attempts for one name within
/// `window`, and `perAddress` from one client address, then that name (or address) is refused
/// until its oldest failure leaves the window. An attempt is counted before its password is
/// checked (`admit`), in one step under a lock, so attempts made at once, or spread over many
/// addresses, get no more guesses at a name than the limit; a correct password then clears the
/// name's failures and takes its own attempt back (`succeeded`). There is no limit for
/// everybody: failures for names nobody has block their addresses, not other users. Kept in
/// memory per server instance, for at most `capacity` names and as many addresses (the oldest
/// forgotten first).
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
            if let address {
                let theirs = Self.recent(&failuresByAddress, address, since: start)
                if theirs.count >= Self.perAddress {
                    return Attempt(
                        user: user, address: address, at: now,
                        blockedUntil: theirs[theirs.count - Self.perAddress] + Self.window)
                }
                failuresByAddress[address, default: []].append(now)
                Self.bound(&failuresByAddress, since: start)
            }
            failuresByUser[user, default: []].append(now)
            Self.bound(&failuresByUser, since: start)
            return Attempt(user: user, address: address, at: now, blockedUntil: nil)
        }
    }

    /// The attempt's password was right: the name's failures are forgotten, and the attempt no
    /// longer counts against its address (its other failures still do).
    func succeeded(_ attempt: Attempt) {
        lock.withLock {
            failuresByUser[attempt.user] = nil
            if let address = attempt.address, var dates = failuresByAddress[address],
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

    /// Keeps at most `capacity` keys: past it, those with no failure since `start` go, then, if
    /// still too many, the half whose latest failure is oldest.
    private static func bound(_ failures: inout [String: [Date]], since start: Date) {
        guard failures.count > capacity else { return }
        failures = failures.filter { ($0.value.last ?? .distantPast) >= start }
        guard failures.count > capacity else { return }
        let newest = failures.sorted {
            ($0.value.last ?? .distantPast) > ($1.value.last ?? .distantPast)
        }
        .prefix(capacity / 2)
        failures = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
    }
}
