import Foundation

/// Which entries to list: those a search finds, written in a span of time. A query without a
/// search or dates is every entry.
public struct DiaryQuery: Equatable, Sendable {
    /// What the entries' text must have, if anything.
    public var search: DiarySearch?
    /// The earliest instant an entry may have been written at, if any.
    public var from: Date?
    /// The instant every entry was written before, if any.
    public var before: Date?

    public init(search: DiarySearch? = nil, from: Date? = nil, before: Date? = nil) {
        self.search = search
        self.from = from
        self.before = before
    }

    /// Whether `entry` is one this query lists.
    public func matches(_ entry: Entry) -> Bool {
        if let from, entry.date < from { return false }
        if let before, entry.date >= before { return false }
        return search?.matches(entry.text) ?? true
    }
}
