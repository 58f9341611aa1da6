import Foundation

/// A diary store in memory, over the case study's `DiaryDataSource`.
public final class InMemoryDiaryStore: DiaryStore {
    private let dataSource: DiaryDataSource
    private var changes = 0

    public init(dataSource: DiaryDataSource = DiaryDataSource()) {
        self.dataSource = dataSource
    }

    public func save(_ entry: Entry) throws {
        dataSource.save(entry: entry)
        changes += 1
    }

    public func remove(id: Entry.ID) throws {
        if let entry = dataSource.entry(id: id) {
            dataSource.remove(entry: entry)
            changes += 1
        }
    }

    public func entry(id: Entry.ID) throws -> Entry? {
        dataSource.entry(id: id)
    }

    public func newestEntries(limit: Int, offset: Int) throws -> [Entry] {
        Array(dataSource.sortedEntries.dropFirst(max(0, offset)).prefix(max(0, limit)))
    }

    public func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] {
        let keys = dataSource.sortedEntries.map { $0.id.uuidString.lowercased() }
        return keys.filter { $0.hasPrefix(prefix) }.sorted().prefix(max(0, limit))
            .compactMap(UUID.init(uuidString:))
    }

    public func count() throws -> Int {
        dataSource.count
    }

    public func revision() throws -> Int {
        changes
    }
}
