/// Moves between the diary's screens and carries out what they ask: the list is the root, and a
/// detail screen is only ever one screen above it.
public final class DiaryRouter {
    private weak var navigation: (any DiaryNavigationStack)?
    private let factory: DiaryScreenFactory
    private var store: any DiaryStore { factory.store }

    public init(navigation: any DiaryNavigationStack, factory: DiaryScreenFactory) {
        self.navigation = navigation
        self.factory = factory
    }

    /// Resets the stack to just the (refreshed) list of the newest `limit` entries.
    public func showList(limit: Int = DiaryScreenFactory.pageSize) throws {
        navigation?.show([.list(try makeList(limit: limit))])
    }

    /// Resets the stack to a page of the list: `limit` entries after `cursor`.
    public func showList(limit: Int = DiaryScreenFactory.pageSize, after cursor: DiaryCursor?)
        throws
    {
        navigation?.show([.list(wire(try factory.makeList(limit: limit, after: cursor)))])
    }

    /// Resets the stack to the page of the list just newer than `cursor`.
    public func showList(limit: Int = DiaryScreenFactory.pageSize, before cursor: DiaryCursor)
        throws
    {
        navigation?.show([.list(wire(try factory.makeList(limit: limit, before: cursor)))])
    }

    /// Resets the stack to a page of what `query` finds: `limit` entries after `cursor`.
    public func showList(
        matching query: DiaryQuery, limit: Int = DiaryScreenFactory.pageSize,
        after cursor: DiaryCursor?
    ) throws {
        navigation?.show([
            .list(wire(try factory.makeList(matching: query, limit: limit, after: cursor)))
        ])
    }

    /// The list with the new-entry screen above it.
    public func showNewEntry() throws {
        try showAboveList(factory.makeNewEntry())
    }

    /// The list with `entry`'s detail screen above it.
    public func showDetail(for entry: Entry) throws {
        try showAboveList(factory.makeDetail(for: entry))
    }

    public func showDetail(id: Entry.ID) throws {
        guard let entry = try store.entry(id: id) else { throw DiaryError.unknownEntry(id) }
        try showDetail(for: entry)
    }

    /// Shows the detail of the entry `text` names: its whole id or a unique start of it.
    public func showDetail(matching text: String) throws {
        try showDetail(id: try store.entryID(matching: text))
    }

    /// Stores `entry`, then shows the refreshed list. When the store fails, the caller gets the
    /// error and the screens stay as they were.
    public func save(_ entry: Entry) throws {
        try store.save(entry)
        try showList()
    }

    /// Removes `entry`, then shows the refreshed list.
    public func delete(_ entry: Entry) throws {
        try store.remove(id: entry.id)
        try showList()
    }

    /// The screens hold the router weakly: a screen outliving its router does nothing.
    private func makeList(limit: Int = DiaryScreenFactory.pageSize) throws -> DiaryListScreen {
        wire(try factory.makeList(limit: limit, after: nil))
    }

    /// `list`, its actions carried out by this router.
    private func wire(_ list: DiaryListScreen) -> DiaryListScreen {
        list.onSelect = { [weak self] in try self?.showDetail(for: $0) }
        list.onDelete = { [weak self] in try self?.delete($0) }
        list.onAdd = { [weak self] in try self?.showNewEntry() }
        return list
    }

    private func showAboveList(_ detail: EntryDetailScreen) throws {
        detail.onSave = { [weak self] in try self?.save($0) }
        navigation?.show([.list(try makeList()), .detail(detail)])
    }
}
