import Foundation

/// A diary store in memory, over the case study's `DiaryDataSource`; safe to use from several
/// threads at once (a lock guards it), so that a server can run on it too.
public final class InMemoryDiaryStore: DiaryStore, @unchecked Sendable {
    private let dataSource: DiaryDataSource
    private let lock = NSLock()
    private var changes = 0

    public init(dataSource: DiaryDataSource = DiaryDataSource()) {
        self.dataSource = dataSource
    }

    public func save(_ entry: Entry) throws {
        lock.withLock {
            dataSource.save(entry: entry)
            changes += 1
        }
    }

    public func remove(id: Entry.ID) throws {
        lock.withLock {
            if let entry = dataSource.entry(id: id) {
                dataSource.remove(entry: entry)
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
}
