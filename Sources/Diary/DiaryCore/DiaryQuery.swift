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
    /// The most tags a query asks for.
    public static let mostTags = 16

    /// Tags (`DiaryTags`) an entry must all have, lowercase.
    public var tags: [String]
    /// Whether only starred entries are listed (`DiaryStars`).
    public var starredOnly = false

    public init(search: DiarySearch? = nil, from: Date? = nil, before: Date? = nil) {
        self.init(search: search, from: from, before: before, tags: [])
    }

    /// A query of the starred entries, or of every entry.
    public init(starredOnly: Bool) {
        self.init()
        self.starredOnly = starredOnly
    }

    /// A query that also asks for entries with every one of `tags` (in any case).
    public init(
        search: DiarySearch? = nil, from: Date? = nil, before: Date? = nil, tags: [String]
    ) {
        self.search = search
        self.from = from
        self.before = before
        self.tags = tags.map { $0.lowercased() }
    }

    /// The query a person asks for in words: a search as typed, and the first and the last
    /// day (both whole) as `DiaryDay` reads them, `today` being `today`, in `zone`.
    /// - Throws: `DiaryQueryError` naming the part that cannot be read.
    public init(
        search: String?, from: String?, to: String?, today: DiaryDay, zone: TimeZone
    ) throws(DiaryQueryError) {
        try self.init(search: search, from: from, to: to, tags: [], today: today, zone: zone)
    }

    /// The query a person asks for in words, with tags an entry must all have.
    /// - Throws: `DiaryQueryError` naming the part that cannot be read.
    public init(
        search: String?, from: String?, to: String?, tags: [String], today: DiaryDay,
        zone: TimeZone
    ) throws(DiaryQueryError) {
        guard tags.count <= Self.mostTags else { throw .tooManyTags(limit: Self.mostTags) }
        self.tags = []
        for text in tags {
            guard let tag = DiaryTags.tag(text) else { throw .tag(text) }
            if !self.tags.contains(tag) { self.tags.append(tag) }
        }
        do {
            self.search = try search.map(DiarySearch.init)
        } catch {
            throw .search(error)
        }
        do {
            self.from = try from.map { text throws(DiaryDayError) in
                try DiaryDay(text, today: today).start(in: zone)
            }
        } catch {
            throw .from(error)
        }
        do {
            before = try to.map { text throws(DiaryDayError) in
                try DiaryDay(text, today: today).next.start(in: zone)
            }
        } catch {
            throw .to(error)
        }
    }

    /// Whether `entry` is one this query lists, stars aside (a store knows its stars).
    public func matches(_ entry: Entry) -> Bool {
        if let from, entry.date < from { return false }
        if let before, entry.date >= before { return false }
        if !tags.isEmpty, !Set(tags).isSubset(of: DiaryTags.tags(in: entry.text)) { return false }
        return search?.matches(entry.text) ?? true
    }
}
