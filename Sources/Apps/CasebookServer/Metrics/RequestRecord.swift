import AccountsCore

/// What is learnt about a request while it is handled: who it came from, once
/// `AccessMiddleware` knows, for its access-log line and for an error page shown to them.
/// Bound to the request's task by `AccessLogMiddleware`.
final class RequestRecord: @unchecked Sendable {
    @TaskLocal static var current: RequestRecord?

    var user: String?
    /// The signed-in user's role, when `user` is one.
    var role: UserRole?

    /// Records that the request comes from `user`.
    func signedIn(_ user: User) {
        self.user = user.name
        role = user.role
    }
}
