import Hummingbird

/// Who a request comes from, as `AccessMiddleware` found out: it runs the routes after it
/// with the user's name bound to this task, so nothing a client sends can claim to be anyone.
enum SignedInUser {
    @TaskLocal static var current: String?

    /// The user the request being handled comes from, if any.
    static func name(of request: Request) -> String? {
        current
    }
}
