import Foundation

/// Where the diary keeps its entries. Every write either happens or throws: never silently not.
public protocol DiaryStore {
    /// Adds `entry`, or replaces the entry with its identity.
    func save(_ entry: Entry) throws
    /// Removes the entry with `id`; removing one that is not there is not an error.
    func remove(id: Entry.ID) throws
    func entry(id: Entry.ID) throws -> Entry?
    /// A page of entries, newest first.
    func newestEntries(limit: Int, offset: Int) throws -> [Entry]
    /// A page of entries, newest first, starting after `cursor` (from the top without one):
    /// keyset paging, stable while entries come and go. By default, the entries are walked
    /// from the top; a store that can seek to the position (an index on date and id) does.
    func newestEntries(limit: Int, after cursor: DiaryCursor?) throws -> [Entry]
    /// The `limit` entries just newer than `cursor`, newest first: the page before a page, for
    /// paging back towards the top. By default, the entries are walked from the top.
    func newerEntries(limit: Int, before cursor: DiaryCursor) throws -> [Entry]
    /// A page of the entries `query` lists, newest first, starting after `cursor` (from the top
    /// without one). By default, the entries are walked from the top and tested one by one
    /// (`DiaryQuery.matches`); a store with a full-text index and an index on dates uses them,
    /// and finds the same entries.
    func newestEntries(matching query: DiaryQuery, limit: Int, after cursor: DiaryCursor?)
        throws -> [Entry]
    /// The newest `limit` entries, newest first, in the order of `newestEntries`' pages,
    /// handed to `body` one at a time, so that a long listing never holds them all; an error
    /// thrown by `body` stops it. By default, read in pages (`newestEntries`): a store that can
    /// read them in one pass does so.
    func forEachNewestEntry(limit: Int, _ body: (Entry) throws -> Void) throws
    /// Adds each of `entries` whose id is not in the store, with its id, date and text, and
    /// leaves an entry that is there as it is; gives how many were added. By default, one at a
    /// time; a store with transactions adds them all or, on error, none.
    func add(contentsOf entries: [Entry]) throws -> Int
    /// Every tag of the entries (`DiaryTags`) with how many entries have it, most used first,
    /// then by name. By default, every entry is read.
    func tagCounts() throws -> [DiaryTagCount]
    func count() throws -> Int
    /// Up to `limit` ids that start with `prefix` (lowercase), in id order.
    func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID]
    /// A number that changes whenever any entry is added, changed or removed (by any process),
    /// so that a view of the entries can be kept until it does.
    func revision() throws -> Int
}

extension DiaryStore {
    public func newestEntries(limit: Int, after cursor: DiaryCursor?) throws -> [Entry] {
        guard limit > 0 else { return [] }
        var page: [Entry] = []
        do {
            try forEachNewestEntry(limit: Int.max) { entry in
                guard page.count < limit else { throw DiaryPageFull() }
                if cursor?.precedes(entry) ?? true { page.append(entry) }
            }
        } catch is DiaryPageFull {}
        return page
    }

    public func newerEntries(limit: Int, before cursor: DiaryCursor) throws -> [Entry] {
        guard limit > 0 else { return [] }
        var newer: [Entry] = []
        do {
            try forEachNewestEntry(limit: Int.max) { entry in
                guard !cursor.precedes(entry), DiaryCursor(entry) != cursor else {
                    throw DiaryPageFull()
                }
                newer.append(entry)
            }
        } catch is DiaryPageFull {}
        return Array(newer.suffix(limit))
    }

    public func newestEntries(
        matching query: DiaryQuery, limit: Int, after cursor: DiaryCursor?
    ) throws -> [Entry] {
        guard limit > 0 else { return [] }
        let stars = self as? any DiaryStars
        guard !query.starredOnly || stars != nil else { return [] }
        var page: [Entry] = []
        do {
            try forEachNewestEntry(limit: Int.max) { entry in
                guard page.count < limit else { throw DiaryPageFull() }
                guard cursor?.precedes(entry) ?? true, query.matches(entry) else { return }
                if query.starredOnly, try stars?.starred(among: [entry.id]).isEmpty != false {
                    return
                }
                page.append(entry)
            }
        } catch is DiaryPageFull {}
        return page
    }

    public func add(contentsOf entries: [Entry]) throws -> Int {
        var added = 0
        for entry in entries where try self.entry(id: entry.id) == nil {
            try save(entry)
            added += 1
        }
        return added
    }

    public func tagCounts() throws -> [DiaryTagCount] {
        var counts: [String: Int] = [:]
        try forEachNewestEntry(limit: Int.max) { entry in
            for tag in DiaryTags.tags(in: entry.text) { counts[tag, default: 0] += 1 }
        }
        return DiaryTagCount.ordered(counts)
    }

    /// The newest `limit` entries `query` lists, handed to `body` one at a time, read in pages
    /// of `pageSize` by position (each page a seek where the store can): a listing of any
    /// length, holding one page at a time, whose cost is what its pages cost.
    public func forEachNewestEntry(
        matching query: DiaryQuery, limit: Int, pageSize: Int, _ body: (Entry) throws -> Void
    ) throws {
        var position: DiaryCursor?
        var listed = 0
        while listed < limit {
            let size = min(max(1, pageSize), limit - listed)
            let page = try newestEntries(matching: query, limit: size, after: position)
            for entry in page { try body(entry) }
            listed += page.count
            guard page.count == size, let last = page.last else { return }
            position = DiaryCursor(last)
        }
    }

    public func forEachNewestEntry(limit: Int, _ body: (Entry) throws -> Void) throws {
        let pageSize = 500
        var offset = 0
        while offset < limit {
            let page = try newestEntries(limit: min(pageSize, limit - offset), offset: offset)
            for entry in page { try body(entry) }
            guard page.count == pageSize else { return }
            offset += page.count
        }
    }

    /// The id a person means by `text`: a whole id (in any case), or the start of exactly one
    /// entry's id, at least 4 characters long, as git takes the start of a commit's hash.
    /// - Throws: `DiaryError.malformedID` when `text` cannot be the start of an id,
    ///   `.noEntryStartingWith` or `.ambiguousID` when no entry or several entries match.
    public func entryID(matching text: String) throws -> Entry.ID {
        let typed = text.trimmingCharacters(in: .whitespaces)
        if let id = UUID(uuidString: typed) { return id }
        let prefix = typed.lowercased()
        guard prefix.count >= 4, EntryIDText.isPrefix(prefix) else {
            throw DiaryError.malformedID(text)
        }
        let matches = try entryIDs(startingWith: prefix, limit: 5)
        switch matches.count {
        case 0: throw DiaryError.noEntryStartingWith(typed)
        case 1: return matches[0]
        default: throw DiaryError.ambiguousID(typed, matches: matches)
        }
    }
}

private struct DiaryPageFull: Error {}
