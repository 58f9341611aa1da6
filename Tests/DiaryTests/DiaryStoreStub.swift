import Diary
import Foundation

/// A store whose writes fail with a preset error, and which reads as empty.
struct DiaryStoreStub: DiaryStore {
    struct WriteFailed: Error, Equatable {}

    func save(_ entry: Entry) throws { throw WriteFailed() }
    func remove(id: Entry.ID) throws { throw WriteFailed() }
    func entry(id: Entry.ID) throws -> Entry? { nil }
    func newestEntries(limit: Int, offset: Int) throws -> [Entry] { [] }
    func count() throws -> Int { 0 }
    func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] { [] }
    func revision() throws -> Int { 0 }
}
