/// An entry with its revision: a number that changes every time the entry is saved, so that a
/// save can say which version it started from. It counts the entry's versions, in every store:
/// 1 when the entry is added, one more at every save.
public struct RevisedEntry: Equatable, Sendable {
    public var entry: Entry
    public var revision: Int

    public init(entry: Entry, revision: Int) {
        self.entry = entry
        self.revision = revision
    }
}
