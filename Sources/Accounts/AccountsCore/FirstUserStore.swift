/// A user store that can add a first user atomically: the user is added only while the store
/// has none, so that two people racing to set up a new server make exactly one admin.
public protocol FirstUserStore: UserStore {
    /// Adds `user` if the store has no user yet; gives whether it did.
    func addFirst(_ user: User) async throws -> Bool
}
