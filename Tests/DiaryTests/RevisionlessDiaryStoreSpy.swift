import Diary
import Foundation

/// A store as an outside implementation of `DiaryStore` may be: entries in memory, no
/// revisions; it records every entry saved.
final class RevisionlessDiaryStoreSpy: DiaryStore {
    var entries: [Entry] = []
    private(set) var saved: [Entry] = []

    func save(_ entry: Entry) throws {
        saved.append(entry)
        entries.removeAll { $0.id == entry.id }
        entries.append(entry)
    }
    func remove(id: Entry.ID) throws { entries.removeAll { $0.id == id } }
    func entry(id: Entry.ID) throws -> Entry? { entries.first { $0.id == id } }
    func newestEntries(limit: Int, offset: Int) throws -> [Entry] { [] }
    func count() throws -> Int { entries.count }
    func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] { [] }
    func revision() throws -> Int { saved.count }
}
