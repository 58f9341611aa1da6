import Foundation

/// A diary store in memory, over the case study's `DiaryDataSource`; safe to use from several
/// threads at once (a lock guards it), so that a server can run on it too.
public final class InMemoryDiaryStore: RevisedDiaryStore, DiaryTrash, DiaryStars,
    DiaryPhotoStore, @unchecked Sendable
{
    private let dataSource: DiaryDataSource
    private let lock = NSLock()
    private var changes = 0
    /// Each entry's revision, kept once it is removed: an entry that comes back goes on from it.
    private var revisions: [Entry.ID: Int] = [:]
    private var trash: [Entry.ID: TrashedEntry] = [:]
    private var stars: Set<Entry.ID> = []
    /// The removed entries that were starred, to come back starred.
    private var trashedStars: Set<Entry.ID> = []
    /// Each photo once, by its id; each entry's photos in order, with their words.
    private var photoFiles: [String: EntryPhotoFile] = [:]
    private var entryPhotos: [Entry.ID: [(id: String, alt: String)]] = [:]

    public init(dataSource: DiaryDataSource = DiaryDataSource()) {
        self.dataSource = dataSource
    }

    public func save(_ entry: Entry) throws {
        _ = lock.withLock { store(entry) }
    }

    public func revisedEntry(id: Entry.ID) throws -> RevisedEntry? {
        lock.withLock {
            dataSource.entry(id: id).map { RevisedEntry(entry: $0, revision: revisions[id] ?? 1) }
        }
    }

    public func save(_ entry: Entry, ifRevision revision: Int) throws -> Int {
        try lock.withLock {
            guard let stored = dataSource.entry(id: entry.id) else {
                throw DiaryError.unknownEntry(entry.id)
            }
            let current = revisions[entry.id] ?? 1
            guard current == revision else {
                throw DiaryConflictError(current: RevisedEntry(entry: stored, revision: current))
            }
            return store(entry)
        }
    }

    /// Saves under the lock; returns the entry's new revision.
    @discardableResult
    private func store(_ entry: Entry) -> Int {
        // An entry the data source held before this store (no revision recorded) is at 1.
        let current = revisions[entry.id] ?? (dataSource.entry(id: entry.id) == nil ? 0 : 1)
        dataSource.save(entry: entry)
        trash[entry.id] = nil
        changes += 1
        let revision = current + 1
        revisions[entry.id] = revision
        return revision
    }

    public func remove(id: Entry.ID, ifRevision revision: Int) throws {
        try lock.withLock {
            guard let stored = dataSource.entry(id: id) else { throw DiaryError.unknownEntry(id) }
            let current = revisions[id] ?? 1
            guard current == revision else {
                throw DiaryConflictError(current: RevisedEntry(entry: stored, revision: current))
            }
            dataSource.remove(entry: stored)
            trash[id] = TrashedEntry(entry: stored, removedAt: Date())
            if stars.remove(id) != nil { trashedStars.insert(id) } else { trashedStars.remove(id) }
            changes += 1
        }
    }

    public func remove(id: Entry.ID) throws {
        lock.withLock {
            if let entry = dataSource.entry(id: id) {
                dataSource.remove(entry: entry)
                trash[id] = TrashedEntry(entry: entry, removedAt: Date())
                if stars.remove(id) != nil {
                    trashedStars.insert(id)
                } else {
                    trashedStars.remove(id)
                }
                changes += 1
            }
        }
    }

    public func entry(id: Entry.ID) throws -> Entry? {
        lock.withLock { dataSource.entry(id: id) }
    }

    public func newestEntries(limit: Int, offset: Int) throws -> [Entry] {
        lock.withLock {
            Array(dataSource.sortedEntries.dropFirst(max(0, offset)).prefix(max(0, limit)))
        }
    }

    public func newestEntries(limit: Int, after cursor: DiaryCursor?) throws -> [Entry] {
        lock.withLock {
            Array(
                dataSource.sortedEntries.lazy.filter { cursor?.precedes($0) ?? true }
                    .prefix(max(0, limit)))
        }
    }

    public func newerEntries(limit: Int, before cursor: DiaryCursor) throws -> [Entry] {
        lock.withLock {
            Array(
                dataSource.sortedEntries.prefix {
                    !cursor.precedes($0) && DiaryCursor($0) != cursor
                }
                .suffix(max(0, limit)))
        }
    }

    public func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] {
        let keys = lock.withLock { dataSource.sortedEntries.map { $0.id.uuidString.lowercased() } }
        return keys.filter { $0.hasPrefix(prefix) }.sorted().prefix(max(0, limit))
            .compactMap(UUID.init(uuidString:))
    }

    public func count() throws -> Int {
        lock.withLock { dataSource.count }
    }

    public func revision() throws -> Int {
        lock.withLock { changes }
    }

    public func trashedEntries(limit: Int) throws -> [TrashedEntry] {
        lock.withLock {
            Array(
                trash.values.sorted {
                    $0.removedAt != $1.removedAt
                        ? $0.removedAt > $1.removedAt
                        : $0.entry.id.uuidString > $1.entry.id.uuidString
                }
                .prefix(max(0, limit)))
        }
    }

    public func restoreFromTrash(id: Entry.ID) throws -> Entry {
        try lock.withLock {
            guard let trashed = trash[id] else { throw DiaryError.unknownEntry(id) }
            store(trashed.entry)
            if trashedStars.remove(id) != nil { stars.insert(id) }
            return trashed.entry
        }
    }

    public func emptyTrash(removedBefore date: Date) throws -> Int {
        lock.withLock {
            let old = trash.values.filter { $0.removedAt < date }.map(\.entry.id)
            for id in old {
                trash[id] = nil
                entryPhotos[id] = nil
            }
            let kept = Set(entryPhotos.values.joined().map(\.id))
            photoFiles = photoFiles.filter { kept.contains($0.key) }
            return old.count
        }
    }

    public func setStarred(_ starred: Bool, id: Entry.ID) throws {
        try lock.withLock {
            guard dataSource.entry(id: id) != nil else { throw DiaryError.unknownEntry(id) }
            if starred { stars.insert(id) } else { stars.remove(id) }
            changes += 1
        }
    }

    public func starred(among ids: [Entry.ID]) throws -> Set<Entry.ID> {
        lock.withLock { stars.intersection(ids) }
    }

    public func addPhoto(_ photo: EntryPhotoFile, alt: String, toEntry id: Entry.ID) throws
        -> Bool
    {
        try lock.withLock {
            guard dataSource.entry(id: id) != nil else { throw DiaryError.unknownEntry(id) }
            var photos = entryPhotos[id] ?? []
            changes += 1
            if let index = photos.firstIndex(where: { $0.id == photo.id }) {
                photos[index].alt = alt
                entryPhotos[id] = photos
                return false
            }
            guard photos.count < DiaryPhotoLimits.mostPerEntry else {
                throw DiaryPhotoError.tooMany(limit: DiaryPhotoLimits.mostPerEntry)
            }
            photos.append((photo.id, alt))
            entryPhotos[id] = photos
            photoFiles[photo.id] = photo
            return true
        }
    }

    public func photos(ofEntry id: Entry.ID) throws -> [EntryPhoto] {
        lock.withLock {
            (entryPhotos[id] ?? []).compactMap { photo in
                photoFiles[photo.id].map {
                    EntryPhoto(
                        id: photo.id, alt: photo.alt, smallWidth: $0.smallWidth,
                        smallHeight: $0.smallHeight)
                }
            }
        }
    }

    public func photoFile(id photoID: String) throws -> EntryPhotoFile? {
        lock.withLock { photoFiles[photoID] }
    }

    public func photosOfEveryEntry() throws -> [Entry.ID: [EntryPhoto]] {
        let ids = lock.withLock {
            entryPhotos.keys.filter { dataSource.entry(id: $0) != nil }
        }
        var all: [Entry.ID: [EntryPhoto]] = [:]
        for id in ids {
            let photos = try photos(ofEntry: id)
            if !photos.isEmpty { all[id] = photos }
        }
        return all
    }

    public func removePhoto(id photoID: String, fromEntry id: Entry.ID) throws -> Bool {
        lock.withLock {
            guard var photos = entryPhotos[id],
                let index = photos.firstIndex(where: { $0.id == photoID })
            else { return false }
            photos.remove(at: index)
            entryPhotos[id] = photos.isEmpty ? nil : photos
            if !entryPhotos.values.contains(where: { $0.contains { $0.id == photoID } }) {
                photoFiles[photoID] = nil
            }
            changes += 1
            return true
        }
    }
}
