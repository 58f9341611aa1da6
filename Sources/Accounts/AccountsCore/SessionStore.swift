import Foundation

/// Where the server keeps its signed-in sessions, each by the SHA-256 of its secret (hex).
public protocol SessionStore: Sendable {
    /// - Throws: `UserError.unknown` when the session's user does not exist.
    func add(_ session: SignInSession, secretHash: String) async throws
    func session(secretHash: String) async throws -> SignInSession?
    /// Ends a session; ending one that is not there is not an error.
    func removeSession(secretHash: String) async throws
    /// Forgets every session that expired before `date`.
    func removeSessions(expiredBefore date: Date) async throws
    /// Every session of `user`, expired ones included, newest first.
    func sessions(user: String) async throws -> [StoredSession]
}

extension SessionStore {
    /// A store written before sessions could be listed cannot list them.
    public func sessions(user: String) async throws -> [StoredSession] {
        throw UnsupportedStoreOperation(store: "\(type(of: self))", operation: "list sessions")
    }
}
