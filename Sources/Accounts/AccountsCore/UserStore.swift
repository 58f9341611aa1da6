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
    /// Removes the user and every token of theirs.
    /// - Throws: `UserError.unknown` when there is no such user.
    func remove(named name: String) async throws
    func count() async throws -> Int
}
