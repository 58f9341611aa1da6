import Foundation

/// A signed-in browser: the cookie holds a random secret, the store only its SHA-256.
public struct SignInSession: Equatable, Sendable {
    public var user: String
    public var createdAt: Date
    public var expiresAt: Date
    /// The browser it was started from, as its `User-Agent` said (at most
    /// `userAgentCharacters`, control characters left out); nil when it said nothing.
    public var userAgent: String?

    public static let userAgentCharacters = 200

    public init(user: String, createdAt: Date, expiresAt: Date) {
        self.init(user: user, createdAt: createdAt, expiresAt: expiresAt, userAgent: nil)
    }

    public init(user: String, createdAt: Date, expiresAt: Date, userAgent: String?) {
        self.user = user
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.userAgent = userAgent
    }

    /// A `User-Agent` header as a session keeps it: printable, at most `userAgentCharacters`.
    public static func userAgent(from header: String?) -> String? {
        guard let header else { return nil }
        let kept = String(
            String.UnicodeScalarView(
                header.unicodeScalars.filter { $0.properties.generalCategory != .control }
            ).prefix(userAgentCharacters)
        ).trimmingCharacters(in: .whitespaces)
        return kept.isEmpty ? nil : kept
    }
}
