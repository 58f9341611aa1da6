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
}
