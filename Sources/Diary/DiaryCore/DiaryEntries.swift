import Foundation

/// The diary's use cases, for everything that is not a screen (the JSON API, the CLI): add,
/// update, remove, find and list entries, by the same rules the screens follow — blank text is
/// refused, an update keeps the entry's identity and date, an unknown id is an error.
public struct DiaryEntries {
    private let store: any DiaryStore
    private let clock: any DiaryClock

    public init(store: any DiaryStore, clock: any DiaryClock = SystemClock()) {
        self.store = store
        self.clock = clock
    }

    /// Adds an entry of `content`, dated now.
    /// - Throws: `EntryDetailError.blankText` when the text is blank; the store's errors.
    @discardableResult
    public func add(_ content: EntryContent) throws -> Entry {
        try add(content, at: nil)
    }

    /// Adds an entry of `content`, dated `date` (when it happened), or now when nil.
    /// - Throws: `EntryDetailError.blankText` when the text is blank; the store's errors.
    @discardableResult
    public func add(_ content: EntryContent, at date: Date?) throws -> Entry {
        guard !content.isBlank else { throw EntryDetailError.blankText }
        let entry = Entry(date: date ?? clock.now, content: content)
        try store.save(entry)
        return entry
    }

    /// `add(_:)` with `text` alone.
    @discardableResult
    public func add(text: String) throws -> Entry {
        try add(EntryContent(text: text))
    }

    /// Puts a removed entry back as it was — its id, date and text (Undo), or as the trash
    /// holds it when the trash has a newer copy; false, changing nothing, when an entry with
    /// its id is there.
    /// - Throws: `EntryDetailError.blankText` when the text is blank; the store's errors.
    @discardableResult
    public func restore(_ entry: Entry) throws -> Bool {
        guard !entry.content.isBlank else { throw EntryDetailError.blankText }
        guard try store.entry(id: entry.id) == nil else { return false }
        // The trash's copy is the entry as it was last removed: newer than `entry`, when the
        // entry came back and was changed and removed again since `entry` was taken.
        if store is any DiaryTrash {
            do {
                _ = try restoreFromTrash(id: entry.id)
                return true
            } catch DiaryError.unknownEntry {}
        }
        try store.save(entry)
        return true
    }

    /// Puts many entries back as they were (an import): each whose id is not there, all at
    /// once where the store can; gives how many were added.
    /// - Throws: `EntryDetailError.blankText`, adding nothing, when a text is blank; the
    ///   store's errors.
    public func restore(contentsOf entries: [Entry]) throws -> Int {
        guard !entries.contains(where: { $0.content.isBlank }) else {
            throw EntryDetailError.blankText
        }
        return try store.add(contentsOf: entries)
    }

    /// Replaces the content of the entry with `id`, keeping its identity and date: the entry
    /// as it is when it is written, whoever saved it since it was read; one removed since
    /// stays removed (`DiaryError.unknownEntry`).
    /// - Throws: `DiaryError.unknownEntry`, `EntryDetailError.blankText`; `DiaryConflictError`
    ///   when others saved it a hundred times while this was being written; the store's errors.
    @discardableResult
    public func update(id: Entry.ID, to content: EntryContent) throws -> Entry {
        try updateLatest(id: id, to: content).entry
    }

    /// `update(id:to:)` with `text` alone.
    @discardableResult
    public func update(id: Entry.ID, text: String) throws -> Entry {
        try update(id: id, to: EntryContent(text: text))
    }

    /// `updateLatest(id:to:)` with `text` alone.
    @discardableResult
    public func updateLatest(id: Entry.ID, text: String) throws -> RevisedEntry {
        try updateLatest(id: id, to: EntryContent(text: text))
    }

    /// `update(id:to:)`, giving the entry at the revision this update wrote (0 for a store
    /// that keeps no revisions): for an answer that carries it (an ETag), with no second read
    /// in which others could have changed or removed it.
    /// - Throws: as `update(id:to:)`.
    @discardableResult
    public func updateLatest(id: Entry.ID, to content: EntryContent) throws -> RevisedEntry {
        try updateLatest(id: id, to: content, date: nil)
    }

    /// `updateLatest(id:to:)`, moving the entry to `date` too, when given.
    @discardableResult
    public func updateLatest(id: Entry.ID, to content: EntryContent, date: Date?) throws
        -> RevisedEntry
    {
        guard !content.isBlank else { throw EntryDetailError.blankText }
        guard let revisedStore = store as? any RevisedDiaryStore else {
            let entry = try entry(id: id).with(content, date: date)
            try store.save(entry)
            return RevisedEntry(entry: entry, revision: 0)
        }
        // Written only at the revision just read: a save would put back an entry removed
        // since. Saved meanwhile, it is read again (the last update wins).
        var attempts = 0
        while true {
            var entry = try revisedEntry(id: id)
            entry.entry = entry.entry.with(content, date: date)
            do {
                let written = try revisedStore.save(entry.entry, ifRevision: entry.revision)
                return RevisedEntry(entry: entry.entry, revision: written)
            } catch let conflict as DiaryConflictError {
                attempts += 1
                if attempts == Self.mostAttempts { throw conflict }
            }
        }
    }

    /// How many times an update without a revision reads the entry again when it was saved
    /// meanwhile, before it gives up with the conflict.
    static let mostAttempts = 100

    /// The entry with `id` and its revision, for an editor to start from. A store that keeps
    /// no revisions (not a `RevisedDiaryStore`) has every entry at revision 0.
    /// - Throws: `DiaryError.unknownEntry`; the store's errors.
    public func revisedEntry(id: Entry.ID) throws -> RevisedEntry {
        guard let store = store as? any RevisedDiaryStore else {
            return RevisedEntry(entry: try entry(id: id), revision: 0)
        }
        guard let revised = try store.revisedEntry(id: id) else {
            throw DiaryError.unknownEntry(id)
        }
        return revised
    }

    /// Replaces the content of the entry with `id` if it is still at `revision` (the one its
    /// editor started from), keeping its identity and date; returns it at its new revision.
    /// A store that keeps no revisions saves unconditionally.
    /// - Throws: `DiaryConflictError` with the entry as it now is when someone saved it
    ///   meanwhile; `DiaryError.unknownEntry`, `EntryDetailError.blankText`; the store's errors.
    @discardableResult
    public func update(id: Entry.ID, to content: EntryContent, ifRevision revision: Int) throws
        -> RevisedEntry
    {
        try update(id: id, to: content, date: nil, ifRevision: revision)
    }

    /// `update(id:to:ifRevision:)`, moving the entry to `date` too, when given: a date
    /// changed is a change like any other, refused when someone saved the entry meanwhile.
    @discardableResult
    public func update(
        id: Entry.ID, to content: EntryContent, date: Date?, ifRevision revision: Int
    ) throws -> RevisedEntry {
        guard !content.isBlank else { throw EntryDetailError.blankText }
        guard let revisedStore = store as? any RevisedDiaryStore else {
            return try updateLatest(id: id, to: content, date: date)
        }
        let entry = try entry(id: id).with(content, date: date)
        return RevisedEntry(
            entry: entry, revision: try revisedStore.save(entry, ifRevision: revision))
    }

    /// `update(id:to:ifRevision:)` with `text` alone.
    @discardableResult
    public func update(id: Entry.ID, text: String, ifRevision revision: Int) throws
        -> RevisedEntry
    {
        try update(id: id, to: EntryContent(text: text), ifRevision: revision)
    }

    /// Removes the entry with `id` if it is still at `revision` (the one its deleter read).
    /// A store that keeps no revisions removes it unconditionally.
    /// - Throws: `DiaryConflictError` with the entry as it now is when someone saved it
    ///   meanwhile; `DiaryError.unknownEntry`; the store's errors.
    public func remove(id: Entry.ID, ifRevision revision: Int) throws {
        guard let revisedStore = store as? any RevisedDiaryStore else {
            try remove(id: id)
            return
        }
        try revisedStore.remove(id: id, ifRevision: revision)
    }

    /// Removes the entry with `id`, and returns it.
    /// - Throws: `DiaryError.unknownEntry`; the store's errors.
    @discardableResult
    public func remove(id: Entry.ID) throws -> Entry {
        let entry = try entry(id: id)
        try store.remove(id: id)
        return entry
    }

    /// - Throws: `DiaryError.unknownEntry`; the store's errors.
    public func entry(id: Entry.ID) throws -> Entry {
        guard let entry = try store.entry(id: id) else { throw DiaryError.unknownEntry(id) }
        return entry
    }

    /// The entry `text` names: its whole id, or a unique start of it (see
    /// `DiaryStore.entryID(matching:)`).
    public func entry(matching text: String) throws -> Entry {
        try entry(id: try store.entryID(matching: text))
    }

    /// The ids of at most `limit` entries that start with `prefix` (lowercase, as
    /// `EntryIDText.isPrefix` has it), in no particular order.
    public func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] {
        try store.entryIDs(startingWith: prefix, limit: limit)
    }

    /// A page of entries, newest first.
    public func newest(limit: Int, offset: Int = 0) throws -> [Entry] {
        try store.newestEntries(limit: limit, offset: offset)
    }

    /// A page of `limit` entries, newest first, after `cursor` (from the top without one).
    public func newest(limit: Int, after cursor: DiaryCursor?) throws -> [Entry] {
        try store.newestEntries(limit: limit, after: cursor)
    }

    /// A page of `limit` of the entries `query` lists, newest first, after `cursor` (from the
    /// top without one).
    public func newest(matching query: DiaryQuery, limit: Int, after cursor: DiaryCursor?)
        throws -> [Entry]
    {
        try store.newestEntries(matching: query, limit: limit, after: cursor)
    }

    /// Every tag of the entries with how many have it, most used first, then by name.
    public func tagCounts() throws -> [DiaryTagCount] {
        try store.tagCounts()
    }

    /// Puts `photo` on the entry with `id`, last, with the words that say what it shows (`alt`,
    /// spaces and line breaks around them dropped); false when the entry had it already (its
    /// words are then `alt`).
    /// - Throws: `DiaryPhotoError` when the store keeps no photos, the words are too long or
    ///   the entry has as many photos as it may; `DiaryError.unknownEntry` when there is no
    ///   such entry; the store's errors.
    @discardableResult
    public func addPhoto(_ photo: EntryPhotoFile, alt: String, toEntry id: Entry.ID) throws
        -> Bool
    {
        guard let photos = store as? any DiaryPhotoStore else { throw DiaryPhotoError.notKept }
        let alt = alt.trimmingCharacters(in: .whitespacesAndNewlines)
        guard alt.count <= DiaryPhotoLimits.longestAlt else {
            throw DiaryPhotoError.altTooLong(limit: DiaryPhotoLimits.longestAlt)
        }
        return try photos.addPhoto(photo, alt: alt, toEntry: id)
    }

    /// The photos of every entry that has any (none when the store keeps no photos).
    public func photosOfEveryEntry() throws -> [Entry.ID: [EntryPhoto]] {
        try (store as? any DiaryPhotoStore)?.photosOfEveryEntry() ?? [:]
    }

    /// The photo kept under `id` (nil when the store keeps no photos, or none such).
    public func photoFile(id: String) throws -> EntryPhotoFile? {
        try (store as? any DiaryPhotoStore)?.photoFile(id: id)
    }

    /// Whether the diary's store keeps photos (one reached through a server's API does not).
    public var keepsPhotos: Bool { store is any DiaryPhotoStore }

    /// The photos on the entry with `id`, in order (none when the store keeps no photos).
    public func photos(ofEntry id: Entry.ID) throws -> [EntryPhoto] {
        try (store as? any DiaryPhotoStore)?.photos(ofEntry: id) ?? []
    }

    /// Stars the entry with `id`, or takes its star away.
    /// - Throws: `DiaryError.unknownEntry` when there is no such entry (or the store keeps no
    ///   stars); the store's errors.
    public func setStarred(_ starred: Bool, id: Entry.ID) throws {
        guard let stars = store as? any DiaryStars else { throw DiaryError.unknownEntry(id) }
        try stars.setStarred(starred, id: id)
    }

    /// Which of `ids` are starred (none when the store keeps no stars).
    /// Every starred entry's id (few, as stars go): what an export marks.
    public func starredIDs() throws -> Set<Entry.ID> {
        var starred: Set<Entry.ID> = []
        try forEachNewest(matching: DiaryQuery(starredOnly: true), limit: Int.max) {
            starred.insert($0.id)
        }
        return starred
    }

    public func starred(among ids: [Entry.ID]) throws -> Set<Entry.ID> {
        try (store as? any DiaryStars)?.starred(among: ids) ?? []
    }

    /// How many days a removed entry is kept in the trash.
    public static let trashKeptDays = 30

    /// The `limit` entries removed last and still in the trash, newest removal first (none
    /// when the store has no trash); what was removed more than `trashKeptDays` ago is
    /// emptied first.
    public func trashed(limit: Int) throws -> [TrashedEntry] {
        guard let trash = store as? any DiaryTrash else { return [] }
        try emptyOldTrash(trash)
        return try trash.trashedEntries(limit: limit)
    }

    /// Puts the entry with `id` back from the trash, as it was.
    /// - Throws: `DiaryError.unknownEntry` when the trash does not hold it (or the store has
    ///   no trash); the store's errors.
    @discardableResult
    public func restoreFromTrash(id: Entry.ID) throws -> Entry {
        guard let trash = store as? any DiaryTrash else { throw DiaryError.unknownEntry(id) }
        try emptyOldTrash(trash)
        return try trash.restoreFromTrash(id: id)
    }

    /// Empties the trash of what was removed more than `trashKeptDays` ago, by this diary's
    /// clock.
    /// Drops for good every entry in the trash, or those removed before `date`; gives how many.
    @discardableResult
    public func emptyTrash(removedBefore date: Date? = nil) throws -> Int {
        guard let trash = store as? any DiaryTrash else { return 0 }
        return try trash.emptyTrash(removedBefore: date ?? .distantFuture)
    }

    private func emptyOldTrash(_ trash: any DiaryTrash) throws {
        let kept = TimeInterval(Self.trashKeptDays) * 86_400
        _ = try trash.emptyTrash(removedBefore: clock.now.addingTimeInterval(-kept))
    }

    /// The day it is in `zone`, by this diary's clock.
    public func today(in zone: TimeZone) -> DiaryDay {
        DiaryDay(containing: clock.now, in: zone)
    }

    /// The query a person asks for in words (`DiaryQuery.init(search:from:to:today:zone:)`),
    /// today being today by this diary's clock.
    public func query(search: String?, from: String?, to: String?, zone: TimeZone)
        throws(DiaryQueryError) -> DiaryQuery
    {
        try DiaryQuery(search: search, from: from, to: to, today: today(in: zone), zone: zone)
    }

    /// The newest `limit` entries `query` lists, newest first, one at a time: every entry in
    /// one pass (`forEachNewest(limit:_:)`), or a query's pages one after the other.
    public func forEachNewest(
        matching query: DiaryQuery, limit: Int, _ body: (Entry) throws -> Void
    ) throws {
        guard query != DiaryQuery() else { return try forEachNewest(limit: limit, body) }
        try store.forEachNewestEntry(matching: query, limit: limit, pageSize: 500, body)
    }

    /// The newest `limit` entries, newest first, one at a time: a listing of any length in
    /// constant memory.
    public func forEachNewest(limit: Int, _ body: (Entry) throws -> Void) throws {
        try store.forEachNewestEntry(limit: limit, body)
    }
}
