import Accounts
import CasebookServer
import CasebookTestSupport
import Foundation

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
}
