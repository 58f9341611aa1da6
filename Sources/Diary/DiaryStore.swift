/// Where the diary keeps its entries. Every write either happens or throws: never silently not.
public protocol DiaryStore {
    /// Adds `entry`, or replaces the entry with its identity.
    func save(_ entry: Entry) throws
    /// Removes the entry with `id`; removing one that is not there is not an error.
    func remove(id: Entry.ID) throws
    func entry(id: Entry.ID) throws -> Entry?
    /// A page of entries, newest first.
    func newestEntries(limit: Int, offset: Int) throws -> [Entry]
    func count() throws -> Int
    /// A number that changes whenever any entry is added, changed or removed (by any process),
    /// so that a view of the entries can be kept until it does.
    func revision() throws -> Int
}
