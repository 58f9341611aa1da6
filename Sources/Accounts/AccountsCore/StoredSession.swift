/// A session as its store keeps it: by the SHA-256 of its secret (hex), never the secret.
public struct StoredSession: Equatable, Sendable {
    public var secretHash: String
    public var session: SignInSession

    public init(secretHash: String, session: SignInSession) {
        self.secretHash = secretHash
        self.session = session
    }

    /// What the pages show and send back to name the session: the hash's first 16 digits,
    /// which say nothing of the secret.
    public var handle: String { String(secretHash.prefix(16)) }
}
