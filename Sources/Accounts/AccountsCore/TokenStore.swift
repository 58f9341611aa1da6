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
}
