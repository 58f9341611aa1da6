import Accounts
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting

@testable import CasebookServer

/// Stores in memory, in a data directory of their own (removed afterwards), with a user
/// directory holding `users` (no passwords: their sessions and tokens are made directly).
/// What the suites about who may do what start from.
struct UsersFixture: Sendable {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores
    let people = InMemoryUserDirectory()

    /// bcrypt's cheapest cost, for the servers the sign-in and route-matrix suites start (their
    /// decoy for a name nobody has, a password a request sets) and the passwords the sign-in
    /// and template suites hash: the standard cost
    /// makes each of those checks 256 times as long, which bcrypt unoptimised turns into
    /// seconds of the tests' time.
    static let passwordCost: UInt8 = 4

    init(users: [(name: String, role: UserRole)]) async throws {
        directory = try TemporaryDirectory()
        var stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        stores.users = people
        self.stores = stores
        for (name, role) in users {
            try await people.add(
                User(name: name, role: role, passwordHash: "-", createdAt: Date()))
        }
    }

    /// Runs `body` with the pages of a server on these stores, as `user` signed in (a session
    /// of theirs in the browser's cookie), their passwords checked at bcrypt's cheapest cost.
    func withPages(
        signedInAs user: String, _ body: @Sendable (inout PageClient) async throws -> Void
    ) async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.passwordCost = Self.passwordCost
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        let secret = try await Sessions(store: people, users: people).start(for: user)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            pages.setCookie(SignInPages.sessionCookie, secret)
            try await body(&pages)
        }
    }
}
