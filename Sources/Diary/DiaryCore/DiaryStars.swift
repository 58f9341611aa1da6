/// A diary store whose entries may be starred: a star stays on its entry through saves and
/// goes with it when it is removed. Starring changes the store's revision (lists show stars).
public protocol DiaryStars: DiaryStore {
    /// Stars the entry with `id`, or takes its star away.
    /// - Throws: `DiaryError.unknownEntry` when there is no such entry.
    func setStarred(_ starred: Bool, id: Entry.ID) throws
    /// Which of `ids` are starred.
    func starred(among ids: [Entry.ID]) throws -> Set<Entry.ID>
}
