/// A diary store that keeps a revision per entry, and saves an entry only if it is still at the
/// revision an editor started from: with several devices and servers, two people editing the
/// same entry is normal, and the second save must not silently overwrite the first.
public protocol RevisedDiaryStore: DiaryStore {
    /// The entry with `id` and its revision, or nil.
    func revisedEntry(id: Entry.ID) throws -> RevisedEntry?
    /// Saves `entry` (which must exist) if its stored revision is `revision`, in one step, and
    /// returns its new revision.
    /// - Throws: `DiaryConflictError` with the stored entry when it is at another revision;
    ///   `DiaryError.unknownEntry` when it no longer exists; the store's errors.
    func save(_ entry: Entry, ifRevision revision: Int) throws -> Int
    /// Removes the entry with `id` if its stored revision is `revision`, in one step.
    /// - Throws: `DiaryConflictError` with the stored entry when it is at another revision;
    ///   `DiaryError.unknownEntry` when it does not exist; the store's errors.
    func remove(id: Entry.ID, ifRevision revision: Int) throws
}

extension RevisedDiaryStore {
    /// For a store written before conditional removal: the revision is checked, then the entry
    /// removed, in two steps (a save between them is lost). Casebook's stores do it in one.
    public func remove(id: Entry.ID, ifRevision revision: Int) throws {
        guard let current = try revisedEntry(id: id) else { throw DiaryError.unknownEntry(id) }
        guard current.revision == revision else { throw DiaryConflictError(current: current) }
        try remove(id: id)
    }
}
