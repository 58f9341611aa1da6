import Crypto
import Foundation

/// RFC 6238's time-based one-time passwords as authenticator apps make them: HMAC-SHA1 of the
/// 30-second step since 1970, truncated to 6 digits (RFC 4226's dynamic truncation).
public struct TOTP: Sendable, Equatable {
    public static let period: TimeInterval = 30
    public static let digits = 6

    public let secret: [UInt8]

    public init(secret: [UInt8]) {
        self.secret = secret
    }

    /// A new secret of 20 random bytes (160 bits, as RFC 4226 recommends).
    public static func random() -> TOTP {
        var generator = SystemRandomNumberGenerator()
        return TOTP(
            secret: (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The step `date` falls in.
    public static func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / period).rounded(.down))
    }

    /// The code of `step`, `digits` long (zero-padded).
    public func code(step: Int64, digits: Int = TOTP.digits) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(
            HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let number = String(binary % modulus)
        return String(repeating: "0", count: digits - number.count) + number
    }

    public func code(at date: Date) -> String {
        code(step: Self.step(at: date))
    }

    /// The step within one of `date`'s (a clock a little off either way) whose code `code`
    /// is; nil when it is none of theirs.
    public func matchingStep(_ code: String, at date: Date) -> Int64? {
        let typed = code.filter { !$0.isWhitespace }
        guard typed.count == Self.digits, typed.allSatisfy(\.isASCII), typed.allSatisfy(\.isNumber)
        else { return nil }
        let now = Self.step(at: date)
        // Compared in constant time: a code is not learnt a digit at a time.
        return [now, now - 1, now + 1].first { step in
            zip(self.code(step: step).utf8, typed.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
        }
    }

    /// The secret in base32, as a person types it into an app.
    public var base32: String { Base32.encode(secret) }

    /// The `otpauth://totp/…` URI an app reads from a QR code: `issuer:account`.
    public func uri(account: String, issuer: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let label = "\(issuer):\(account)".addingPercentEncoding(withAllowedCharacters: allowed)!
        let issued = issuer.addingPercentEncoding(withAllowedCharacters: allowed)!
        return
            "otpauth://totp/\(label)?secret=\(base32)&issuer=\(issued)&algorithm=SHA1&digits=\(Self.digits)&period=\(Int(Self.period))"
    }
}
