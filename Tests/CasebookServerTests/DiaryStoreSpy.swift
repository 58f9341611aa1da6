import Diary
import Foundation

/// A diary in memory that counts the pages of entries read from it.
final class DiaryStoreSpy: DiaryStore, @unchecked Sendable {
    private let store = InMemoryDiaryStore()
    private let lock = NSLock()
    private var pagesRead = 0

    /// How many times a page of the newest entries was read.
    var pageReads: Int { lock.withLock { pagesRead } }

    func save(_ entry: Entry) throws { try store.save(entry) }
    func remove(id: Entry.ID) throws { try store.remove(id: id) }
    func entry(id: Entry.ID) throws -> Entry? { try store.entry(id: id) }
    func newestEntries(limit: Int, offset: Int) throws -> [Entry] {
        lock.withLock { pagesRead += 1 }
        return try store.newestEntries(limit: limit, offset: offset)
    }
    func count() throws -> Int { try store.count() }
    func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] {
        try store.entryIDs(startingWith: prefix, limit: limit)
    }
    func revision() throws -> Int { try store.revision() }
}
