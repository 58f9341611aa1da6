import CasebookWire
import Foundation
import Menu

/// The menu the server serves: the store's current revision, read at every request so that a
/// revision saved by any server on the store shows at once. A store with no revision yet
/// gets the menu the server was started with (`--menu`, else Giuseppe's) as its first; one
/// that has a revision keeps it (`casebook menu import` changes it).
struct MenuService: Sendable {
    let store: any MenuStore
    /// What a store without a revision is given.
    let initial: Menu

    /// The current revision, the first saved now when there is none.
    func current() async throws -> MenuRevision {
        if let current = try await store.current() { return current }
        do {
            return try await store.save(
                initial, basedOn: nil, by: Self.author, note: "the menu the server started with")
        } catch let conflict as MenuConflictError {
            // Another server gave the store its first revision at the same moment.
            guard let current = try await store.current() else { throw conflict }
            return current
        }
    }

    /// Who saves the menu a server starts with.
    static let author = "casebook"
}
