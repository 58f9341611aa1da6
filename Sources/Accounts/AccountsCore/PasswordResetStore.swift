import Foundation

/// Where the server keeps its password-reset links, each by the SHA-256 of its secret (hex).
public protocol PasswordResetStore: Sendable {
    /// Keeps `reset`, replacing any earlier one of the same user: only the newest link works.
    /// - Throws: `UserError.unknown` when the reset's user does not exist.
    func addReset(_ reset: PasswordReset, secretHash: String) async throws
    /// The reset kept by `secretHash`, left in place.
    func reset(secretHash: String) async throws -> PasswordReset?
    /// The reset kept by `secretHash`, removed in the same step: of two that take it at once,
    /// one gets it.
    func takeReset(secretHash: String) async throws -> PasswordReset?
}
