import AccountsCore

/// What signing in and checking who may do what work with, once the server has a user store:
/// the users' and sessions' use cases, the guess throttle, the remembered credentials, and
/// whether the server has users yet.
struct AccessServices: Sendable {
    let users: Users
    let sessions: Sessions
    let tokens: APITokens
    let throttle: SignInThrottle
    let presence: UserPresence
    /// Who recent session cookies stand for.
    let sessionCache: CredentialCache
    /// Who recent tokens stand for.
    let tokenCache: CredentialCache
    /// Whether cookies are marked Secure.
    let secureCookies: Bool
    /// Whether the menu is for users only (`RouteTable.privateMenu`).
    var privateMenu = false
    /// Where what happens to people and credentials is written.
    var audit = AuditRecorder(store: nil)
    /// The code the first admin's page asks for (`Configuration.setupCode`).
    var setupCode: String?
    /// One-time links to set a new password, where the user store keeps them.
    var resets: PasswordResets?
    /// Users' second factors, where the user store keeps them.
    var secondFactors: SecondFactors?
}
