/// Where the menu a restaurant serves is kept: every revision of it, each saved from the one
/// before, so that two people editing at once never lose an edit (the second save is a
/// `MenuConflictError`), and any earlier one can be seen and restored.
public protocol MenuStore: Sendable {
    /// The current revision; nil before the first save.
    func current() async throws -> MenuRevision?
    /// Saves `menu` as the next revision when `base` is the current one (nil: when there is
    /// none yet), else throws `MenuConflictError` and saves nothing.
    func save(_ menu: Menu, basedOn base: Int?, by author: String, note: String?) async throws
        -> MenuRevision
    /// Revision `number`; nil for one never saved.
    func revision(_ number: Int) async throws -> MenuRevision?
    /// At most `limit` revisions older than `number` (nil: from the newest), newest first.
    func revisions(limit: Int, before number: Int?) async throws -> [MenuRevision]
    /// The current revision's number, without reading its menu; nil before the first save.
    func currentNumber() async throws -> Int?
}

extension MenuStore {
    /// Saves revision `number`'s menu again as the newest, when `base` is current.
    public func restore(_ number: Int, basedOn base: Int?, by author: String) async throws
        -> MenuRevision
    {
        guard let old = try await revision(number) else {
            throw MenuStoreError.unknownRevision(number)
        }
        return try await save(
            old.menu, basedOn: base, by: author, note: "restored revision \(number)")
    }

    /// Saves `menu` read from a file as the next revision, unless it is the current one already
    /// (then nothing is saved): what `casebook menu import` does. True when it was saved.
    public func importMenu(_ menu: Menu, by author: String, note: String?) async throws -> (
        revision: MenuRevision, saved: Bool
    ) {
        let current = try await current()
        if let current, current.menu == menu { return (current, false) }
        return (try await save(menu, basedOn: current?.number, by: author, note: note), true)
    }
}
