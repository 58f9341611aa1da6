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

    public func makeNewEntry() -> EntryDetailScreen {
        EntryDetailScreen(entry: nil, now: clock.now, formatter: formatter)
    }

    public func makeDetail(for entry: Entry) -> EntryDetailScreen {
        EntryDetailScreen(entry: entry, now: clock.now, formatter: formatter)
    }
}
