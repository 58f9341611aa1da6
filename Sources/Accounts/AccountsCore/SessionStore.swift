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
}
