import AccountsCore
import Foundation

/// Who a session cookie or a token stands for, remembered for `lifetime` after a look-up, so
/// that a signed-in page or a token's API call does not read the user store on every request.
/// Signing out forgets at once on this instance. With `changes` (the users' database in a data
/// directory, watched), any change of the store — a new password, a removed user, a revoked
/// token, by another instance or the command line — forgets everything at once; without it
/// (a store nothing local can watch) such a change takes effect within `lifetime`, so the
/// composition root gives a shared database no lifetime unless its operator asks for one.
/// Only successful look-ups are kept, at most `capacity` of them, each with the device a token
/// was labelled with.
final class CredentialCache: @unchecked Sendable {
    static let capacity = 10_000

    private let lifetime: Duration
    private let changes: ChangeGeneration?
    private let lock = NSLock()
    private var entries:
        [String: (caller: Caller, until: ContinuousClock.Instant, generation: Int)] = [:]

    /// Who a credential stands for: the user, and for a token its label (the device it is on).
    typealias Caller = (user: User, device: String?)

    init(lifetime: Duration, changes: ChangeGeneration? = nil) {
        self.lifetime = lifetime
        self.changes = changes
    }

    func user(for key: String, lookUp: () async throws -> User?) async throws -> User? {
        try await caller(
            for: key,
            lookUp: {
                try await lookUp().map { ($0, nil) }
            })?.user
    }

    func caller(for key: String, lookUp: () async throws -> Caller?) async throws -> Caller? {
        guard lifetime > .zero else { return try await lookUp() }
        let now = ContinuousClock.now
        let generation = changes?.current() ?? 0
        if let entry = lock.withLock({ entries[key] }), now < entry.until,
            entry.generation == generation
        {
            return entry.caller
        }
        guard let caller = try await lookUp() else {
            forget(key)
            return nil
        }
        lock.withLock {
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = (caller, now + lifetime, generation)
        }
        return caller
    }

    func forget(_ key: String) {
        _ = lock.withLock { entries.removeValue(forKey: key) }
    }

    /// Forgets everyone: a user was changed or removed here, and takes effect at once.
    func forgetAll() {
        lock.withLock { entries.removeAll() }
    }
}
