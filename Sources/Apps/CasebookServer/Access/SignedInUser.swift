import AccountsCore
import Hummingbird
import SurveySyncCore

/// Who a request comes from, as `AccessMiddleware` found out: it runs the routes after it
/// with the user bound to this task, so nothing a client sends can claim to be anyone.
enum SignedInUser {
    @TaskLocal static var current: String?
    /// The device the request comes from: the label of the token it carries, if any.
    @TaskLocal static var device: String?

    /// The user the request being handled comes from, if any.
    static func name(of request: Request) -> String? {
        current
    }

    /// Runs `body` as `user` (on `device`), whose pages offer what their role may open.
    static func run<T>(as user: User, device: String? = nil, _ body: () async throws -> T)
        async rethrows -> T
    {
        RequestRecord.current?.signedIn(user)
        return try await $current.withValue(user.name) {
            try await $device.withValue(device) {
                try await PageViewer.$current.withValue(.user(user.role)) { try await body() }
            }
        }
    }

    /// Who a review the request sets is by: its user, or on a server without users (one
    /// person's), "owner".
    static var reviewer: String { current ?? "owner" }

    /// Who sent what the request carries: its user and device.
    static var sender: RespondentSender {
        RespondentSender(user: current, device: device)
    }
}
