import Accounts
import Foundation

/// A hasher with working logic and no cost: the "hash" is the password behind a marker, and
/// it counts its checks (to show an unknown user costs a check too) and its hashes.
final class PasswordHasherFake: PasswordHasher, @unchecked Sendable {
    private let lock = NSLock()
    private var checked = 0

    private var hashed = 0

    var checks: Int { lock.withLock { checked } }
    /// How many passwords it has hashed.
    var hashes: Int { lock.withLock { hashed } }

    func hash(_ password: String) -> String {
        lock.withLock { hashed += 1 }
        return "fake:" + password
    }

    func verify(_ password: String, against hash: String) -> Bool {
        lock.withLock { checked += 1 }
        return hash == "fake:" + password
    }
}
