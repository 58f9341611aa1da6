import Diary

/// The diary's use cases over one store, sendable into the closures that run them (the store
/// is; `DiaryEntries` keeps only it and the system clock).
struct DiaryEntriesBox: @unchecked Sendable {
    private let entries: DiaryEntries

    init(store: any DiaryStore & Sendable) {
        entries = DiaryEntries(store: store)
    }

    func newest(limit: Int, offset: Int) throws -> [Entry] {
        try entries.newest(limit: limit, offset: offset)
    }
    func add(text: String) throws -> Entry { try entries.add(text: text) }
    func revisedEntry(id: Entry.ID) throws -> RevisedEntry { try entries.revisedEntry(id: id) }
    func update(id: Entry.ID, text: String) throws -> Entry {
        try entries.update(id: id, text: text)
    }
    func update(id: Entry.ID, text: String, ifRevision revision: Int) throws -> RevisedEntry {
        try entries.update(id: id, text: text, ifRevision: revision)
    }
    func remove(id: Entry.ID) throws { try entries.remove(id: id) }
}
