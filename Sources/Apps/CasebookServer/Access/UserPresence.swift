import AccountsCore
import Foundation

/// Whether the server has users yet, asked of the store at most once per `interval`: with
/// none, it runs in single-person mode (loopback only); once one exists, every API call needs
/// a token.
final class UserPresence: @unchecked Sendable {
    private let store: any UserStore
    private let interval: Duration
    private let lock = NSLock()
    private var known: (hasUsers: Bool, at: ContinuousClock.Instant)?

    init(store: any UserStore, interval: Duration) {
        self.store = store
        self.interval = interval
    }

    func hasUsers() async throws -> Bool {
        let now = ContinuousClock.now
        if let known = lock.withLock({ known }), now - known.at < interval {
            return known.hasUsers
        }
        let hasUsers = try await store.count() > 0
        lock.withLock { known = (hasUsers, now) }
        return hasUsers
    }

    /// Says, at once, that the server has users: the first was just added here.
    func noteUsers() {
        lock.withLock { known = (true, ContinuousClock.now) }
    }
}
