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
    /// Disables a user and, in the same step, ends every session of theirs; or enables them
    /// again. Their tokens are kept (refused while they are disabled).
    /// - Throws: `UserError.unknown` when there is no such user.
    func setDisabled(_ disabled: Bool, forUser name: String) async throws
    /// Removes the user and every token of theirs.
    /// - Throws: `UserError.unknown` when there is no such user.
    func remove(named name: String) async throws
    func count() async throws -> Int
}

extension UserStore {
    /// For a store written before roles could change: it cannot, and says so. (Removing the
    /// user and adding them again would lose their tokens, and would not end their sessions in
    /// a store whose `remove` keeps them.) Casebook's stores change the role in one step.
    public func setRole(_ role: UserRole, forUser name: String) async throws {
        throw UnsupportedStoreOperation(store: "\(type(of: self))", operation: "change a role")
    }

    /// For a store written before users could be disabled: it cannot, and says so.
    public func setDisabled(_ disabled: Bool, forUser name: String) async throws {
        throw UnsupportedStoreOperation(
            store: "\(type(of: self))", operation: disabled ? "disable a user" : "enable a user")
    }
}
