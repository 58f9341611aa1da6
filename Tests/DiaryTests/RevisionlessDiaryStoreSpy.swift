import Diary
import Foundation

/// A store as an outside implementation of `DiaryStore` may be: entries in memory, no
/// revisions, no listing of its own (the protocol's default pages through `newestEntries`); it
/// records every entry saved and every page asked for.
final class RevisionlessDiaryStoreSpy: DiaryStore {
    var entries: [Entry] = []
    private(set) var saved: [Entry] = []
    private(set) var pagesAsked: [(limit: Int, offset: Int)] = []

    func save(_ entry: Entry) throws {
        saved.append(entry)
        entries.removeAll { $0.id == entry.id }
        entries.append(entry)
    }
    func resetPagesAsked() { pagesAsked = [] }
    func remove(id: Entry.ID) throws { entries.removeAll { $0.id == id } }
    func entry(id: Entry.ID) throws -> Entry? { entries.first { $0.id == id } }
    func newestEntries(limit: Int, offset: Int) throws -> [Entry] {
        pagesAsked.append((limit, offset))
        return Array(entries.sorted { $0.date > $1.date }.dropFirst(offset).prefix(limit))
    }
    func count() throws -> Int { entries.count }
    func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] { [] }
    func revision() throws -> Int { saved.count }
}
