/// An entry with its revision: a number that changes every time the entry is saved, so that a
/// save can say which version it started from.
public struct RevisedEntry: Equatable, Sendable {
    public var entry: Entry
    public var revision: Int

    public init(entry: Entry, revision: Int) {
        self.entry = entry
        self.revision = revision
    }
}
