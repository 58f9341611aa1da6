import Foundation

/// A diary store whose removed entries wait in a trash, newest removal first, until they are
/// put back or the trash is emptied of what was removed long enough ago (`DiaryEntries` empties
/// what is older than `DiaryEntries.trashKeptDays`). An entry saved again leaves the trash.
public protocol DiaryTrash: DiaryStore {
    /// The `limit` entries removed last, newest removal first.
    func trashedEntries(limit: Int) throws -> [TrashedEntry]
    /// Puts the entry with `id` back from the trash, as it was; gives it.
    /// - Throws: `DiaryError.unknownEntry` when the trash does not hold it.
    func restoreFromTrash(id: Entry.ID) throws -> Entry
    /// Drops from the trash every entry removed before `date`; gives how many.
    func emptyTrash(removedBefore date: Date) throws -> Int
}
