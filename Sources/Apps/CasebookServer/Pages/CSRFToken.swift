import Foundation
import Hummingbird

/// Cross-site request forgery protection by double submission: every page sets a random token
/// in a SameSite=Strict cookie and puts the same token in its forms; a state-changing POST must
/// carry both, equal. Another site can make a browser send the cookie but cannot read it to
/// copy it into the form.
enum CSRFToken {
    static let cookieName = "casebook_csrf"
    static let fieldName = "csrf"

    /// The request's token, or a new one (with `isNew`) to set as a cookie.
    static func token(for request: Request) -> (value: String, isNew: Bool) {
        if let existing = CookieValue.named(cookieName, in: request), isWellFormed(existing) {
            return (existing, false)
        }
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 60, through: 0, by: -4) {
                hex.append(digits[Int((word >> UInt64(shift)) & 0xF)])
            }
        }
        return (String(decoding: hex, as: UTF8.self), true)
    }

    /// The cookie that holds the token: Secure when the pages are served over HTTPS.
    static func cookie(_ value: String, secure: Bool = false) -> Cookie {
        Cookie(
            name: cookieName, value: value, path: "/", secure: secure, httpOnly: true,
            sameSite: .strict)
    }

    /// Whether a POST's form carries the token its cookie holds.
    static func isValid(form: FormFields, request: Request) -> Bool {
        isValid(field: form[fieldName], request: request)
    }

    /// Whether a POST's token field (of a form of another encoding) is the one its cookie
    /// holds.
    static func isValid(field: String?, request: Request) -> Bool {
        guard let cookie = CookieValue.named(cookieName, in: request), isWellFormed(cookie),
            let field
        else { return false }
        // Constant-time comparison.
        return cookie.utf8.count == field.utf8.count
            && zip(cookie.utf8, field.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 64
            && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
