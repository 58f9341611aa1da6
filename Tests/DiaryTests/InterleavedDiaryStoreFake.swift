import Diary
import Foundation

/// An in-memory store where another request's work can come between a use case's read and its
/// write: `betweenReadAndWrite` runs once, right after the next read of an entry.
final class InterleavedDiaryStoreFake: RevisedDiaryStore {
    let stored = InMemoryDiaryStore()
    var betweenReadAndWrite: (() throws -> Void)?

    private func afterRead() throws {
        let work = betweenReadAndWrite
        betweenReadAndWrite = nil
        try work?()
    }

    func revisedEntry(id: Entry.ID) throws -> RevisedEntry? {
        defer { try? afterRead() }
        return try stored.revisedEntry(id: id)
    }
    func entry(id: Entry.ID) throws -> Entry? {
        defer { try? afterRead() }
        return try stored.entry(id: id)
    }
    func save(_ entry: Entry, ifRevision revision: Int) throws -> Int {
        try stored.save(entry, ifRevision: revision)
    }
    func remove(id: Entry.ID, ifRevision revision: Int) throws {
        try stored.remove(id: id, ifRevision: revision)
    }
    func save(_ entry: Entry) throws { try stored.save(entry) }
    func remove(id: Entry.ID) throws { try stored.remove(id: id) }
    func newestEntries(limit: Int, offset: Int) throws -> [Entry] {
        try stored.newestEntries(limit: limit, offset: offset)
    }
    func count() throws -> Int { try stored.count() }
    func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] {
        try stored.entryIDs(startingWith: prefix, limit: limit)
    }
    func revision() throws -> Int { try stored.revision() }
}
