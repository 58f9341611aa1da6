/// Why a credential (an API token, a session cookie) signs nobody in, as a 401 may say without
/// telling whose it was: none was sent, it was never issued (or its user is gone), it expired,
/// or it was revoked (as every credential of a disabled user is, while they are).
public enum CredentialRefusal: String, Sendable, CaseIterable {
    case missing
    case unknown
    case expired
    case revoked
}
