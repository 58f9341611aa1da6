/// Where the server keeps its users.
public protocol UserStore: Sendable {
    /// - Throws: `UserError.exists` when a user has that name.
    func add(_ user: User) async throws
    func user(named name: String) async throws -> User?
    /// Every user, by name.
    func users() async throws -> [User]
    /// Sets a user's password hash and, in the same step, ends every session of theirs (a
    /// session signed in with the old password is worth nothing after it).
    /// - Throws: `UserError.unknown` when there is no such user.
    func setPasswordHash(_ hash: String, forUser name: String) async throws
    /// Gives a user another role and, in the same step, ends every session of theirs (they
    /// sign in again as what they now are).
    /// - Throws: `UserError.unknown` when there is no such user.
    func setRole(_ role: UserRole, forUser name: String) async throws
    /// Removes the user and every token of theirs.
    /// - Throws: `UserError.unknown` when there is no such user.
    func remove(named name: String) async throws
    func count() async throws -> Int
}

extension UserStore {
    /// For a store written before roles could change: the user is removed and added again with
    /// the new role, in two steps, which ends their sessions and their tokens too (a failure
    /// between the steps loses the user). Casebook's stores change the role in one step and
    /// keep the tokens.
    public func setRole(_ role: UserRole, forUser name: String) async throws {
        guard var user = try await user(named: name) else { throw UserError.unknown(name) }
        user.role = role
        try await remove(named: name)
        try await add(user)
    }
}
