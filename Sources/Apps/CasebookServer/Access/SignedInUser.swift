import AccountsCore
import Hummingbird

/// Who a request comes from, as `AccessMiddleware` found out: it runs the routes after it
/// with the user bound to this task, so nothing a client sends can claim to be anyone.
enum SignedInUser {
    @TaskLocal static var current: String?

    /// The user the request being handled comes from, if any.
    static func name(of request: Request) -> String? {
        current
    }

    /// Runs `body` as `user`, whose pages offer what their role may open.
    static func run<T>(as user: User, _ body: () async throws -> T) async rethrows -> T {
        RequestRecord.current?.user = user.name
        return try await $current.withValue(user.name) {
            try await PageViewer.$current.withValue(.user(user.role)) { try await body() }
        }
    }
}
