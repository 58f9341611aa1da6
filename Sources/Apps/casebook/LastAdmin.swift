import AccountsCore

/// Whether a change to a user (another role, their removal, or disabling them) took away a
/// server's last enabled admin while other users remain: done as asked, and said, since
/// nobody is then left to manage the users, review respondents or read the documents.
enum LastAdmin {
    static let note =
        "no admin is left: nobody may manage the users, review respondents or read the documents until one is made (casebook user role NAME admin)"

    /// Runs `change` (to the user `name`) and gives whether it took away the last admin.
    static func goneAfter(
        name: String, in users: Users, _ change: () async throws -> Void
    ) async throws -> Bool {
        let wasAdmin = try await users.all().contains {
            $0.name == name && $0.role == .admin && !$0.disabled
        }
        try await change()
        guard wasAdmin else { return false }
        let remaining = try await users.all()
        return !remaining.isEmpty && !remaining.contains { $0.role == .admin && !$0.disabled }
    }
}
