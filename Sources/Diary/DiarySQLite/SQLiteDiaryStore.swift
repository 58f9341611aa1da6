import CasebookSQLite
import DiaryCore
import Foundation
import GRDB
import StoreFailures

/// The diary in a SQLite file (WAL mode, migrated when opened). Writes are transactions, so an
/// entry survives `kill -9` once `save` returns, and several processes can write at once.
public final class SQLiteDiaryStore: RevisedDiaryStore, DiaryTrash, DiaryStars,
    DiaryPhotoStore, @unchecked Sendable
{
    private let database: StoreDatabase

    /// Why the store could not be opened.
    public struct OpenError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String

        public var description: String { "cannot open the diary at \(path): \(reason)" }
    }

    /// How the store holds its file: a pool, as a server does, or one connection, as a command
    /// that opens the diary, does one thing and exits does (`casebook diary`).
    public typealias Connections = StoreConnections

    public convenience init(path: String) throws {
        try self.init(path: path, connections: .pool)
    }

    public convenience init(path: String, connections: Connections) throws {
        try self.init(path: path, connections: connections, allowingSealed: false)
    }

    /// Opens the plain diary at `path`; unless `allowingSealed`, one that is sealed beside it
    /// (`SealedSQLiteDiary.sealedPath(besides:)`) is refused, so that nothing writes a new
    /// plain diary in its place.
    init(path: String, connections: Connections, allowingSealed: Bool) throws {
        let sealed = SealedSQLiteDiary.sealedPath(besides: path)
        if !allowingSealed, FileManager.default.fileExists(atPath: sealed) {
            throw SealedDiaryError.sealed(path: sealed)
        }
        do {
            database = try StoreDatabase(
                store: "diary", path: path,
                migrations: Self.migrations + EntryRow.contentMigrations,
                connections: connections)
        } catch let error as StoreDatabase.OpenError {
            throw OpenError(path: path, reason: error.reason)
        } catch {
            throw OpenError(path: path, reason: "\(error)")
        }
    }

    /// The diary in `memory`, a database this process holds (a sealed diary, opened),
    /// migrated as a file is.
    init(memory: DatabaseQueue) throws {
        database = try StoreDatabase(
            store: "diary", writer: memory,
            migrations: Self.migrations + EntryRow.contentMigrations)
    }

    private static let migrations: [StoreMigration] = [
        StoreMigration(
            "create entry",
            sql: """
                    CREATE TABLE entry (
                        id TEXT PRIMARY KEY NOT NULL,
                        date REAL NOT NULL,
                        text TEXT NOT NULL
                    );
                    CREATE INDEX entry_newest ON entry(date DESC, id DESC);
                """),
        StoreMigration(
            "count revisions",
            sql: """
                    CREATE TABLE revision (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
                    INSERT INTO revision (id, value) VALUES (1, 0);
                    CREATE TRIGGER entry_inserted AFTER INSERT ON entry
                        BEGIN UPDATE revision SET value = value + 1; END;
                    CREATE TRIGGER entry_updated AFTER UPDATE ON entry
                        BEGIN UPDATE revision SET value = value + 1; END;
                    CREATE TRIGGER entry_deleted AFTER DELETE ON entry
                        BEGIN UPDATE revision SET value = value + 1; END;
                """),
        StoreMigration(
            "revise each entry",
            sql: "ALTER TABLE entry ADD COLUMN revision INTEGER NOT NULL DEFAULT 1"),
        StoreMigration("index the words of each entry", apply: indexWordsOfEveryEntry),
        StoreMigration("tag each entry", apply: tagEveryEntry),
        StoreMigration(
            "keep removed entries in a trash",
            sql: """
                    CREATE TABLE trash (
                        id TEXT PRIMARY KEY NOT NULL,
                        date REAL NOT NULL,
                        text TEXT NOT NULL,
                        removed_at REAL NOT NULL
                    );
                    CREATE INDEX trash_removed ON trash(removed_at DESC, id DESC);
                """),
        StoreMigration(
            "star entries",
            sql: "ALTER TABLE entry ADD COLUMN starred INTEGER NOT NULL DEFAULT 0"),
        // An entry that comes back from the trash goes on from the revision it was removed at.
        StoreMigration(
            "keep the revision of a removed entry",
            sql: "ALTER TABLE trash ADD COLUMN revision INTEGER NOT NULL DEFAULT 1"),
        // A starred entry comes back from the trash starred.
        StoreMigration(
            "keep the star of a removed entry",
            sql: "ALTER TABLE trash ADD COLUMN starred INTEGER NOT NULL DEFAULT 0"),
        // Each CJK character and emoji is a word of its own (`SearchWords.standsAlone`): the
        // entries whose text has any character beyond ASCII are indexed again.
        StoreMigration("keep photos on entries", sql: PhotoRow.migration),
        StoreMigration("index each CJK character and emoji as a word") { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT search_key, text FROM entry")
            while let row = try rows.next() {
                let text: String = row["text"]
                guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
                try indexWords(db, key: row["search_key"], text: text)
            }
        },
    ]

    /// Each entry's tags (`DiaryTags`), under its search key.
    private static func tagEveryEntry(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE entry_tag (
                    tag TEXT NOT NULL, search_key INTEGER NOT NULL, PRIMARY KEY (tag, search_key)
                ) WITHOUT ROWID;
                CREATE INDEX entry_tag_entry ON entry_tag(search_key);
                """)
        let rows = try Row.fetchCursor(
            db, sql: "SELECT search_key, text FROM entry WHERE search_key IS NOT NULL")
        while let row = try rows.next() {
            try tag(db, key: row["search_key"], text: row["text"])
        }
    }

    /// Records the tags of `text` as those of the entry with `key`, in place of its old ones.
    private static func tag(_ db: Database, key: Int64, text: String, isNew: Bool = false)
        throws
    {
        if !isNew {
            try db.cachedStatement(sql: "DELETE FROM entry_tag WHERE search_key = ?")
                .execute(arguments: [key])
        }
        let insert = try db.cachedStatement(
            sql: "INSERT INTO entry_tag (tag, search_key) VALUES (?, ?)")
        for tag in DiaryTags.tags(in: text) { try insert.execute(arguments: [tag, key]) }
    }

    /// The full-text index: each entry's words as `DiaryWords` folds them, under the entry's
    /// `search_key` (a number of its own: an entry's rowid may change when the file is vacuumed).
    private static func indexWordsOfEveryEntry(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE entry ADD COLUMN search_key INTEGER;
                UPDATE entry SET search_key = rowid;
                CREATE UNIQUE INDEX entry_search_key ON entry(search_key);
                CREATE VIRTUAL TABLE entry_search
                    USING fts5(words, tokenize = 'unicode61 remove_diacritics 2');
                """)
        let rows = try Row.fetchCursor(db, sql: "SELECT search_key, text FROM entry")
        while let row = try rows.next() {
            try indexWords(db, key: row["search_key"], text: row["text"])
        }
    }

    /// Indexes `text` as the words and tags of the entry with `key`, in place of what was
    /// indexed.
    private static func index(_ db: Database, key: Int64, text: String, isNew: Bool = false)
        throws
    {
        try tag(db, key: key, text: text, isNew: isNew)
        try indexWords(db, key: key, text: text)
    }

    /// Indexes `text` as the words of the entry with `key`, in place of what was indexed.
    private static func indexWords(_ db: Database, key: Int64, text: String) throws {
        try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO entry_search (rowid, words) VALUES (?, ?)"
        )
        .execute(arguments: [key, DiaryWords.searchText(of: text)])
    }

    /// Drops the words and tags of the entry with `key` from the index.
    private static func unindex(_ db: Database, key: Int64?) throws {
        guard let key else { return }
        try db.cachedStatement(sql: "DELETE FROM entry_tag WHERE search_key = ?")
            .execute(arguments: [key])
        try db.cachedStatement(sql: "DELETE FROM entry_search WHERE rowid = ?")
            .execute(arguments: [key])
    }

    /// Adds an entry under the next search key, at revision 1 or the one after the revision
    /// it was removed at (in the trash), or replaces one's text and moves it to its next
    /// revision; gives the entry's search key.
    private static let upsert = """
        INSERT INTO entry (id, date, \(EntryRow.contentList), search_key, revision)
        VALUES (
            ?1, ?2, \(EntryRow.contentPlaceholders(from: 3)),
            (SELECT IFNULL(MAX(search_key), 0) + 1 FROM entry),
            IFNULL((SELECT revision FROM trash WHERE id = ?1), 0) + 1)
        ON CONFLICT(id) DO UPDATE SET date = excluded.date, \(EntryRow.contentFromExcluded),
            revision = revision + 1
        RETURNING search_key
        """

    public func save(_ entry: Entry) throws {
        try database.write { db in
            try Self.index(db, key: try Self.upsert(db, entry), text: entry.text)
        }
    }

    /// Saves many entries in one transaction: all of them, or on error none. The words are
    /// indexed after the rows (see `add(contentsOf:)`).
    public func save(contentsOf entries: [Entry]) throws {
        try database.write { db in
            let keys = try entries.map { try Self.upsert(db, $0) }
            for (key, entry) in zip(keys, entries) {
                try Self.index(db, key: key, text: entry.text)
            }
        }
    }

    /// Adds the entries whose id is not there in one transaction: all of them, or on error none.
    public func add(contentsOf entries: [Entry]) throws -> Int {
        try database.write { db in
            // Room for a large import's pages, which would otherwise be written to the log
            // several times over while the full-text index grows.
            try db.execute(sql: "PRAGMA cache_size = -65536")
            defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
            // The transaction is the only writer: the keys are counted on from the largest.
            var nextKey =
                try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(search_key), 0) FROM entry") ?? 0
            let keyPlace = 3 + EntryRow.contentColumns.count
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO entry (id, date, \(EntryRow.contentList), search_key, revision)
                    VALUES (
                        ?1, ?2, \(EntryRow.contentPlaceholders(from: 3)), ?\(keyPlace),
                        IFNULL((SELECT revision FROM trash WHERE id = ?1), 0) + 1)
                    ON CONFLICT(id) DO NOTHING
                    """)
            // An entry added leaves the trash, when the trash holds anything.
            let trashHolds =
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM trash)") ?? true
            var added: [(key: Int64, text: String)] = []
            for entry in entries {
                try insert.execute(
                    arguments: StatementArguments(
                        [Self.key(entry.id), entry.date.timeIntervalSinceReferenceDate]
                            + EntryRow.contentValues(of: entry.content) + [nextKey + 1]))
                guard db.changesCount == 1 else { continue }
                nextKey += 1
                added.append((nextKey, entry.text))
                if trashHolds { try Self.untrash(db, id: entry.id) }
            }
            // Indexed after the rows: each insert above opens a statement savepoint (for the
            // revision's trigger), and FTS5 writes out what it holds in memory at every one,
            // which interleaved made an import five times slower.
            for (key, text) in added { try Self.index(db, key: key, text: text, isNew: true) }
            return added.count
        }
    }

    /// Adds or replaces `entry`; gives its search key, under which to index its words.
    private static func upsert(_ db: Database, _ entry: Entry) throws -> Int64 {
        let key = try Int64.fetchOne(
            db.cachedStatement(sql: upsert),
            arguments: StatementArguments(
                [key(entry.id), entry.date.timeIntervalSinceReferenceDate]
                    + EntryRow.contentValues(of: entry.content)))
        guard let key else {
            throw DamagedRowError(
                store: "diary", key: Self.key(entry.id), problem: "it has no search key")
        }
        try untrash(db, id: entry.id)
        return key
    }

    public func revisedEntry(id: Entry.ID) throws -> RevisedEntry? {
        try database.read { db in
            try Self.row(db, id: id).map { RevisedEntry(entry: $0.entry, revision: $0.revision) }
        }
    }

    public func save(_ entry: Entry, ifRevision revision: Int) throws -> Int {
        try database.write { db in
            let searchKey = try Int64?.fetchOne(
                db,
                sql: """
                    UPDATE entry SET date = ?, \(EntryRow.contentAssignments), revision = revision + 1
                    WHERE id = ? AND revision = ? RETURNING search_key
                    """,
                arguments: StatementArguments(
                    [entry.date.timeIntervalSinceReferenceDate]
                        + EntryRow.contentValues(of: entry.content) + [
                            Self.key(entry.id), revision,
                        ]))
            let updated = searchKey != nil
            if let searchKey = searchKey ?? nil {
                try Self.index(db, key: searchKey, text: entry.text)
            }
            guard let row = try Self.row(db, id: entry.id) else {
                throw DiaryError.unknownEntry(entry.id)
            }
            guard updated else {
                throw DiaryConflictError(
                    current: RevisedEntry(entry: row.entry, revision: row.revision))
            }
            return row.revision
        }
    }

    public func remove(id: Entry.ID, ifRevision revision: Int) throws {
        try database.write { db in
            let removed = try Self.moveToTrash(
                db, where: "id = ? AND revision = ?", arguments: [Self.key(id), revision])
            guard !removed else { return }
            guard let row = try Self.row(db, id: id) else { throw DiaryError.unknownEntry(id) }
            throw DiaryConflictError(
                current: RevisedEntry(entry: row.entry, revision: row.revision))
        }
    }

    public func remove(id: Entry.ID) throws {
        try database.write { db in
            _ = try Self.moveToTrash(db, where: "id = ?", arguments: [Self.key(id)])
        }
    }

    /// Takes the entry with `id` out of the trash: an entry saved is no longer trashed.
    private static func untrash(_ db: Database, id: Entry.ID) throws {
        try db.cachedStatement(sql: "DELETE FROM trash WHERE id = ?").execute(arguments: [key(id)])
    }

    /// Moves the entries `condition` selects to the trash, dated now, row as it is (every
    /// column of `EntryRow`); gives whether it moved anything.
    private static func moveToTrash(
        _ db: Database, where condition: String, arguments: StatementArguments
    ) throws -> Bool {
        let now = Date().timeIntervalSinceReferenceDate
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO trash (\(EntryRow.columns), starred, removed_at)
                SELECT \(EntryRow.columns), starred, ? FROM entry WHERE \(condition)
                """, arguments: [now] + arguments)
        let removed = try Int64.fetchAll(
            db, sql: "DELETE FROM entry WHERE \(condition) RETURNING search_key",
            arguments: arguments)
        for key in removed { try unindex(db, key: key) }
        return !removed.isEmpty
    }

    public func trashedEntries(limit: Int) throws -> [TrashedEntry] {
        try database.read { db in
            var trashed: [TrashedEntry] = []
            try EntryRow.forEach(
                db,
                """
                SELECT \(EntryRow.columns), removed_at FROM trash
                ORDER BY removed_at DESC, id DESC LIMIT ?
                """, arguments: [max(0, limit)]
            ) { entry, row in
                trashed.append(
                    TrashedEntry(
                        entry: entry.entry,
                        removedAt: Date(timeIntervalSinceReferenceDate: row["removed_at"])))
            }
            return trashed
        }
    }

    public func restoreFromTrash(id: Entry.ID) throws -> Entry {
        try database.write { db in
            guard
                let row = try EntryRow.first(
                    db, "SELECT \(EntryRow.columns) FROM trash WHERE id = ?",
                    arguments: [Self.key(id)])
            else { throw DiaryError.unknownEntry(id) }
            let starred =
                try Bool.fetchOne(
                    db, sql: "SELECT starred FROM trash WHERE id = ?", arguments: [Self.key(id)])
                ?? false
            try Self.index(db, key: try Self.upsert(db, row.entry), text: row.entry.text)
            if starred {
                try db.execute(
                    sql: "UPDATE entry SET starred = 1 WHERE id = ?", arguments: [Self.key(id)])
            }
            return row.entry
        }
    }

    public func emptyTrash(removedBefore date: Date) throws -> Int {
        try database.write { db in
            try db.execute(
                sql: "DELETE FROM trash WHERE removed_at < ?",
                arguments: [date.timeIntervalSinceReferenceDate])
            let emptied = db.changesCount
            if emptied > 0 {
                try db.execute(
                    sql: """
                        DELETE FROM entry_photo WHERE entry_id NOT IN (SELECT id FROM entry)
                            AND entry_id NOT IN (SELECT id FROM trash)
                        """)
                try Self.dropUnusedPhotos(db)
            }
            return emptied
        }
    }

    /// Drops the photos no entry has.
    private static func dropUnusedPhotos(_ db: Database) throws {
        try db.execute(
            sql: "DELETE FROM photo WHERE id NOT IN (SELECT photo_id FROM entry_photo)")
    }

    public func addPhoto(_ photo: EntryPhotoFile, alt: String, toEntry id: Entry.ID) throws
        -> Bool
    {
        try database.write { db in
            guard try Self.row(db, id: id) != nil else { throw DiaryError.unknownEntry(id) }
            try db.execute(sql: "UPDATE revision SET value = value + 1")
            try db.execute(
                sql: "UPDATE entry_photo SET alt = ? WHERE entry_id = ? AND photo_id = ?",
                arguments: [alt, Self.key(id), photo.id])
            guard db.changesCount == 0 else { return false }
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM entry_photo WHERE entry_id = ?",
                    arguments: [Self.key(id)]) ?? 0
            guard count < DiaryPhotoLimits.mostPerEntry else {
                throw DiaryPhotoError.tooMany(limit: DiaryPhotoLimits.mostPerEntry)
            }
            try PhotoRow(photo).insert(db, onConflict: .ignore)
            try db.execute(
                sql: """
                    INSERT INTO entry_photo (entry_id, photo_id, position, alt)
                    SELECT ?, ?, IFNULL(MAX(position), 0) + 1, ? FROM entry_photo WHERE entry_id = ?
                    """, arguments: [Self.key(id), photo.id, alt, Self.key(id)])
            return true
        }
    }

    public func photos(ofEntry id: Entry.ID) throws -> [EntryPhoto] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT entry_photo.photo_id, entry_photo.alt, photo.small_width,
                        photo.small_height
                    FROM entry_photo JOIN photo ON photo.id = entry_photo.photo_id
                    WHERE entry_photo.entry_id = ? ORDER BY entry_photo.position
                    """, arguments: [Self.key(id)]
            ).map {
                EntryPhoto(
                    id: $0["photo_id"], alt: $0["alt"], smallWidth: $0["small_width"],
                    smallHeight: $0["small_height"])
            }
        }
    }

    public func photosOfEveryEntry() throws -> [Entry.ID: [EntryPhoto]] {
        try database.read { db in
            var all: [Entry.ID: [EntryPhoto]] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT entry_photo.entry_id, entry_photo.photo_id, entry_photo.alt,
                        photo.small_width, photo.small_height
                    FROM entry_photo JOIN photo ON photo.id = entry_photo.photo_id
                    WHERE entry_photo.entry_id IN (SELECT id FROM entry)
                    ORDER BY entry_photo.entry_id, entry_photo.position
                    """)
            while let row = try rows.next() {
                guard let id = EntryIDText.id(from: row["entry_id"]) else { continue }
                all[id, default: []].append(
                    EntryPhoto(
                        id: row["photo_id"], alt: row["alt"], smallWidth: row["small_width"],
                        smallHeight: row["small_height"]))
            }
            return all
        }
    }

    public func photoFile(id photoID: String) throws -> EntryPhotoFile? {
        try database.read { db in try PhotoRow.fetchOne(db, key: photoID)?.photo }
    }

    public func removePhoto(id photoID: String, fromEntry id: Entry.ID) throws -> Bool {
        try database.write { db in
            try db.execute(
                sql: "DELETE FROM entry_photo WHERE entry_id = ? AND photo_id = ?",
                arguments: [Self.key(id), photoID])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "UPDATE revision SET value = value + 1")
            try Self.dropUnusedPhotos(db)
            return true
        }
    }

    public func entry(id: Entry.ID) throws -> Entry? {
        try database.read { db in try Self.row(db, id: id)?.entry }
    }

    public func newestEntries(limit: Int, offset: Int) throws -> [Entry] {
        try database.read { db in
            var entries: [Entry] = []
            try EntryRow.forEach(
                db, "\(Self.newest) LIMIT ? OFFSET ?", arguments: [max(0, limit), max(0, offset)]
            ) { entries.append($0.entry) }
            return entries
        }
    }

    /// Seeks to the position in the index on (date, id).
    public func newestEntries(limit: Int, after cursor: DiaryCursor?) throws -> [Entry] {
        guard let cursor else { return try newestEntries(limit: limit, offset: 0) }
        return try database.read { db in
            var entries: [Entry] = []
            try EntryRow.forEach(
                db,
                """
                SELECT \(EntryRow.columns) FROM entry WHERE (date, id) < (?, ?)
                ORDER BY date DESC, id DESC LIMIT ?
                """,
                arguments: [
                    cursor.date.timeIntervalSinceReferenceDate, Self.key(cursor.id),
                    max(0, limit),
                ]
            ) { entries.append($0.entry) }
            return entries
        }
    }

    /// Seeks to the position in the index on (date, id), reading towards the top.
    public func newerEntries(limit: Int, before cursor: DiaryCursor) throws -> [Entry] {
        try database.read { db in
            var entries: [Entry] = []
            try EntryRow.forEach(
                db,
                """
                SELECT \(EntryRow.columns) FROM entry WHERE (date, id) > (?, ?)
                ORDER BY date ASC, id ASC LIMIT ?
                """,
                arguments: [
                    cursor.date.timeIntervalSinceReferenceDate, Self.key(cursor.id),
                    max(0, limit),
                ]
            ) { entries.append($0.entry) }
            return entries.reversed()
        }
    }

    /// Finds the words in the full-text index and seeks the dates in the index on (date, id).
    public func newestEntries(
        matching query: DiaryQuery, limit: Int, after cursor: DiaryCursor?
    ) throws -> [Entry] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let search = query.search {
            conditions.append(
                "search_key IN (SELECT rowid FROM entry_search WHERE entry_search MATCH ?)")
            _ = arguments.append(contentsOf: [Self.match(search)])
        }
        for tag in query.tags {
            conditions.append("search_key IN (SELECT search_key FROM entry_tag WHERE tag = ?)")
            _ = arguments.append(contentsOf: [tag])
        }
        if query.starredOnly { conditions.append("starred = 1") }
        if let from = query.from {
            conditions.append("date >= ?")
            _ = arguments.append(contentsOf: [from.timeIntervalSinceReferenceDate])
        }
        if let before = query.before {
            conditions.append("date < ?")
            _ = arguments.append(contentsOf: [before.timeIntervalSinceReferenceDate])
        }
        if let cursor {
            conditions.append("(date, id) < (?, ?)")
            _ = arguments.append(contentsOf: [
                cursor.date.timeIntervalSinceReferenceDate, Self.key(cursor.id),
            ])
        }
        _ = arguments.append(contentsOf: [max(0, limit)])
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try database.read { db in
            var entries: [Entry] = []
            try EntryRow.forEach(
                db,
                """
                SELECT \(EntryRow.columns) FROM entry \(filter)
                ORDER BY date DESC, id DESC LIMIT ?
                """, arguments: arguments
            ) { entries.append($0.entry) }
            return entries
        }
    }

    /// The star is a column of the entry's row: saves keep it, a removal takes it away.
    public func setStarred(_ starred: Bool, id: Entry.ID) throws {
        try database.write { db in
            try db.execute(
                sql: "UPDATE entry SET starred = ? WHERE id = ?",
                arguments: [starred ? 1 : 0, Self.key(id)])
            guard db.changesCount == 1 else { throw DiaryError.unknownEntry(id) }
        }
    }

    public func starred(among ids: [Entry.ID]) throws -> Set<Entry.ID> {
        guard !ids.isEmpty else { return [] }
        return try database.read { db in
            var starred: Set<Entry.ID> = []
            // A few hundred at a time, within SQLite's limit on a statement's arguments.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = ids[start..<min(start + 500, ids.count)]
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let keys = try String.fetchAll(
                    db, sql: "SELECT id FROM entry WHERE starred = 1 AND id IN (\(marks))",
                    arguments: StatementArguments(chunk.map(Self.key)))
                starred.formUnion(keys.compactMap(EntryIDText.id(from:)))
            }
            return starred
        }
    }

    /// Counted in the index of tags.
    public func tagCounts() throws -> [DiaryTagCount] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT tag, COUNT(*) AS count FROM entry_tag GROUP BY tag
                    ORDER BY count DESC, tag
                    """
            ).map { DiaryTagCount(tag: $0["tag"], count: $0["count"]) }
        }
    }

    /// `search` as an FTS5 query: each phrase quoted (its words hold only letters and digits),
    /// `*` after a phrase whose last word is a start, the phrases side by side (all of them).
    static func match(_ search: DiarySearch) -> String {
        search.phrases.map { phrase in
            "\"" + phrase.words.joined(separator: " ") + "\"" + (phrase.lastIsPrefix ? "*" : "")
        }.joined(separator: " ")
    }

    /// One query read row by row, in one read transaction: a consistent listing however long,
    /// holding one entry at a time.
    public func forEachNewestEntry(limit: Int, _ body: (Entry) throws -> Void) throws {
        try database.read { db in
            try EntryRow.forEach(db, "\(Self.newest) LIMIT ?", arguments: [max(0, limit)]) {
                try body($0.entry)
            }
        }
    }

    public func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] {
        // Ids hold only 0-9, a-f and '-', all below '~': a range over the primary key's index.
        try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM entry WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                arguments: [prefix, prefix + "~", max(0, limit)])
        }.compactMap(UUID.init(uuidString:))
    }

    public func count() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry") ?? 0 }
    }

    /// One cached statement outside a transaction: a single SELECT is atomic on its own, and
    /// this is read on every view of the list.
    public func revision() throws -> Int {
        try database.unsafeRead { db in
            try Int.fetchOne(try db.cachedStatement(sql: "SELECT value FROM revision")) ?? 0
        }
    }

    private static func key(_ id: Entry.ID) -> String {
        EntryIDText.text(of: id)
    }

    /// Every entry, newest first.
    private static let newest = "SELECT \(EntryRow.columns) FROM entry ORDER BY date DESC, id DESC"

    /// The row of the entry with `id`, if there is one.
    private static func row(_ db: Database, id: Entry.ID) throws -> EntryRow? {
        try EntryRow.first(
            db, "SELECT \(EntryRow.columns) FROM entry WHERE id = ?", arguments: [key(id)])
    }
}
