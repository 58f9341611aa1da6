import Foundation

/// The users' use cases, for the CLI and the server: add one (name and password checked, the
/// password hashed), change a password, remove one, and check a name and password — in the same
/// time whether the user exists or not, and with the same answer.
public struct Users: Sendable {
    /// bcrypt reads at most 72 bytes; a longer password would be silently cut.
    public static let passwordBytes = 8...72

    private let store: any UserStore
    private let hasher: any PasswordHasher
    private let clock: @Sendable () -> Date
    /// Checked against when the user does not exist, so that an unknown name costs what a
    /// wrong password costs (made on first need: hashing is slow on purpose).
    private let decoy: DecoyHash

    public init(
        store: any UserStore, hasher: any PasswordHasher,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.hasher = hasher
        self.clock = clock
        decoy = DecoyHash()
    }

    @discardableResult
    public func add(name: String, role: UserRole, password: String) async throws -> User {
        guard User.isValidName(name) else { throw UserError.invalidName(name) }
        try Self.check(password)
        let user = User(
            name: name, role: role, passwordHash: hasher.hash(password), createdAt: clock())
        try await store.add(user)
        return user
    }

    /// Adds `name` as the first admin, while the store has no user; nil, adding nobody, once
    /// it has one. Two at once make one admin where the store adds a first user atomically
    /// (`FirstUserStore`: every store Casebook has).
    /// - Throws: `UserError.invalidName`, `UserError.passwordLength`; the store's errors.
    public func addFirstAdmin(name: String, password: String) async throws -> User? {
        guard User.isValidName(name) else { throw UserError.invalidName(name) }
        try Self.check(password)
        let user = User(
            name: name, role: .admin, passwordHash: hasher.hash(password), createdAt: clock())
        if let first = store as? any FirstUserStore {
            return try await first.addFirst(user) ? user : nil
        }
        guard try await store.count() == 0 else { return nil }
        try await store.add(user)
        return user
    }

    public func changePassword(of name: String, to password: String) async throws {
        try Self.check(password)
        try await store.setPasswordHash(hasher.hash(password), forUser: name)
    }

    /// Gives `name` another role; their sessions end (see `UserStore.setRole`).
    public func changeRole(of name: String, to role: UserRole) async throws {
        try await store.setRole(role, forUser: name)
    }

    /// Disables `name` (their sessions end, their tokens are refused) or enables them again
    /// (see `UserStore.setDisabled`).
    public func setDisabled(_ disabled: Bool, name: String) async throws {
        try await store.setDisabled(disabled, forUser: name)
    }

    /// Applies `change` to `name` unless it leaves no enabled admin, in one step where the store
    /// can (`AdminKeepingUserStore`: every store Casebook has), else checked first.
    /// - Throws: `LastAdminError`, changing nothing; the store's errors.
    public func applyKeepingAnAdmin(_ change: UserChange, to name: String) async throws {
        if let store = store as? any AdminKeepingUserStore {
            return try await store.apply(change, to: name)
        }
        let users = try await store.users()
        let remaining = users.compactMap { user -> User? in
            guard user.name == name else { return user }
            switch change {
            case .role(let role):
                return User(
                    name: user.name, role: role, passwordHash: user.passwordHash,
                    createdAt: user.createdAt, disabled: user.disabled)
            case .disabled(let disabled):
                return User(
                    name: user.name, role: user.role, passwordHash: user.passwordHash,
                    createdAt: user.createdAt, disabled: disabled)
            case .removal: return nil
            }
        }
        guard remaining.contains(where: { $0.role == .admin && !$0.disabled }) else {
            throw LastAdminError(name: name)
        }
        switch change {
        case .role(let role): try await store.setRole(role, forUser: name)
        case .disabled(let disabled): try await store.setDisabled(disabled, forUser: name)
        case .removal: try await store.remove(named: name)
        }
    }

    public func remove(named name: String) async throws {
        try await store.remove(named: name)
    }

    public func all() async throws -> [User] {
        try await store.users()
    }

    /// The user `name` if `password` is theirs; nil for an unknown user and a wrong password
    /// alike, after the same work. A disabled user is returned with `disabled` set, for the
    /// caller to say so: no session starts for them and no token of theirs signs in.
    public func authenticate(name: String, password: String) async throws -> User? {
        try await authenticate(name: name, password: password) { check in check() }
    }

    /// The same, with the (deliberately slow) hash check run by `checking`: a server runs it on
    /// threads of its own rather than the concurrency pool's.
    public func authenticate(
        name: String, password: String,
        checking: (@escaping @Sendable () -> Bool) async throws -> Bool
    ) async throws -> User? {
        // bcrypt would check only the first 72 bytes: such a password is no user's.
        guard password.utf8.count <= Self.passwordBytes.upperBound else { return nil }
        let user = try await store.user(named: name)
        let hash = user?.passwordHash ?? decoy.value(hasher)
        let hasher = hasher
        let matches = try await checking { hasher.verify(password, against: hash) }
        return matches ? user : nil
    }

    /// Refuses a password the rules do not allow (8 to 72 bytes, no NUL), as `add` and
    /// `changePassword` would.
    /// - Throws: `UserError.weakPassword`.
    public static func checkPassword(_ password: String) throws {
        try check(password)
    }

    private static func check(_ password: String) throws {
        let bytes = password.utf8.count
        guard bytes >= passwordBytes.lowerBound else {
            throw UserError.weakPassword("must be at least \(passwordBytes.lowerBound) bytes long")
        }
        guard bytes <= passwordBytes.upperBound else {
            throw UserError.weakPassword(
                "must be at most \(passwordBytes.upperBound) bytes long (bcrypt reads no more)")
        }
        guard !password.utf8.contains(0) else {
            throw UserError.weakPassword("must not contain NUL")
        }
    }
}
