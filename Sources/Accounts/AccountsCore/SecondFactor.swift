import Foundation

/// A user's second factor: a TOTP secret (base32) their authenticator app shares, the last
/// step a code was accepted for (no code works twice), and the SHA-256 (hex) of each recovery
/// code not yet used.
public struct SecondFactor: Equatable, Sendable {
    public var secret: String
    public var enabledAt: Date
    public var lastStep: Int64?
    public var recoveryCodeHashes: [String]

    public init(secret: String, enabledAt: Date, lastStep: Int64?, recoveryCodeHashes: [String]) {
        self.secret = secret
        self.enabledAt = enabledAt
        self.lastStep = lastStep
        self.recoveryCodeHashes = recoveryCodeHashes
    }
}
