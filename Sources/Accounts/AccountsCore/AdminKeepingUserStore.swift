/// A user store that changes a user and checks that an enabled admin remains in one step, so
/// that two admins demoting each other at once leave one of them admin.
public protocol AdminKeepingUserStore: UserStore {
    /// Applies `change` to `name` (ending their sessions, as `setRole`, `setDisabled` and
    /// `remove` do), unless afterwards no enabled admin would remain.
    /// - Throws: `LastAdminError`, changing nothing; `UserError.unknown` for no such user.
    func apply(_ change: UserChange, to name: String) async throws
}
