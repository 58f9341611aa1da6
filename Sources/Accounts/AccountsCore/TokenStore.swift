import Foundation

/// Where the server keeps its API tokens: each by the SHA-256 of its secret (hex), never the
/// secret itself.
public protocol TokenStore: Sendable {
    /// - Throws: `UserError.unknown` when the token's user does not exist.
    func add(_ token: APIToken, secretHash: String) async throws
    func token(secretHash: String) async throws -> APIToken?
    /// Every token, or the user's, by creation.
    func tokens(user: String?) async throws -> [APIToken]
    /// - Throws: `UserError.unknownToken` when there is no token with `id`.
    func revoke(id: String) async throws
    /// Records that the token `id` was used at `date` (`APIToken.lastUsedAt`).
    /// - Throws: `UserError.unknownToken` when there is no token with `id`.
    func markUsed(id: String, at date: Date) async throws
}

extension TokenStore {
    /// A store written before tokens kept their last use cannot record it.
    public func markUsed(id: String, at date: Date) async throws {
        throw UnsupportedStoreOperation(
            store: "\(type(of: self))", operation: "record a token's use")
    }
}
