/// Builds the diary's screens from its store.
public struct DiaryScreenFactory {
    public static let pageSize = 50

    let store: any DiaryStore
    private let clock: any DiaryClock
    private let formatter: DiaryDateFormatter

    public init(
        store: any DiaryStore, clock: any DiaryClock = SystemClock(),
        formatter: DiaryDateFormatter = DiaryDateFormatter()
    ) {
        self.store = store
        self.clock = clock
        self.formatter = formatter
    }

    /// The list of the newest entries.
    public func makeList(limit: Int = pageSize, offset: Int = 0) throws -> DiaryListScreen {
        DiaryListScreen(
            entries: try store.newestEntries(limit: limit, offset: offset), formatter: formatter)
    }

    /// A page of the list: `limit` entries after `cursor` (the newest without one), knowing
    /// where the pages beside it are.
    public func makeList(limit: Int = pageSize, after cursor: DiaryCursor?) throws
        -> DiaryListScreen
    {
        let found = try store.newestEntries(limit: Self.oneMore(limit), after: cursor)
        let page = Array(found.prefix(limit))
        let list = DiaryListScreen(entries: page, formatter: formatter)
        list.older = found.count > limit ? page.last.map(DiaryCursor.init) : nil
        if let cursor {
            let top = page.first.map(DiaryCursor.init) ?? cursor
            list.newer = try store.newerEntries(limit: 1, before: top).isEmpty ? nil : top
        }
        return list
    }

    /// The page of the list just newer than `cursor` (going back towards the newest), knowing
    /// where the pages beside it are.
    public func makeList(limit: Int = pageSize, before cursor: DiaryCursor) throws
        -> DiaryListScreen
    {
        let found = try store.newerEntries(limit: Self.oneMore(limit), before: cursor)
        let page = Array(found.suffix(limit))
        let list = DiaryListScreen(entries: page, formatter: formatter)
        list.newer = found.count > limit ? page.first.map(DiaryCursor.init) : nil
        let bottom = page.last.map(DiaryCursor.init) ?? cursor
        list.older = try store.newestEntries(limit: 1, after: bottom).isEmpty ? nil : bottom
        return list
    }

    /// A page of what `query` finds: `limit` entries after `cursor` (from the newest without
    /// one), each row an excerpt with the words found marked, knowing where the next page of
    /// results starts.
    public func makeList(
        matching query: DiaryQuery, limit: Int = pageSize, after cursor: DiaryCursor?
    )
        throws -> DiaryListScreen
    {
        let found = try store.newestEntries(
            matching: query, limit: Self.oneMore(limit), after: cursor)
        let page = Array(found.prefix(limit))
        let list = DiaryListScreen(entries: page, formatter: formatter, query: query)
        list.older = found.count > limit ? page.last.map(DiaryCursor.init) : nil
        return list
    }

    /// One more than `limit`, to know whether there is a page beyond (never past `Int.max`).
    private static func oneMore(_ limit: Int) -> Int {
        limit < Int.max ? max(0, limit) + 1 : limit
    }

    public func makeNewEntry() -> EntryDetailScreen {
        EntryDetailScreen(entry: nil, now: clock.now, formatter: formatter)
    }

    public func makeDetail(for entry: Entry) -> EntryDetailScreen {
        EntryDetailScreen(entry: entry, now: clock.now, formatter: formatter)
    }
}
