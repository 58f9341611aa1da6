import AccountsCore
import Foundation

/// Who a session cookie or a token stands for, remembered for `lifetime` after a look-up, so
/// that a signed-in page or a token's API call does not read the user store on every request.
/// Signing out forgets at once on this instance; a session ended, a token revoked or a user
/// removed elsewhere (another instance, the command line) stops working within `lifetime`.
/// Only successful look-ups are kept, at most `capacity` of them.
final class CredentialCache: @unchecked Sendable {
    static let capacity = 10_000

    private let lifetime: Duration
    private let lock = NSLock()
    private var entries: [String: (user: User, until: ContinuousClock.Instant)] = [:]

    init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    func user(for key: String, lookUp: () async throws -> User?) async throws -> User? {
        guard lifetime > .zero else { return try await lookUp() }
        let now = ContinuousClock.now
        if let entry = lock.withLock({ entries[key] }), now < entry.until { return entry.user }
        guard let user = try await lookUp() else {
            forget(key)
            return nil
        }
        lock.withLock {
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = (user, now + lifetime)
        }
        return user
    }

    func forget(_ key: String) {
        _ = lock.withLock { entries.removeValue(forKey: key) }
    }
}
