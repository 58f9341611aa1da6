import Foundation
import SurveySyncCore

/// The respondent store's identity, read once: it is created with the store and never changes
/// while the server has the store open.
final class StoreIdentity: @unchecked Sendable {
    private let store: any RespondentStore
    private let lock = NSLock()
    private var known: String?

    init(store: any RespondentStore) {
        self.store = store
    }

    /// The identity, or nil for a store that has none.
    func valueIfAny() async throws -> String? {
        if let known = lock.withLock({ known }) { return known }
        guard let store = store as? any VerifiableRespondentStore else { return nil }
        let identity = try await store.identity()
        lock.withLock { known = identity }
        return identity
    }

    func value() async throws -> String {
        guard let identity = try await valueIfAny() else {
            throw RequestError(.notImplemented, "this server's store has no identity")
        }
        return identity
    }
}
