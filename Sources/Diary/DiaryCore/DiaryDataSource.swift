/// The diary's entries in memory, as the case study builds them: saving adds an entry or replaces
/// the one with the same identity, and entries are listed newest first.
public final class DiaryDataSource {
    private var entries: [Entry.ID: Entry] = [:]

    public init() {}

    /// Every entry, newest first.
    public var sortedEntries: [Entry] {
        entries.values.sorted(by: Entry.isNewer)
    }

    /// Adds `entry`, or replaces the entry with its identity.
    public func save(entry: Entry) {
        entries[entry.id] = entry
    }

    public func remove(entry: Entry) {
        entries[entry.id] = nil
    }

    func entry(id: Entry.ID) -> Entry? {
        entries[id]
    }

    var count: Int { entries.count }
}
