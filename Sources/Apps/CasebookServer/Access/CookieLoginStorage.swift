import AccountsCore
import Hummingbird

/// The case study's `LoginStorage`, per browser: the last username lives in a cookie, so the
/// sign-in page offers it again to whoever signed in from this browser (and nobody else).
final class CookieLoginStorage: LoginRecording {
    static let cookieName = "casebook_last_user"

    private var values: [String: String] = [:]

    /// Whether its cookie is Secure (the pages served over HTTPS).
    private let secure: Bool

    init(request: Request, secure: Bool = false) {
        self.secure = secure
        if let name = request.cookies[Self.cookieName]?.value, User.isValidName(name) {
            values[LoginHandler.previousUsernameKey] = name
        }
    }

    func string(forKey key: String) -> String? { values[key] }

    func set(_ value: Any?, forKey key: String) { values[key] = value as? String }

    /// The cookie that keeps what was remembered, for a year.
    var cookie: Cookie? {
        values[LoginHandler.previousUsernameKey].map {
            Cookie(
                name: Self.cookieName, value: $0, maxAge: 365 * 86_400, path: "/", secure: secure,
                httpOnly: true, sameSite: .lax)
        }
    }
}
