import Foundation

/// The second factor's use cases: a user starts one (a new secret for their app), turns it on
/// with a code the app shows (getting recovery codes, shown once), and signs in with a code —
/// each code once, within a step of the server's clock — or with a recovery code, once each.
public struct SecondFactors: Sendable {
    public static let recoveryCodeCount = 10

    private let store: any SecondFactorStore
    private let clock: @Sendable () -> Date

    public init(store: any SecondFactorStore, clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.clock = clock
    }

    public func isOn(for user: String) async throws -> Bool {
        try await store.secondFactor(user: user) != nil
    }

    /// Turns the second factor with `secret` (base32, as the page offered it) on for `user`,
    /// if `code` is its code now; the recovery codes, shown this once, or nil for a wrong code.
    public func enable(user: String, secret: String, code: String) async throws -> [String]? {
        guard let bytes = Base32.decode(secret), bytes.count >= 16,
            let step = TOTP(secret: bytes).matchingStep(code, at: clock())
        else { return nil }
        let codes = (0..<Self.recoveryCodeCount).map { _ in Self.recoveryCode() }
        try await store.setSecondFactor(
            SecondFactor(
                secret: Base32.encode(bytes), enabledAt: clock(), lastStep: step,
                recoveryCodeHashes: codes.map { APITokens.hash(Self.normalized($0)) }),
            user: user)
        return codes
    }

    public func disable(user: String) async throws {
        try await store.setSecondFactor(nil, user: user)
    }

    /// Whether `code` (an app's 6 digits, or a recovery code) lets `user` in now; a code
    /// accepted once is not accepted again.
    public func verify(user: String, code: String) async throws -> Bool {
        try await use(user: user, code: code) != nil
    }

    /// What a code that lets `user` in was: the app's, or a recovery code (used up now); nil
    /// for a code that does not.
    public enum Use: Sendable, Equatable {
        case appCode
        case recoveryCode
    }

    /// As `verify(user:code:)`, saying which kind of code it was.
    public func use(user: String, code: String) async throws -> Use? {
        guard let factor = try await store.secondFactor(user: user),
            let secret = Base32.decode(factor.secret)
        else { return nil }
        if let step = TOTP(secret: secret).matchingStep(code, at: clock()) {
            return try await store.useStep(step, user: user) ? .appCode : nil
        }
        let recovery = Self.normalized(code)
        guard recovery.count == 10,
            try await store.useRecoveryCode(hash: APITokens.hash(recovery), user: user)
        else { return nil }
        return .recoveryCode
    }

    /// How many recovery codes `user` has left.
    public func recoveryCodesLeft(user: String) async throws -> Int {
        try await store.secondFactor(user: user)?.recoveryCodeHashes.count ?? 0
    }

    /// Ten characters of a–z and 2–9 without look-alikes, as `abcde-fghij`.
    static func recoveryCode() -> String {
        let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<10).map { _ in alphabet.randomElement(using: &generator)! }
        return String(letters[0..<5]) + "-" + String(letters[5...])
    }

    /// A recovery code as typed, without its dash and spaces, lowercased.
    static func normalized(_ code: String) -> String {
        code.lowercased().filter { $0 != "-" && !$0.isWhitespace }
    }
}
